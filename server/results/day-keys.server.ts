import { createHmac, randomBytes } from 'node:crypto'
import type { ResultsStorage } from '../storage/storage-contract.server.ts'

/**
 * The one way anything stored is keyed on a client (issue 30): an HMAC-SHA256, keyed with the day's
 * random salt, of the client's parts (its address, its user agent…). The salt lives in the storage
 * for that day only (shared by every instance) and is deleted when the next day's is made, so a key
 * stored yesterday can no longer be linked to an address by anyone, us included. Used by the results'
 * visitor, the visit counter's once-a-day key and the gate's rate-limit keys; nothing stores an
 * address or a user agent itself.
 */

/** The calendar day (YYYY-MM-DD) of a time in `timeZone` (the server's own by default): the visits counter's and the results'. */
export function calendarDay(timeZone?: string): (time: number) => string {
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  return (time) => format.format(time)
}

export interface DayKeysOptions {
  /** Where the day's salt is kept (the results' salts table). */
  salts: Pick<ResultsStorage, 'salt'>
  timeZone?: string
  now?: () => number
}

export type DayKeys = ReturnType<typeof createDayKeys>

export function createDayKeys({ salts, timeZone, now = Date.now }: DayKeysOptions) {
  const dayOf = calendarDay(timeZone)
  let salt: { day: string; value: Promise<string> } | undefined

  /** The day's salt, asked from storage once per day per process (making it deletes the days before). */
  function saltOf(day: string): Promise<string> {
    if (salt?.day !== day) {
      const value = salts.salt(day, () => randomBytes(32).toString('base64url'))
      salt = { day, value }
      value.catch(() => (salt = undefined)) // asked again next time
    }
    return salt.value
  }

  /** An opaque key of `day` for these parts: the same all day for the same parts, unlinkable to them once the day is over. */
  async function key(day: string, ...parts: string[]): Promise<string> {
    return createHmac('sha256', await saltOf(day))
      .update(parts.join('\0'))
      .digest('base64url')
      .slice(0, 22)
  }

  return {
    /** Today, in the time zone the keys are made in. */
    today: () => dayOf(now()),
    key,
    /** A visitor of a site on `day`: its address and user agent (the results' visitor, the visit counter's once-a-day key). */
    visitor: (day: string, site: string, clientIp: string, userAgent: string) => key(day, 'visitor', site, clientIp, userAgent),
    /** A client's rate-limit key today: `kind` (contact, visits, results) and its address. */
    client: async (kind: string, clientIp: string) => `${kind}:${await key(dayOf(now()), kind, clientIp)}`,
  }
}
