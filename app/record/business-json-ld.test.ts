import { expect, test } from 'vitest'
import { businessJsonLd, openingHours, serializeJsonLd } from './business-json-ld.ts'
import { parsePageRecord } from './schema.ts'

test.each([
  ['Monday - Saturday', '7:00 AM - 6:00 PM', 'Mo-Sa 07:00-18:00'],
  ['Mon - Fri', '8 AM - 5 PM', 'Mo-Fr 08:00-17:00'],
  ['Monday to Friday', '12:30 PM – 9:00 PM', 'Mo-Fr 12:30-21:00'],
  ['Saturday', '09:00 - 13:00', 'Sa 09:00-13:00'],
])('opening hours from "%s" and "%s"', (days, hours, expected) => {
  expect(openingHours(days, hours)).toBe(expected)
})

test.each([
  ['24/7', '7 AM - 6 PM'],
  ['Monday - Friday', 'all day'],
  ['', ''],
])('no opening hours from "%s" and "%s"', (days, hours) => {
  expect(openingHours(days, hours)).toBeNull()
})

test('describes the business with absolute URLs, +1 phone and served areas', () => {
  const record = parsePageRecord({
    dbPrincipal: {
      name: 'Acme',
      logo: '/demo/images/logo.webp',
      phones: [{ phone: '303-555-0142' }],
      location: [{ address: '1 Main St, Boulder, CO' }, { address: '2 Oak Ave, Louisville, CO' }],
      workdays: [{ day: 'Mon - Sat' }],
      workHours: [{ hour: '7 AM - 6 PM' }],
    },
    gallery: ['https://img.example/a.jpg'],
    dbSocialMedia: { redes: [{ url: 'https://facebook.com/acme' }] },
  })
  expect(businessJsonLd(record, 'https://acme.example')).toEqual({
    '@context': 'https://schema.org',
    '@type': ['GeneralContractor', 'HomeAndConstructionBusiness'],
    name: 'Acme',
    url: 'https://acme.example/',
    logo: 'https://acme.example/demo/images/logo.webp',
    image: 'https://img.example/a.jpg',
    telephone: '+13035550142',
    address: '1 Main St, Boulder, CO',
    areaServed: [
      { '@type': 'Place', name: '1 Main St, Boulder, CO' },
      { '@type': 'Place', name: '2 Oak Ave, Louisville, CO' },
    ],
    openingHours: 'Mo-Sa 07:00-18:00',
    sameAs: ['https://facebook.com/acme'],
  })
  expect(businessJsonLd(parsePageRecord({}), 'https://acme.example')).toBeNull()
})

test('the telephone is the first number that can be dialled; one too short to dial is left out', () => {
  const telephone = (...phones: string[]) =>
    businessJsonLd(parsePageRecord({ dbPrincipal: { name: 'Acme', phones: phones.map((phone) => ({ phone })) } }), 'https://a.example')
      ?.telephone
  expect(telephone('555')).toBeUndefined()
  expect(telephone('555', 'call us', '555-555-5555')).toBe('+15555555555')
  expect(telephone('+1 (303) 555.0142')).toBe('+13035550142')
})

test('serialised JSON-LD cannot close its script element', () => {
  const json = serializeJsonLd({ name: '</script><script>alert(1)</script>' })
  expect(json).not.toContain('<')
  expect(JSON.parse(json).name).toBe('</script><script>alert(1)</script>')
})

test('100 KB day and hour texts built to backtrack are answered at once (linear patterns)', () => {
  expect(openingHours(`Monday${' '.repeat(100_000)}x`, `7:00 AM${' '.repeat(100_000)}`)).toBeNull()
  expect(openingHours('-'.repeat(100_000), ' - '.repeat(33_000))).toBeNull()
  expect(openingHours('Monday to Saturday', '7:00 AM – 6:00 PM')).toBe('Mo-Sa 07:00-18:00')
})
