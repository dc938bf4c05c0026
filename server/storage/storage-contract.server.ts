import type { LeadStore } from '#server/leads/lead-store.server.ts'
import type { Postgres } from './postgres-client.server.ts'

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

/**
 * Fixed-window hit counters (the contact form's per-client limit). Times are epoch milliseconds. A store the
 * fleet shares (PostgreSQL) measures windows on its own clock and ignores `now`: origins' clocks may disagree.
 */
export interface RateLimitStorage {
  /** One more hit in the key's current window, or the first of a new window when it has ended. */
  hit(key: string, now: number, windowMs: number): Promise<{ hits: number; resetAt: number }>
  /** Takes one hit back. */
  unhit(key: string): Promise<void>
  reset(key: string): Promise<void>
  /** Forgets windows that ended before `now`. */
  prune(now: number): Promise<void>
}

/** Phone or desktop (tablets count as desktop), from the user agent; nothing else of it is kept. */
export type Device = 'phone' | 'desktop'

/** One aggregate: a metric of a site's day, by label (a page, a source, a form) and device. */
export interface ResultCount {
  metric: string
  label: string
  device: Device
}

export interface ResultRow extends ResultCount {
  day: string
  n: number
}

/**
 * What the site brought in (issue 30): aggregates only, per site and day. The only per-visitor rows
 * are today's: the day's salt and the opaque keys that make a visitor count once, both deleted once
 * the day is over. Labels of the open-ended dimensions (pages, sources, campaigns) are admitted per
 * site and month up to a limit; the rest are counted as "other" by the caller.
 */
export interface ResultsStorage {
  /** The day's salt, made at its first use (the same for every instance); salts and once-keys of days before `day` are deleted. */
  salt(day: string, make: () => string): Promise<string>
  /** Whether `label` is counted as itself this month: already admitted, or admitted now while the dimension has fewer than `limit`. */
  admit(site: string, month: string, dimension: string, label: string, limit: number): Promise<boolean>
  /** Adds one to a count; with `once` (an opaque key of that day), only the first time that key comes. Answers whether it counted. */
  add(site: string, day: string, count: ResultCount, once?: string): Promise<boolean>
  /** A site's counts for days from `from` to `to` (inclusive, YYYY-MM-DD). */
  counts(site: string, from: string, to: string): Promise<ResultRow[]>
  /** Every site with a count. */
  sites(): Promise<string[]>
  /** Deletes counts of days, and labels of months, before `day` (retention: 25 months). */
  prune(day: string): Promise<void>
}

export interface Storage {
  kind: 'sqlite' | 'postgres'
  /** For logs: the data folder, or the database URL without its password. */
  location: string
  leads: LeadStore
  visits: VisitStorage
  results: ResultsStorage
  rateLimits: RateLimitStorage
  /** The fleet's record per provider endpoint: PostgreSQL only (one SQLite instance keeps its record on its own disk). */
  records?: RecordStorage
  /** PostgreSQL only: the process's one pool and listening connection, for the fleet's other parts (its pictures). */
  postgres?: Postgres
  close(): Promise<void>
}

/** The last good record the fleet holds for one provider endpoint, as fetched. */
export interface StoredRecord {
  /** The provider's answer as it came; null when the caller already holds this version. */
  body: string | null
  version: string
  /** ISO time of the fetch, on the database's clock (as the fetching origin reckoned it: its own, corrected by its last claim). */
  fetchedAt: string
  /** ORIGIN_NAME of the origin that fetched it. */
  fetchedBy: string
}

/**
 * One record per provider endpoint for every origin sharing the database (docs/decisions/041-fleet-record.md):
 * a lease says who fetches, the last good copy is kept, and a notification tells the others it changed.
 */
export interface RecordStorage {
  /**
   * Takes the endpoint's fetch lease for `leaseMs` (database clock) when it is free or ours and nearly over: `held`
   * when it is ours now, and the database's clock (`now`, epoch ms) it was decided on. With `yieldMs` (an origin that
   * cannot keep what it fetches), only a lease free for that long: the other origins go first.
   */
  claim(endpoint: string, holder: string, leaseMs: number, yieldMs?: number): Promise<{ held: boolean; now: number }>
  /** Ends the lease now if `holder` has it (it cannot keep what it fetches): the next origin to tick takes it. */
  release(endpoint: string, holder: string): Promise<void>
  /** Stores what the lease holder fetched and tells every listener; false when the lease has passed to another origin. */
  save(endpoint: string, holder: string, record: StoredRecord & { body: string }): Promise<boolean>
  /** The fleet's record (its body left out when it is `knownVersion`), or null when none was fetched yet. */
  load(endpoint: string, knownVersion: string | null): Promise<StoredRecord | null>
  /**
   * Calls `onSaved(endpoint)` whenever any origin saves a record, on one connection of its own that
   * reconnects by itself; `onConnection` hears it come (again: notifications may have been missed) and go.
   */
  listen(onSaved: (endpoint: string) => void, onConnection: (up: boolean, error?: string) => void): { close(): Promise<void> }
}
