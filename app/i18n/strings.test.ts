import { expect, test } from 'vitest'
import { formatNumber, langOf } from './strings.ts'
import { widgetStrings } from './widget-strings.ts'

test("the record's language comes from its form labels", () => {
  expect(langOf({ isenglish: true })).toBe('en')
  expect(langOf({ isenglish: false })).toBe('es')
})

test('numbers are written as each language writes them in the US, where every phone of the spec is', () => {
  expect(formatNumber('en', 12345.5)).toBe('12,345.5')
  expect(formatNumber('es', 12345.5)).toBe('12,345.5')
  expect(formatNumber('es', 7)).toBe('7')
})

test("the weather panel's words: conditions by WMO code, compass points as Spanish abbreviates them", () => {
  expect(widgetStrings.en.weather.conditions[2]).toBe('Partly cloudy')
  expect(widgetStrings.es.weather.conditions[2]).toBe('Parcialmente nublado')
  expect(widgetStrings.es.weather.compassPoint('WSW')).toBe('OSO')
  expect(widgetStrings.es.weather.compassPoint('NE')).toBe('NE')
  expect(widgetStrings.en.weather.compassPoint('WSW')).toBe('WSW')
  expect(widgetStrings.es.widgets.wind('12', 'SSO')).toBe('Viento 12 mph del SSO')
  expect(widgetStrings.en.widgets.wind('12', null)).toBe('Wind 12 mph')
})

test('every weather code English names has a Spanish name too', () => {
  expect(Object.keys(widgetStrings.es.weather.conditions)).toEqual(Object.keys(widgetStrings.en.weather.conditions))
})
