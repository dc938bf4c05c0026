import type { PageRecord } from './schema.ts'
import { formatCount } from './statistics.ts'

/** Spec §9: the location list appears only with more than two locations. */
export const COVERAGE_LIST_MIN_LOCATIONS = 3
/** Spec §9: the embedded map is 500 px tall. */
export const MAP_FRAME_HEIGHT_PX = 500

type Location = PageRecord['dbPrincipal']['location'][number]

/** 'We Cover {miles} Miles Around {first address}', unless the record names the map itself. */
export function coverageTitle(customTitle: string, miles: number | null, locations: readonly Location[]): string {
  if (customTitle.trim()) return customTitle.trim()
  const address = locations[0]?.address.trim() ?? ''
  // Without miles or an address the spec's sentence would have a hole in it.
  if (miles && address) return `We Cover ${formatCount(miles)} Miles Around ${address}`
  if (address) return `We Cover The Area Around ${address}`
  return 'Our Service Area'
}

export function coverageLocations(locations: readonly Location[]): Location[] {
  const named = locations.filter((l) => l.address.trim())
  return named.length >= COVERAGE_LIST_MIN_LOCATIONS ? named : []
}
