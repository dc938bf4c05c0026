import type { LeadStore } from '#server/storage/lead-store.server.ts'
import type { ConsoleStorage, Role } from '#server/storage/console-storage.ts'
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

/** The figures a bounded label (a page, a source, a campaign value) of a site's month holds. */
export const LABEL_FIGURES = ['visitors', 'views', 'actions', 'estimates', 'phone', 'chat', 'email', 'map'] as const
export type LabelFigure = (typeof LABEL_FIGURES)[number]
export type LabelFigures = Record<LabelFigure, number>

/** One label of a bounded dimension of a site's month, with its figures. */
export interface LabelRow extends LabelFigures {
  dimension: string
  label: string
}

/** What to add to one label: only `visitors` may bring a label in (see `ResultsStorage.record`). */
export interface LabelCount {
  dimension: string
  label: string
  figures: Partial<LabelFigures>
}

/**
 * A key of a visitor's day (a keyed hash made with the salt of `zone`'s `day`): a step with one
 * counts the first time it comes, or again once `againAfterMs` has passed since it last counted.
 * `data` rides along with the key, and goes with it (where the visitor's day began: its source and campaign).
 */
export interface OnceKey {
  zone: string
  key: string
  /** Now, epoch ms. */
  at: number
  againAfterMs?: number
  data?: string
}

/** One thing counted: under its once-key if it has one, day counts and label figures added together, or nothing. */
export interface CountStep {
  once?: OnceKey
  counts?: ResultCount[]
  labels?: LabelCount[]
}

/** The monthly report's delivery to a site's inbox, one per site and month across the fleet. */
export type ReportState = 'pending' | 'sent' | 'failed' | 'empty'
export interface ReportDelivery {
  site: string
  month: string
  state: ReportState
  attempts: number
  nextAttemptAt: number
  claimedBy: string | null
  claimedUntil: number
  lastError: string | null
  sentAt: number | null
}
/** How a claimed delivery ended: done (sent, failed for good, nothing to send), or to be tried again at `retryAt`. */
export type ReportOutcome =
  { state: 'sent' | 'failed' | 'empty'; at: number; error?: string } | { state: 'pending'; retryAt: number; error: string }

/**
 * What the site brought in (issues 30, 37): aggregates only. Day counts per site, day (the site's
 * own, in its time zone), metric, label and device; and per site and month, the bounded dimensions'
 * labels with their figures. The only per-visitor rows are the once-keys of days not over yet, each
 * under the salt of its time zone's day, and deleted with it.
 *
 * A bounded dimension keeps at most `labelLimit` labels per site and month, by visitors, not by
 * arrival: a new label comes in only with a visitor; when the dimension is full it pushes out the
 * label with the fewest visitors (of those, the one left alone longest), whose figures go to "(other)".
 * Figures for a label that is not kept go to "(other)". Labels in parentheses ("(other)", "(direct)"…)
 * are the counter's own few names: always kept, never counted toward the limit.
 */
export interface ResultsStorage {
  /** The salt of `zone`'s `day`, made at its first use (the same for every instance); it lives until `expiresAt` (epoch ms, the day's end). */
  salt(zone: string, day: string, expiresAt: number, make: () => string): Promise<string>
  /** Deletes the salts whose day is over at `now`, with their once-keys (and any once-key of a day over everywhere). Answers how many salts went. */
  sweep(now: number): Promise<number>
  /** The data kept with a once-key of `zone`'s `day`, or null (no such key, or none kept). */
  remembered(zone: string, day: string, key: string): Promise<string | null>
  /** Counts each step in one transaction, answering for each whether it counted (its once-key let it). */
  record(site: string, day: string, steps: CountStep[], options: { labelLimit: number; now: number }): Promise<boolean[]>
  /** A site's day counts for days from `from` to `to` (inclusive, YYYY-MM-DD). */
  counts(site: string, from: string, to: string): Promise<ResultRow[]>
  /** A site's labels of a month (YYYY-MM), every dimension. */
  labels(site: string, month: string): Promise<LabelRow[]>
  /** Every site with a count. */
  sites(): Promise<string[]>
  /** Deletes counts of days, and labels and deliveries of months, before `day` (retention: 25 months). */
  prune(day: string): Promise<void>
  /**
   * Takes a site's month's delivery for `leaseMs` when it is pending, due and not held by another
   * instance (made pending on its first claim); null when it is not this instance's to send now.
   */
  claimReport(site: string, month: string, holder: string, now: number, leaseMs: number): Promise<ReportDelivery | null>
  /** Ends a claim; false when the claim was no longer held (its lease passed to another instance). */
  settleReport(claim: ReportDelivery, outcome: ReportOutcome): Promise<boolean>
  reportDelivery(site: string, month: string): Promise<ReportDelivery | null>
  /** The site's share link token, or null when it has none. */
  shareToken(site: string): Promise<string | null>
  /** Keeps `token` as the site's share link token unless it has one already; answers the site's token. */
  makeShareToken(site: string, token: string, now: number): Promise<string>
  /** Forgets the site's share link token (its links stop working); false when it had none. */
  revokeShareToken(site: string): Promise<boolean>
  /** Some sites' daily sums of some metrics (all labels and devices) from `from` to `to` (inclusive): the console's Sites page. */
  dailyTotals(sites: string[], metrics: string[], from: string, to: string): Promise<DailyTotal[]>
}

