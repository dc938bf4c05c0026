export interface Coordinates {
  latitude: number
  longitude: number
}

const NUMBER = String.raw`(-?\d{1,3}(?:\.\d+)?)`
/** Google Maps embed URLs carry `!2d{lon}!3d{lat}`; share/place URLs carry `@lat,lon`. */
const EMBED_PATTERN = new RegExp(String.raw`!2d${NUMBER}!3d${NUMBER}`)
const AT_PATTERN = new RegExp(String.raw`@${NUMBER},${NUMBER}`)

function valid(latitude: number, longitude: number): Coordinates | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null
  return { latitude, longitude }
}

export function coordinatesFromMapUrl(mapUrl: string): Coordinates | null {
  let url = mapUrl
  try {
    url = decodeURIComponent(mapUrl)
  } catch {
    // a malformed escape: search the URL as it is
  }
  const embed = EMBED_PATTERN.exec(url)
  if (embed) return valid(Number(embed[2]), Number(embed[1]))
  const at = AT_PATTERN.exec(url)
  if (at) return valid(Number(at[1]), Number(at[2]))
  return null
}

export interface GeocodingQuery {
  name: string
  countryCode?: string
}

const COUNTRY = /^(usa?|united states( of america)?)$/i
const STATE_ZIP_PART = /^[a-z]{2}(\s+\d{5}(-\d{4})?)?$|^\d{5}(-\d{4})?$/i
// The look-behind starts a match only at the first space of a run, so a long run of spaces costs linear time.
const TRAILING_STATE_ZIP = /(?<!\s)\s+(?:[a-z]{2}\s+)?(\d{5})(?:-\d{4})?$/i

/**
 * Open-Meteo's geocoding matches place names and postal codes, not street addresses, so
 * "123 Main St, Denver, CO 80202" is searched as "Denver", then as "80202".
 */
export function geocodingQueries(address: string): GeocodingQuery[] {
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  let us = false
  if (parts.length > 1 && COUNTRY.test(parts.at(-1)!)) {
    parts.pop()
    us = true
  }
  let zip = /(\d{5})(?:-\d{4})?$/.exec(parts.at(-1) ?? '')?.[1]
  if (parts.length > 1 && STATE_ZIP_PART.test(parts.at(-1)!)) {
    parts.pop()
    us = true
  }
  let city = parts.length > 1 || !/^\d/.test(parts[0] ?? '') ? parts.at(-1) : undefined
  if (city && TRAILING_STATE_ZIP.test(city)) {
    zip ??= TRAILING_STATE_ZIP.exec(city)![1]
    city = city.replace(TRAILING_STATE_ZIP, '')
  }
  if (zip) us = true
  const names = [...new Set([city, zip].filter((n): n is string => Boolean(n && n.length >= 2)))]
  return names.map((name) => (us ? { name, countryCode: 'US' } : { name }))
}
