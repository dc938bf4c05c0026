import type { LeadStore } from '#server/leads/lead-store.server.ts'

/**
 * Everything the site writes: leads and their relay outbox, visit counts, and rate-limit counters.
 * SQLite files under DATA_DIR by default (one instance); PostgreSQL when DATABASE_URL is set, so
 * any number of instances share one outbox, one count and one limit. Chosen once, at start-up.
 */

export interface VisitCounts {
  today: number
  total: number
}

/** Page views per site and calendar day; the caller owns the day key (it knows the time zone). */
export interface VisitStorage {
  counts(site: string, day: string): Promise<VisitCounts>
  /** Adds one view and answers the counts that include it. */
  countView(site: string, day: string): Promise<VisitCounts>
  /** Every site's every day, to move counts to another storage. */
  allDays(): Promise<VisitDay[]>
  /** Copies a day from another storage; false (and nothing changed) when that site's day is already counted here. */
  importDay(day: VisitDay): Promise<boolean>
}

export interface VisitDay {
  site: string
  day: string
  views: number
}

/** Fixed-window hit counters (the contact form's per-client limit). Times are epoch milliseconds. */
export interface RateLimitStorage {
  /** One more hit in the key's current window, or the first of a new window when it has ended. */
  hit(key: string, now: number, windowMs: number): Promise<{ hits: number; resetAt: number }>
  /** Takes one hit back. */
  unhit(key: string): Promise<void>
  reset(key: string): Promise<void>
  /** Forgets windows that ended before `now`. */
  prune(now: number): Promise<void>
}

export interface Storage {
  kind: 'sqlite' | 'postgres'
  /** For logs: the data folder, or the database URL without its password. */
  location: string
  leads: LeadStore
  visits: VisitStorage
  rateLimits: RateLimitStorage
  close(): Promise<void>
}
