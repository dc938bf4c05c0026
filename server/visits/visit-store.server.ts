import { isbot } from 'isbot'
import type { VisitCounts, VisitStorage } from '#server/storage/storage.server.ts'

/** Page views of one site per day and in total. Days are calendar days in `timeZone` (the server's own by default). */
export type { VisitCounts }

export interface VisitStoreOptions {
  /** SQLite or PostgreSQL (server/storage/). */
  storage: VisitStorage
  site: string
  timeZone?: string
  now?: () => number
}

export type VisitStore = ReturnType<typeof createVisitStore>

/** No real browser omits its user agent, so an empty one is treated like a bot. */
export const isCountableVisitor = (userAgent: string | null | undefined) => Boolean(userAgent?.trim()) && !isbot(userAgent)

export function createVisitStore({ storage, site, timeZone, now = Date.now }: VisitStoreOptions) {
  const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
  const dayKey = () => dayFormat.format(now())
  const counts = (): Promise<VisitCounts> => storage.counts(site, dayKey())

  return {
    counts,
    /** Counts one page view unless the visitor is a bot; answers the counts either way. */
    async recordView(userAgent: string | null | undefined): Promise<VisitCounts & { counted: boolean }> {
      if (!isCountableVisitor(userAgent)) return { ...(await counts()), counted: false }
      return { ...(await storage.countView(site, dayKey())), counted: true }
    },
  }
}
