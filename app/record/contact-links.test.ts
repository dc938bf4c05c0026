import { expect, test } from 'vitest'
import { callToAction, DEFAULT_CTA_LABEL, internationalPhone, telHref, whatsappHref } from './contact-links.ts'

test.each([
  ['303-555-0142', '+13035550142'],
  ['(303) 555 0142', '+13035550142'],
  ['303.555.0142 ext', '+13035550142'],
  // Already carrying the country code: the 1 is never doubled.
  ['1-303-555-0142', '+13035550142'],
  ['+1 (303) 555-0142', '+13035550142'],
  [' +1 303 555 0142', '+13035550142'],
  // Another country, written with its +: kept as given.
  ['+52 55 1234 5678', '+525512345678'],
  ['', ''],
  ['n/a', ''],
])('international form of %j is %j', (phone, international) => {
  expect(internationalPhone(phone)).toBe(international)
})

test('tel links carry the +1 prefix once and digits only', () => {
  expect(telHref('303-555-0142')).toBe('tel:+13035550142')
  expect(telHref('(303) 555 0142')).toBe('tel:+13035550142')
  expect(telHref('1-303-555-0142')).toBe('tel:+13035550142')
  expect(telHref('+1 303-555-0142')).toBe('tel:+13035550142')
})

test('the chat-app link removes every dash and adds country code 1, once', () => {
  expect(whatsappHref('303-555-0142')).toBe('https://wa.me/13035550142')
  expect(whatsappHref('1-303-555-0142')).toBe('https://wa.me/13035550142')
  expect(whatsappHref('+1 (303) 555-0142')).toBe('https://wa.me/13035550142')
  expect(whatsappHref('+52 55 1234 5678')).toBe('https://wa.me/525512345678')
  expect(whatsappHref('303-555-0142', 'Hi & hello?')).toBe('https://wa.me/13035550142?text=Hi%20%26%20hello%3F')
})

test('the call-to-action calls when there is a phone, else follows the given link, else /contact', () => {
  expect(callToAction({ phone: '303-555-0142' })).toEqual({ href: 'tel:+13035550142', label: DEFAULT_CTA_LABEL })
  expect(callToAction({ link: '/gallery' }).href).toBe('/gallery')
  expect(callToAction({}).href).toBe('/contact')
  expect(callToAction({ phone: 'n/a' }).href).toBe('/contact')
  expect(callToAction({ label: 'Call now' }).label).toBe('Call now')
  expect(DEFAULT_CTA_LABEL).toBe('free estimate')
})
