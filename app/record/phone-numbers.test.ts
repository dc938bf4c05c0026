import { expect, test } from 'vitest'
import { dialNumber } from './phone-numbers.ts'
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
