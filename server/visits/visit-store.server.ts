import { isbot } from 'isbot'
import type { RateLimitStorage, VisitCounts, VisitStorage } from '#server/storage/storage-contract.server.ts'
import type { DayKeys } from '#server/visits/day-keys.server.ts'

/** Page views of one site per day and in total. Days are calendar days in the site's `timeZone`. */
export type { VisitCounts }

export interface VisitStoreOptions {
  /** SQLite or PostgreSQL (server/storage/). */
  storage: VisitStorage
  site: string
  /** Remembers which clients were counted today, so one client counts once a day however often it posts. */
  seen: RateLimitStorage
  /** A client of the day as an opaque key (the results' visitor): what `seen` remembers, never the address. */
  keys: DayKeys
  /** The site's time zone: its days. */
  timeZone: string
}

export type VisitStore = ReturnType<typeof createVisitStore>

/** No real browser omits its user agent, so an empty one is treated like a bot. */
export const isCountableVisitor = (userAgent: string | null | undefined) => Boolean(userAgent?.trim()) && !isbot(userAgent)

const DAY_MS = 24 * 3600 * 1000

export function createVisitStore({ storage, site, seen, keys, timeZone }: VisitStoreOptions) {
  const zone = keys.inZone(timeZone)
  const dayKey = zone.today
  const counts = (): Promise<VisitCounts> => storage.counts(site, dayKey())

  return {
    counts,
    /** Counts one visit per client (address and user agent) and day, bots never; answers the counts either way. */
    async recordView(userAgent: string | null | undefined, client: string): Promise<VisitCounts & { counted: boolean }> {
      if (!isCountableVisitor(userAgent)) return { ...(await counts()), counted: false }
      const day = dayKey()
      const { hits } = await seen.hit(`visit:${await zone.visitor(day, site, client, userAgent!)}`, keys.now(), DAY_MS)
      if (hits > 1) return { ...(await counts()), counted: false }
      return { ...(await storage.countView(site, day)), counted: true }
    },
  }
}
