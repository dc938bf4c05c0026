import { createHmac, randomBytes } from 'node:crypto'
import type { ResultsStorage } from '../storage/storage-contract.server.ts'

/**
 * The one way anything stored is keyed on a client (issues 30, 37): an HMAC-SHA256, keyed with a day's
 * random salt, of the client's parts (its address, its user agent…). A salt belongs to one time zone's
 * calendar day: a site's visitors are keyed with the salt of the site's own day (a visitor at 23:30 in
 * Los Angeles is the same visitor all that Los Angeles day, though it is the next day in UTC), the
 * rate limits with UTC's. The salt is kept in the storage for its day only (shared by every instance),
 * and deleted, with every once-key made under it, once that day is over where it is (the sweep, every
 * minute, and this process's copy with it): a key stored then can no longer be linked to an address by
 * anyone, us included. Nothing stores an address or a user agent itself.
 */

/** The calendar day (YYYY-MM-DD) of a time in `timeZone` (the server's own by default): a site's days are its time zone's. */
export function calendarDay(timeZone?: string): (time: number) => string {
  const key = timeZone ?? ''
  let format = dayFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
    // One per zone for the process, not one per site: thousands of sites share a few zones (a formatter is heavy).
    if (dayFormats.size < MAX_DAY_FORMATS) dayFormats.set(key, format)
  }
  return (time) => format.format(time)
}
/** More than every IANA zone: the sites' zones are checked names, so this never drops one in practice. */
const MAX_DAY_FORMATS = 1000
const dayFormats = new Map<string, Intl.DateTimeFormat>()

const HOUR_MS = 3_600_000

/** The end of `day` in `timeZone`: the first instant at which the date there is a later one (epoch ms). */
export function dayEnd(timeZone: string, day: string): number {
  const dayOf = calendarDay(timeZone)
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  // Every zone's day ends between 14 hours before and 12 hours after UTC's: the first instant past it, found by halving.
  let before = Date.UTC(year, month - 1, date + 1) - 15 * HOUR_MS
  let after = Date.UTC(year, month - 1, date + 1) + 13 * HOUR_MS
  while (after - before > 1) {
    const middle = Math.floor((before + after) / 2)
    if (dayOf(middle) > day) after = middle
    else before = middle
  }
  return after
}

/** The rate limits' days: their keys need not follow any site's. */
export const RATE_LIMIT_ZONE = 'UTC'

export interface DayKeysOptions {
  /** Where the days' salts are kept (the results' salts table). */
  salts: Pick<ResultsStorage, 'salt' | 'sweep'>
  now?: () => number
}

export type DayKeys = ReturnType<typeof createDayKeys>
/** The keys of one time zone's days: a site's. */
export type ZoneKeys = ReturnType<DayKeys['inZone']>

export function createDayKeys({ salts, now = Date.now }: DayKeysOptions) {
  /** This process's copy of each zone's salt of the day, asked from storage once a day (and forgotten when the day is over). */
  const held = new Map<string, { day: string; expiresAt: number; value: Promise<string> }>()

  function saltOf(zone: string, day: string): Promise<string> {
    const known = held.get(zone)
    if (known?.day === day) return known.value
    const expiresAt = dayEnd(zone, day)
    const value = salts.salt(zone, day, expiresAt, () => randomBytes(32).toString('base64url'))
    held.set(zone, { day, expiresAt, value })
    value.catch(() => held.get(zone)?.value === value && held.delete(zone)) // asked again next time
    return value
  }

  /** An opaque key of `zone`'s `day` for these parts: the same all that day for the same parts, unlinkable to them once it is over. */
  async function key(zone: string, day: string, ...parts: string[]): Promise<string> {
    return createHmac('sha256', await saltOf(zone, day))
      .update(parts.join('\0'))
      .digest('base64url')
      .slice(0, 22)
  }

  const rateLimitDay = calendarDay(RATE_LIMIT_ZONE)

  return {
    now,
    /** The days of `timeZone` (a site's): today there, and a visitor of that day. */
    inZone(timeZone: string) {
      const dayOf = calendarDay(timeZone)
      return {
        timeZone,
        today: () => dayOf(now()),
        /** A visitor of a site on `day`: its address and user agent (the results' visitor, the visit counter's once-a-day key). */
        visitor: (day: string, site: string, clientIp: string, userAgent: string) =>
          key(timeZone, day, 'visitor', site, clientIp, userAgent),
      }
    },
    /** A client's rate-limit key today (UTC's day): `kind` (contact, visits, results) and its address (or its IPv6 /64). */
    client: async (kind: string, address: string) => `${kind}:${await key(RATE_LIMIT_ZONE, rateLimitDay(now()), kind, address)}`,
    /** Deletes the salts (and their once-keys) of days that are over, and forgets this process's copies of them. */
    async sweep(): Promise<number> {
      const at = now()
      for (const [zone, { expiresAt }] of held) if (expiresAt <= at) held.delete(zone)
      return salts.sweep(at)
    },
  }
}