export type DailyTotal = { site: string; day: string; metric: string; n: number }

export interface Storage {
  kind: 'sqlite' | 'postgres'
  /** For logs: the data folder, or the database URL without its password. */
  location: string
  leads: LeadStore
  visits: VisitStorage
  results: ResultsStorage
  rateLimits: RateLimitStorage
  /** The console's people, passkeys, sessions, invitations and activity (issue 35). */
  console: ConsoleStorage
  /** The registry of sites (issue 42): what is served when SITES_FILE is not set. */
  sites: SiteStorage
  /** The console API's tokens (issue 42): their hash only. */
  tokens: ApiTokenStorage
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

/** What a listing needs of a fleet record, without its body. */
export interface StoredRecordSummary extends Omit<StoredRecord, 'body'> {
  endpoint: string
  /** The business name the record gives; null for a copy saved before the name was kept (its next save fills it). */
  name: string | null
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
  save(endpoint: string, holder: string, record: StoredRecord & { body: string; name: string }): Promise<boolean>
  /** The fleet's record (its body left out when it is `knownVersion`), or null when none was fetched yet. */
  load(endpoint: string, knownVersion: string | null): Promise<StoredRecord | null>
  /** The fleet's record of each of `endpoints` that has one, without its body (one query for thousands of sites). */
  summaries(endpoints: string[]): Promise<StoredRecordSummary[]>
  /**
   * Calls `onSaved(endpoint)` whenever any origin saves a record, on one connection of its own that
   * reconnects by itself; `onConnection` hears it come (again: notifications may have been missed) and go.
   */
  listen(onSaved: (endpoint: string) => void, onConnection: (up: boolean, error?: string) => void): { close(): Promise<void> }
}

/** A site in the registry: its SITES_FILE entry as checked (JSON), and its latest version. */
export interface StoredSite {
  /** The site's id: its page id. */
  id: string
  entry: unknown
  /** 1 for the first version, one more for each change. */
  version: number
  updatedAt: number
  /** Who made the latest version: a person's email, `token NAME`, or "the command line". */
  updatedBy: string
}

/** One change of a site: who, when, before and after (null before: added; null after: removed). */
export interface SiteVersion {
  /** Unique across every site, in the order the changes were made. */
  id: number
  site: string
  version: number
  at: number
  by: string
  before: unknown
  after: unknown
}

/**
 * The sites a change is shown: every one (an import), or those with one of `ids` and those listing one of `hosts`
 * (lower case): all a change of one site needs to see (itself, and who else has the hosts it names), so it costs the
 * same with 10 000 sites as with 10.
 */
export type SiteScope = 'all' | { ids: string[]; hosts: string[] }

/** What a change writes: `after` null removes the site. */
export interface SiteWrite {
  site: string
  after: unknown
  by: string
  at: number
}

/**
 * The registry of sites (docs/decisions/150-sites-in-storage.md). Every change is one transaction, one writer at a
 * time across the fleet, keeping its version, and heard by every process listening.
 */
export interface SiteStorage {
  all(): Promise<StoredSite[]>
  /** The sites `ids` as stored; one not stored (removed, or never added) is left out. */
  some(ids: string[]): Promise<StoredSite[]>
  /** Whether storage has ever held a site (a version of any site is kept, even of one removed since). */
  everHeld(): Promise<boolean>
  /** A site's versions, newest first. */
  versions(site: string, limit: number): Promise<SiteVersion[]>
  /**
   * One transaction, one at a time across every process: `decide` sees the sites of `scope` as stored and answers the
   * writes (or throws, and nothing changes); each write keeps its version; every listener hears of it after the commit.
   */
  change<T>(scope: SiteScope, decide: (sites: StoredSite[]) => { writes: SiteWrite[]; result: T }): Promise<T>
  /**
   * Calls `onChanged(ids)` after any process changed sites (PostgreSQL: on the process's one listening connection;
   * SQLite: at once in this process, within a second for another process on the same file): the ids of the sites
   * changed, or null when they are not known (read them all). `onConnection` hears the listening connection come
   * (again: changes may have been missed meanwhile). Answers how to stop.
   */
  listen(onChanged: (ids: string[] | null) => void, onConnection?: (up: boolean) => void): () => void
}

/** A token of the console's API: a role and sites exactly as a person's; only the SHA-256 of its secret is kept. */
export interface ApiToken {
  id: string
  /** Unique: what Activity names its writes by ("token NAME"). */
  name: string
  role: Role
  sites: string[]
  createdBy: string
  createdAt: number
  lastUsedAt: number | null
}

export interface ApiTokenStorage {
  /** False (nothing stored) when another token has this name. */
  create(token: ApiToken, hash: string): Promise<boolean>
  byHash(hash: string): Promise<ApiToken | undefined>
  list(): Promise<ApiToken[]>
  /** The token stops working at once; false when there was none. */
  end(id: string): Promise<boolean>
  touch(id: string, now: number): Promise<void>
}
