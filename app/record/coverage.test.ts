import { expect, test } from 'vitest'
import { spanish } from '#app/i18n/dictionaries.ts'
import { COVERAGE_LIST_MIN_LOCATIONS, MAP_FRAME_HEIGHT_PX, coverageLocations, coverageTitle, specCoverageTitle } from './coverage.ts'
import { parsePageRecord } from './schema.ts'

const locations = (n: number) =>
  parsePageRecord({
    dbPrincipal: {
      location: Array.from({ length: n }, (_, i) => ({ address: `Town ${i + 1}`, url: 'https://www.google.com/maps/embed?pb=1' })),
    },
  }).dbPrincipal.location

test('the heading names the miles and the FIRST address', () => {
  expect(coverageTitle('', 50, locations(3))).toBe('We Cover 50 Miles Around Town 1')
  expect(coverageTitle('', 1500, locations(1))).toBe('We Cover 1,500 Miles Around Town 1')
})

test('a custom map title (labels.general.titleMap) replaces the heading', () => {
  expect(coverageTitle('  Where We Work ', 50, locations(3))).toBe('Where We Work')
})

test('without miles or an address the heading still reads as a sentence', () => {
  expect(coverageTitle('', null, locations(1))).toBe('We Cover The Area Around Town 1')
  expect(coverageTitle('', 50, [])).toBe('Our Service Area')
})

test("on a Spanish page our fallbacks are Spanish; the spec's own sentence stays English", () => {
  const es = spanish!.esPage.sections
  expect(coverageTitle('', null, locations(1), es)).toBe('Cubrimos la zona de Town 1')
  expect(coverageTitle('', 50, [], es)).toBe('Nuestra zona de servicio')
  expect(coverageTitle('', 50, locations(1), es)).toBe('We Cover 50 Miles Around Town 1')
  expect(specCoverageTitle(50, locations(1))).toBe('We Cover 50 Miles Around Town 1')
  expect(specCoverageTitle(null, locations(1))).toBeNull()
})

test('the location list appears only with more than two locations', () => {
  expect(COVERAGE_LIST_MIN_LOCATIONS).toBe(3)
  expect(coverageLocations(locations(1))).toEqual([])
  expect(coverageLocations(locations(2))).toEqual([])
  expect(coverageLocations(locations(3)).map((l) => l.address)).toEqual(['Town 1', 'Town 2', 'Town 3'])
  expect(coverageLocations(locations(4))).toHaveLength(4)
})

test('the map frame is 500 px tall', () => {
  expect(MAP_FRAME_HEIGHT_PX).toBe(500)
})
