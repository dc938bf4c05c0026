import { expect, test } from 'vitest'
import { dialNumber, dialString, readPhone } from './phone-numbers.ts'
import { telHref, whatsappHref } from './contact-links.ts'
import { firstPhone, headerPhone, phoneViews } from './record-phones.ts'
import { parsePageRecord } from './schema.ts'

test.each([
  ['303-555-0142', '+13035550142'],
  ['(303) 555 0142', '+13035550142'],
  ['303.555.0142', '+13035550142'],
  ['3035550142', '+13035550142'],
  ['1-303-555-0142', '+13035550142'],
  ['+1 (303) 555-0142', '+13035550142'],
  [' +1 303 555 0142 ', '+13035550142'],
  ['+1-303-555-0142', '+13035550142'],
  // 555 numbers are what agencies type in demos and staging: the right length, so they are dialled.
  ['555-555-5555', '+15555555555'],
  ['1 555 555 5555', '+15555555555'],
  ['303.555.0142 ext', '+13035550142'],
  ['303-555-0142 ext. 12', '+13035550142'],
  ['Office: 303-555-0142', '+13035550142'],
  // Another country, written with its +: judged for that country.
  ['+52 55 1234 5678', '+525512345678'],
  ['+44 20 7946 0958', '+442079460958'],
])('%j can be dialled: %s', (typed, e164) => {
  expect(dialNumber(typed)).toBe(e164)
})

test.each([
  '555', // the example: tel:+1555 dials nothing
  '555-0100', // 7 digits: a local number with no area code
  '303-555-01422', // one digit too many
  '+1 555',
  '0303 555 0142',
  'call us',
  '',
  '   ',
  '+1-800-FLOWERS',
  '3035550142 / 3035550143',
])('%j cannot be dialled', (typed) => {
  expect(dialNumber(typed)).toBe('')
})

test.each([
  // The extension apart: a phone dials the number, then offers the extension (RFC 3966), never dials 12 more digits.
  ['303-555-0199 ext. 12', '+13035550199;ext=12'],
  ['303-555-0199 x12', '+13035550199;ext=12'],
  ['(303) 555-0199 #12', '+13035550199;ext=12'],
  ['+1 303 555 0199 extension 5', '+13035550199;ext=5'],
  // The ways out of a country: the US's 011, most of the world's 00, and +.
  ['011 44 20 7946 0958', '+442079460958'],
  ['00 44 20 7946 0958', '+442079460958'],
  ['0044 20 7946 0958', '+442079460958'],
  ['+44 20 7946 0958', '+442079460958'],
  ['303-555-0199', '+13035550199'],
  ['555', ''],
  ['0303 555 0142', ''],
])('%j is dialled as %j', (typed, dial) => {
  expect(dialString(typed)).toBe(dial)
  expect(dialNumber(typed)).toBe(dial.split(';')[0])
})

test('the extension is kept apart from the number', () => {
  expect(readPhone('303-555-0199 ext. 12')).toEqual({ number: '+13035550199', ext: '12' })
  expect(readPhone('303-555-0199')).toEqual({ number: '+13035550199', ext: '' })
  expect(readPhone('call us')).toBeNull()
})

test('a record phone with an extension: the site’s tel: link dials the number and offers the extension', () => {
  const record = parsePageRecord({ dbPrincipal: { phones: [{ phone: '303-555-0199 ext. 12', name: 'Office' }] } })
  expect(firstPhone(record).view?.dial).toBe('+13035550199;ext=12')
  expect(telHref(firstPhone(record).view!.dial)).toBe('tel:+13035550199;ext=12')
  expect(whatsappHref(firstPhone(record).view!.dial)).toBe('https://wa.me/13035550199')
})

test('10 000 digits cannot be dialled, and are answered at once', () => {
  const started = performance.now()
  expect(dialNumber('3'.repeat(10_000))).toBe('')
  expect(performance.now() - started).toBeLessThan(100)
})

test('the record phones: each as typed with its number to dial, the first that can be dialled, and the header bar’s', () => {
  const record = parsePageRecord({
    dbPrincipal: {
      phones: [
        { phone: '  ', name: 'Blank' },
        { phone: '555', name: 'Yard' },
        { phone: '720-555-0199', name: 'Office' },
      ],
    },
  })
  expect(phoneViews(record)).toEqual([
    { phone: '555', name: 'Yard', dial: '' },
    { phone: '720-555-0199', name: 'Office', dial: '+17205550199' },
  ])
  expect(firstPhone(record).view).toEqual({ phone: '720-555-0199', name: 'Office', dial: '+17205550199' })
  expect(headerPhone(record)).toEqual(firstPhone(record).view)

  const short = parsePageRecord({ dbPrincipal: { phones: [{ phone: '555', name: 'Yard' }] } })
  expect(firstPhone(short).view).toBeNull()
  expect(headerPhone(short)).toEqual({ phone: '555', name: 'Yard', dial: '' })
  expect(firstPhone(parsePageRecord({})).reason).toMatchObject({ why: 'no phone number', asked: false })
})
