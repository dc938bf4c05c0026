import { describe, expect, test } from 'vitest'
import { coordinatesFromMapUrl, geocodingQueries } from './coordinates.ts'
import { compassPoint, describeWeatherCode } from './wmo-codes.ts'

describe('coordinates from a map URL', () => {
  test('reads !2d{lon}!3d{lat} from an embed URL', () => {
    const url = 'https://www.google.com/maps/embed?pb=!1m18!1m12!1m3!1d12272.5!2d-104.9903!3d39.7392!2m3!1f0!2f0!3f0'
    expect(coordinatesFromMapUrl(url)).toEqual({ latitude: 39.7392, longitude: -104.9903 })
  })

  test('reads @lat,lon from a place URL, also when percent-encoded', () => {
    expect(coordinatesFromMapUrl('https://www.google.com/maps/place/Denver/@39.7392,-104.9903,12z')).toEqual({
      latitude: 39.7392,
      longitude: -104.9903,
    })
    expect(coordinatesFromMapUrl('https://maps.example/?u=%4040.01%2C-105.27%2C10z')).toEqual({ latitude: 40.01, longitude: -105.27 })
  })

  test('answers null without coordinates or with impossible ones', () => {
    expect(coordinatesFromMapUrl('')).toBeNull()
    expect(coordinatesFromMapUrl('https://www.google.com/maps?q=Denver%2C+CO')).toBeNull()
    expect(coordinatesFromMapUrl('https://maps.example/@95.1,10.2,10z')).toBeNull()
    expect(coordinatesFromMapUrl('https://maps.example/%E0%A4%A')).toBeNull()
  })
})

describe('geocoding queries for an address', () => {
  test('a US street address is searched by city, then by ZIP code, within the US', () => {
    expect(geocodingQueries('1234 Main St, Denver, CO 80202')).toEqual([
      { name: 'Denver', countryCode: 'US' },
      { name: '80202', countryCode: 'US' },
    ])
    expect(geocodingQueries('1234 Main St, Denver, CO 80202, USA')).toEqual([
      { name: 'Denver', countryCode: 'US' },
      { name: '80202', countryCode: 'US' },
    ])
  })

  test('shorter forms', () => {
    expect(geocodingQueries('Denver, CO')).toEqual([{ name: 'Denver', countryCode: 'US' }])
    expect(geocodingQueries('Boulder')).toEqual([{ name: 'Boulder' }])
    expect(geocodingQueries('Aurora CO 80012')).toEqual([
      { name: 'Aurora', countryCode: 'US' },
      { name: '80012', countryCode: 'US' },
    ])
    expect(geocodingQueries('99 Elm Street Aurora CO 80012')).toEqual([{ name: '80012', countryCode: 'US' }])
    expect(geocodingQueries('   ')).toEqual([])
  })
})

test('WMO codes become plain descriptions, and degrees a compass point', () => {
  expect(describeWeatherCode(0)).toEqual({ description: 'Clear sky', kind: 'clear' })
  expect(describeWeatherCode(63)).toEqual({ description: 'Rain', kind: 'rain' })
  expect(describeWeatherCode(96).kind).toBe('storm')
  expect(describeWeatherCode(12345).description).toBe('Current conditions')
  expect([compassPoint(0), compassPoint(315), compassPoint(359), compassPoint(-90), compassPoint(undefined)]).toEqual([
    'N',
    'NW',
    'N',
    'W',
    null,
  ])
})

test('100 KB addresses built to backtrack are answered at once (linear patterns)', () => {
  expect(geocodingQueries(`Denver${' '.repeat(100_000)}x`)).toEqual([{ name: `Denver${' '.repeat(100_000)}x` }])
  expect(geocodingQueries(`Denver, ${'1'.repeat(100_000)}`)).toContainEqual({ name: '11111', countryCode: 'US' })
  expect(coordinatesFromMapUrl(`!2d${'1'.repeat(100_000)}`)).toBeNull()
  expect(geocodingQueries('12 Elm St, Denver CO 80202')).toEqual([
    { name: 'Denver', countryCode: 'US' },
    { name: '80202', countryCode: 'US' },
  ])
})
