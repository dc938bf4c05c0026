import type { PageRecord } from './schema.ts'
import { enPage, type PageStrings } from '#app/i18n/page-strings.ts'
import { formatCount } from './statistics.ts'

/** Spec §9: the location list appears only with more than two locations. */
export const COVERAGE_LIST_MIN_LOCATIONS = 3
/** Spec §9: the embedded map is 500 px tall. */
export const MAP_FRAME_HEIGHT_PX = 500

type Location = PageRecord['dbPrincipal']['location'][number]

/** The spec's English 'We Cover {miles} Miles Around {first address}', or null when it would have a hole in it. */
export function specCoverageTitle(miles: number | null, locations: readonly Location[]): string | null {
  const address = locations[0]?.address.trim() ?? ''
  return miles && address ? `We Cover ${formatCount(miles)} Miles Around ${address}` : null
}

/** The record's own map title, else the spec's sentence, else our words (in the page's language). */
export function coverageTitle(
  customTitle: string,
  miles: number | null,
  locations: readonly Location[],
  words: PageStrings['sections'] = enPage.sections,
): string {
  const address = locations[0]?.address.trim() ?? ''
  return customTitle.trim() || specCoverageTitle(miles, locations) || (address ? words.areaAround(address) : words.ourServiceArea)
}

export function coverageLocations(locations: readonly Location[]): Location[] {
  const named = locations.filter((l) => l.address.trim())
  return named.length >= COVERAGE_LIST_MIN_LOCATIONS ? named : []
}
