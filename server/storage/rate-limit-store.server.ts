import type { Options, Store } from 'express-rate-limit'
import type { RateLimitStorage } from './storage.server.ts'

/**
 * express-rate-limit's counters kept in our storage (SQLite, or PostgreSQL shared by every
 * instance, so the limit does not multiply with their number). See docs/decisions/040.
 */
export function storageRateLimitStore(counters: RateLimitStorage, { prefix = '', now = Date.now } = {}): Store {
  let windowMs = 60_000
  let prunedAt = 0
  const key = (client: string) => prefix + client

  return {
    localKeys: false,
    prefix,
    init(options: Options) {
      windowMs = options.windowMs
    },
    async increment(client) {
      const at = now()
      if (at - prunedAt >= windowMs) {
        prunedAt = at // ended windows are forgotten at most once a window per instance
        await counters.prune(at)
      }
      const { hits, resetAt } = await counters.hit(key(client), at, windowMs)
      return { totalHits: hits, resetTime: new Date(resetAt) }
    },
    decrement: (client) => counters.unhit(key(client)),
    resetKey: (client) => counters.reset(key(client)),
  }
}
