import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import {
  ERASED_LEAD,
  type DeliveryCount,
  type DeliveryKind,
  type DestinationKey,
  type DestinationTrouble,
  type DestinationTroubleStore,
  type LeadPageRequest,
  type LeadStore,
} from '#server/storage/lead-store.server.ts'
import { secureDeletes } from './sqlite-wal.server.ts'
import {
  CANCELLED_BY_ERASURE,
  deliveryCountsSql,
  dueDeliveriesSql,
  LEAD_PAGES_MIGRATION,
  leadPageSql,
  newestFirst,
  newLeadColumns,
  rowColumns,
  sortedDeliveries,
  toDueDelivery,
  toLeadRows,
  toStoredLead,
  type DeliveryColumns,
  type LeadColumns,
  type StoredLeadColumns,
  LEAD_SELECT,
} from './lead-rows.server.ts'
import { resultsByZoneMigration } from './results-sql.server.ts'
import { sqliteResults } from './sqlite-results.server.ts'
import type { RateLimitStorage, Storage, VisitCounts, VisitDay, VisitStorage } from './storage-contract.server.ts'
import { StartupError } from '../observability/startup-error.js'
import { sqliteConsole } from './sqlite-console.server.ts'
import { sqliteSites, sqliteTokens } from './sqlite-sites.server.ts'

/** The embedded default: leads.sqlite (leads, outbox, rate limits) and visits.sqlite under DATA_DIR. */

type Migration = string | ((db: Database.Database) => void)

export const LEAD_MIGRATIONS: Migration[] = [
  `CREATE TABLE leads (
     id TEXT PRIMARY KEY,
     idempotency_key TEXT NOT NULL UNIQUE,
     page_id TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     lead_json TEXT NOT NULL,
     relay_body_json TEXT NOT NULL,
     relay_url TEXT,
     state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'held')),
     attempts INTEGER NOT NULL DEFAULT 0,
     queued_at INTEGER NOT NULL,
     next_attempt_at INTEGER NOT NULL,
     claimed_until INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     delivered_at INTEGER,
     client_ip TEXT,
     user_agent TEXT
   );
   CREATE INDEX leads_due ON leads (state, next_attempt_at);
   CREATE INDEX leads_created ON leads (created_at);`,
  // A site's id is its page id, so leads from before sites existed belong to their page.
  `ALTER TABLE leads ADD COLUMN site TEXT NOT NULL DEFAULT '';
   UPDATE leads SET site = page_id;
   CREATE INDEX leads_site ON leads (site, created_at);
   ALTER TABLE leads ADD COLUMN claimed_by TEXT;
   CREATE TABLE rate_limits (key TEXT PRIMARY KEY, hits INTEGER NOT NULL, reset_at INTEGER NOT NULL);`,
  // Issue 30: nothing of a visitor's that they did not type. Leads no longer keep the address and browser they came
  // from (erased from the old rows; the trigger keeps them empty whatever inserts, e.g. the previous version during
  // a restart), and rate-limit keys are keyed hashes now: the old ones, which named addresses, go.
  `UPDATE leads SET client_ip = NULL, user_agent = NULL WHERE client_ip IS NOT NULL OR user_agent IS NOT NULL;
   CREATE TRIGGER leads_keep_no_client AFTER INSERT ON leads WHEN NEW.client_ip IS NOT NULL OR NEW.user_agent IS NOT NULL
   BEGIN UPDATE leads SET client_ip = NULL, user_agent = NULL WHERE rowid = NEW.rowid; END;
   DELETE FROM rate_limits;`,
  // Issue 36: a lead has a delivery per destination (relay, email, webhooks); the relay's state moves from its lead to its
  // delivery (the same id). The leads' old relay columns keep a lease that never ends (lead-rows.server.ts, LEGACY_CLAIM), so
  // a previous version still running never relays again, and a lead it stores gets its relay delivery from the trigger.
  `CREATE TABLE lead_deliveries (
     id TEXT PRIMARY KEY,
     lead_id TEXT NOT NULL REFERENCES leads (id),
     kind TEXT NOT NULL CHECK (kind IN ('relay', 'email', 'webhook')),
     position INTEGER NOT NULL,
     target TEXT,
     detail_json TEXT,
     state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'held')),
     attempts INTEGER NOT NULL DEFAULT 0,
     queued_at INTEGER NOT NULL,
     next_attempt_at INTEGER NOT NULL,
     claimed_until INTEGER NOT NULL DEFAULT 0,
     claimed_by TEXT,
     last_error TEXT,
     delivered_at INTEGER,
     UNIQUE (lead_id, position)
   );
   CREATE INDEX lead_deliveries_due ON lead_deliveries (state, next_attempt_at);
   ALTER TABLE leads ADD COLUMN form TEXT;
   INSERT INTO lead_deliveries (id, lead_id, kind, position, target, state, attempts, queued_at, next_attempt_at, claimed_until,
     claimed_by, last_error, delivered_at)
   SELECT id, id, 'relay', 0, relay_url, state, attempts, queued_at, next_attempt_at, claimed_until, claimed_by, last_error, delivered_at
   FROM leads;
   UPDATE leads SET claimed_until = 9007199254740991;
   CREATE TRIGGER leads_relay_delivery AFTER INSERT ON leads WHEN NEW.claimed_until <> 9007199254740991
   BEGIN
     INSERT INTO lead_deliveries (id, lead_id, kind, position, target, state, queued_at, next_attempt_at)
     VALUES (NEW.id, NEW.id, 'relay', 0, NEW.relay_url, NEW.state, NEW.queued_at, NEW.next_attempt_at) ON CONFLICT DO NOTHING;
     UPDATE leads SET claimed_until = 9007199254740991 WHERE rowid = NEW.rowid;
   END;`,
  // Issue 35: the console's people, passkeys, sessions (tokens as their hash), invitations, ceremony challenges and
  // activity (server/storage/console-storage.ts), beside the leads they guard. IF NOT EXISTS: a file rolled back to an
  // earlier user_version by hand (or a test) migrates forward again.
  `CREATE TABLE IF NOT EXISTS console_people (id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE,
     role TEXT NOT NULL CHECK (role IN ('admin', 'staff', 'contractor')), sites TEXT NOT NULL DEFAULT '[]', created_at INTEGER NOT NULL);
   CREATE TABLE IF NOT EXISTS console_passkeys (id TEXT PRIMARY KEY, person_id TEXT NOT NULL, public_key BLOB NOT NULL, counter INTEGER NOT NULL,
     transports TEXT NOT NULL DEFAULT '[]', name TEXT NOT NULL, created_at INTEGER NOT NULL, last_used_at INTEGER);
   CREATE INDEX IF NOT EXISTS console_passkeys_person ON console_passkeys (person_id);
   CREATE TABLE IF NOT EXISTS console_sessions (id_hash TEXT PRIMARY KEY, person_id TEXT NOT NULL, passkey_id TEXT,
     created_at INTEGER NOT NULL, last_seen_at INTEGER NOT NULL);
   CREATE INDEX IF NOT EXISTS console_sessions_person ON console_sessions (person_id);
   CREATE TABLE IF NOT EXISTS console_invitations (token_hash TEXT PRIMARY KEY, email TEXT NOT NULL, role TEXT NOT NULL, sites TEXT NOT NULL,
     invited_by TEXT NOT NULL, created_at INTEGER NOT NULL, expires_at INTEGER NOT NULL, used_at INTEGER);
   CREATE TABLE IF NOT EXISTS console_challenges (challenge TEXT PRIMARY KEY, purpose TEXT NOT NULL, subject TEXT NOT NULL, expires_at INTEGER NOT NULL);
   CREATE TABLE IF NOT EXISTS console_activity (id INTEGER PRIMARY KEY AUTOINCREMENT, at INTEGER NOT NULL, email TEXT NOT NULL, action TEXT NOT NULL,
     site TEXT, detail TEXT NOT NULL DEFAULT '');
   CREATE INDEX IF NOT EXISTS console_activity_at ON console_activity (at);
   CREATE INDEX IF NOT EXISTS console_activity_site ON console_activity (site, id);
   CREATE INDEX IF NOT EXISTS console_activity_email ON console_activity (email, id);`,
  // Issue 44: an erased lead keeps its row (site, time) as a tombstone; when and why it was erased.
  `ALTER TABLE leads ADD COLUMN erased_at INTEGER;
   ALTER TABLE leads ADD COLUMN erased_reason TEXT;`,
  // Issue 42: the registry of sites (server/storage/sqlite-sites.server.ts): each site's SITES_FILE entry, and every
  // version of it (who, when, before, after), kept after the site is removed; the console API's tokens (their hash).
  `CREATE TABLE sites (id TEXT PRIMARY KEY, entry TEXT NOT NULL, version INTEGER NOT NULL, updated_at INTEGER NOT NULL,
     updated_by TEXT NOT NULL);
   CREATE TABLE site_versions (id INTEGER PRIMARY KEY AUTOINCREMENT, site TEXT NOT NULL, version INTEGER NOT NULL,
     changed_at INTEGER NOT NULL, changed_by TEXT NOT NULL, before_entry TEXT, after_entry TEXT, UNIQUE (site, version));
   CREATE TABLE api_tokens (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, hash TEXT NOT NULL UNIQUE, role TEXT NOT NULL,
     sites TEXT NOT NULL, created_by TEXT NOT NULL, created_at INTEGER NOT NULL, last_used_at INTEGER);`,
  // Issue 45: destinations that failed and have not delivered since ("needs attention"; paused after a 410).
  `CREATE TABLE IF NOT EXISTS destination_troubles (site TEXT NOT NULL, kind TEXT NOT NULL, target TEXT NOT NULL,
     paused INTEGER NOT NULL, since INTEGER NOT NULL, last_error TEXT NOT NULL, notified_day TEXT, PRIMARY KEY (site, kind, target));`,
  LEAD_PAGES_MIGRATION,
  // Issue 45: where a lead's visit began (source and campaign, as the results counted it), erased with the lead.
  `ALTER TABLE leads ADD COLUMN arrival_json TEXT;`,
  // Issue 44: each site's number of leads, kept by the database with every insert (whoever inserts), for the Leads
  // page's total without counting 100 000 rows on each view; a lead is never deleted (erasure keeps a tombstone).
  `CREATE TABLE lead_totals (site TEXT PRIMARY KEY, leads INTEGER NOT NULL);
   CREATE TRIGGER lead_totals_insert AFTER INSERT ON leads BEGIN
     INSERT INTO lead_totals (site, leads) VALUES (NEW.site, 1) ON CONFLICT (site) DO UPDATE SET leads = leads + 1;
   END;
   INSERT INTO lead_totals (site, leads) SELECT site, COUNT(*) FROM leads GROUP BY site;`,
]

const visitMigrations = (defaultSite: string): Migration[] => [
  // Files from before migrations existed already hold this table (user_version 0).
  'CREATE TABLE IF NOT EXISTS visit_days (day TEXT PRIMARY KEY, views INTEGER NOT NULL)',
  (db) => {
    db.exec('CREATE TABLE site_visit_days (site TEXT NOT NULL, day TEXT NOT NULL, views INTEGER NOT NULL, PRIMARY KEY (site, day))')
    db.prepare('INSERT INTO site_visit_days SELECT ?, day, views FROM visit_days').run(defaultSite)
    db.exec('DROP TABLE visit_days; ALTER TABLE site_visit_days RENAME TO visit_days')
  },
  RESULTS_TABLES,
  resultsByZoneMigration('INTEGER', ''),
]

/** What the site brought in (issue 30): the same tables in both backends (postgres-migrations.server.ts). */
const RESULTS_TABLES = `CREATE TABLE results_salts (day TEXT PRIMARY KEY, salt TEXT NOT NULL);
   CREATE TABLE results_once (day TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (day, key));
   CREATE TABLE results_labels (site TEXT NOT NULL, month TEXT NOT NULL, dimension TEXT NOT NULL, label TEXT NOT NULL,
     PRIMARY KEY (site, month, dimension, label));
   CREATE TABLE results_counts (site TEXT NOT NULL, day TEXT NOT NULL, metric TEXT NOT NULL, label TEXT NOT NULL, device TEXT NOT NULL,
     n INTEGER NOT NULL, PRIMARY KEY (site, day, metric, label, device));`

/** Opens and migrates one database file; one that cannot be (not a database, read-only, locked) stops the start, naming it. */
function openDatabase(file: string, migrations: Migration[]) {
  try {
    return openAndMigrate(file, migrations)
  } catch (error) {
    throw new StartupError(
      `Cannot open the SQLite database ${path.resolve(file)} (${(error as Error).message}): if it is not this server's, move it away or set DATA_DIR to another folder; if it is, restore it from a backup.`,
      { cause: error },
    )
  }
}

export function openAndMigrate(file: string, migrations: Migration[]) {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  db.pragma('synchronous = FULL') // a lead the visitor was told about must survive a power cut
  // Read and bump user_version inside one write transaction, so two processes starting together don't both migrate.
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number
    for (let v = version; v < migrations.length; v++) {
      const step = migrations[v]!
      if (typeof step === 'string') db.exec(step)
      else step(db)
    }
    if (version < migrations.length) db.pragma(`user_version = ${migrations.length}`)
  }).immediate()
  return db
}

export function openSqliteStorage(dataDir: string, defaultSite: string): Storage {
  mkdirSync(dataDir, { recursive: true })
  const leadsDb = openDatabase(path.join(dataDir, 'leads.sqlite'), LEAD_MIGRATIONS)
  const visitsDb = openDatabase(path.join(dataDir, 'visits.sqlite'), visitMigrations(defaultSite))
  return {
    kind: 'sqlite',
    location: path.resolve(dataDir),
    leads: sqliteLeads(leadsDb),
    visits: sqliteVisits(visitsDb),
    results: sqliteResults(visitsDb),
    rateLimits: sqliteRateLimits(leadsDb),
    console: sqliteConsole(leadsDb),
    sites: sqliteSites(leadsDb),
    tokens: sqliteTokens(leadsDb),
    async close() {
      leadsDb.close()
      visitsDb.close()
    },
  }
}

/**
 * The deliveries of the leads `where` picks. CROSS JOIN keeps SQLite's loops in this order (those leads outside, each
 * one's deliveries by the lead_id index inside) whatever its statistics say: with stale ones (an ANALYZE run while the
 * tables were small) `lead_id IN (…)` read every delivery ever made for each page, 15 s of a 100 000-lead CSV (issue 44).
 */
export const sqliteDeliveriesSql = (where: string) =>
  `SELECT d.* FROM (SELECT id FROM leads WHERE ${where}) AS l CROSS JOIN lead_deliveries AS d ON d.lead_id = l.id`

function sqliteLeads(db: Database.Database): LeadStore {
  const inserter = (table: string) => {
    let statement: Database.Statement | undefined
    return (columns: LeadColumns | DeliveryColumns) => {
      const names = Object.keys(columns)
      statement ??= db.prepare(
        `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')}) ON CONFLICT DO NOTHING`,
      )
      return statement.run(columns).changes === 1
    }
  }
  const insertLeadRow = inserter('leads')
  const insertDelivery = inserter('lead_deliveries')
  // The lead and its deliveries commit together: a lead without its destinations is never seen.
  const insert = db.transaction(({ lead, deliveries }: ReturnType<typeof rowColumns>) => {
    if (!insertLeadRow(lead)) return false
    for (const delivery of deliveries) insertDelivery(delivery)
    return true
  })
  const byKey = db.prepare<[string], { id: string }>('SELECT id FROM leads WHERE idempotency_key = ?')
  const leadsOf = (where: string) =>
    db.prepare<Record<string, unknown>, StoredLeadColumns>(`SELECT ${LEAD_SELECT} FROM leads WHERE ${where}`)
  const deliveriesOf = (where: string) => db.prepare<Record<string, unknown>, DeliveryColumns>(sqliteDeliveriesSql(where))
  const oneLead = leadsOf('id = @id')
  const oneLeadsDeliveries = deliveriesOf('id = @id')
  // Every lead of a site (or everyone's), newest first.
  const all = '(@site IS NULL OR site = @site) ORDER BY created_at DESC, id DESC'
  const listed = leadsOf(all)
  const listedDeliveries = deliveriesOf(all)
  // A page by keyset: one pair of statements for each way and each start (with or without a cursor).
  const pages = new Map<string, [ReturnType<typeof leadsOf>, ReturnType<typeof deliveriesOf>]>()
  const pageStatements = (page: LeadPageRequest) => {
    const key = `${page.site === null ? 'all' : 'site'} ${page.toward} ${page.from ? 'from' : 'end'}`
    if (!pages.has(key)) {
      const { where, tail } = leadPageSql(page, { site: '@site', createdAt: '@createdAt', id: '@id', limit: '@limit' })
      pages.set(key, [leadsOf(`${where} ${tail}`), deliveriesOf(`${where} ${tail}`)])
    }
    return pages.get(key)!
  }
  const from = 'site = @site AND created_at >= @since ORDER BY created_at, rowid LIMIT @limit'
  const fromLeads = leadsOf(from)
  const fromDeliveries = deliveriesOf(from)
  const leadsSince = db.prepare<[number], { site: string; count: number }>(
    'SELECT site, COUNT(*) AS count FROM leads WHERE created_at >= ? GROUP BY site',
  )
  const countKept = db.prepare<[string, number, number], number>(
    'SELECT COUNT(*) FROM leads WHERE site = ? AND created_at >= ? AND created_at < ? AND erased_at IS NULL',
  )
  const total = db.prepare<[string], number>('SELECT leads FROM lead_totals WHERE site = ?')
  const read = (id: string) => toLeadRows(oneLead.all({ id }), oneLeadsDeliveries.all({ id }))[0]
  // One statement, so the claim is atomic across connections and processes.
  const claim = db.prepare<[{ now: number; until: number; limit: number; owner: string }], DeliveryColumns>(`UPDATE lead_deliveries
    SET claimed_until = @until, claimed_by = @owner, attempts = attempts + 1
    WHERE id IN (${dueDeliveriesSql({ now: '@now', leaseNow: '@now', limit: '@limit' })})
    RETURNING *`)
  const leadById = db.prepare<[string], StoredLeadColumns>(`SELECT ${LEAD_SELECT} FROM leads WHERE id = ?`)
  const settle = (set: string) =>
    db.prepare(
      `UPDATE lead_deliveries SET ${set}, claimed_until = 0 WHERE id = @id AND state = 'pending' AND claimed_until = @claimedUntil`,
    )
  const delivered = settle(`state = 'delivered', delivered_at = @now, last_error = NULL`)
  const retry = settle(`next_attempt_at = @at, last_error = @error`)
  const failed = settle(`state = 'failed', last_error = @error`)
  const troubles = sqliteTroubles(db)
  const counts = db.prepare<[], DeliveryCount>(deliveryCountsSql(false))
  const undeliveredCounts = db.prepare<[], DeliveryCount>(deliveryCountsSql(true))
  const release = db.prepare(`UPDATE lead_deliveries SET state = 'pending', target = @url, queued_at = @now, next_attempt_at = @now
    WHERE kind = 'relay' AND state = 'held' AND (@pageId IS NULL OR lead_id IN (SELECT id FROM leads WHERE page_id = @pageId))`)
  // Issue 44: erased content is overwritten in the file, and the WAL emptied of it (sqlite-wal.server.ts).
  const deletions = secureDeletes(db)
  const scan = db.prepare<[{ createdAt: number | null; id: string; limit: number }], StoredLeadColumns>(
    `SELECT ${LEAD_SELECT} FROM leads WHERE erased_at IS NULL AND (@createdAt IS NULL OR (created_at, id) > (@createdAt, @id))
     ORDER BY created_at, id LIMIT @limit`,
  )
  const eraseOne =
    db.prepare(`UPDATE leads SET lead_json = @lead, relay_body_json = '{}', arrival_json = NULL, erased_at = @now, erased_reason = @reason
    WHERE id = @id AND erased_at IS NULL`)
  const cancel = db.prepare(`UPDATE lead_deliveries SET state = 'failed', last_error = @error, claimed_until = 0
    WHERE lead_id = @id AND state IN ('pending', 'held')`)
  const erase = db.transaction((ids: string[], reason: string, now: number) => {
    let [erased, cancelled] = [0, 0]
    for (const id of ids) {
      if (eraseOne.run({ id, lead: JSON.stringify(ERASED_LEAD), now, reason }).changes === 0) continue
      erased++
      cancelled += cancel.run({ id, error: CANCELLED_BY_ERASURE }).changes
    }
    return { erased, cancelled }
  })
  const requeue = db.prepare<[{ leadId: string; kind: string | null; now: number }], DeliveryColumns>(`UPDATE lead_deliveries
    SET state = 'pending', attempts = 0, queued_at = @now, next_attempt_at = @now, delivered_at = NULL
    WHERE lead_id = @leadId AND (@kind IS NULL OR kind = @kind) AND state <> 'held' AND claimed_until <= @now
    RETURNING *`)

  return {
    async insertLead(input) {
      const columns = newLeadColumns(input, randomUUID())
      const created = insert(columns)
      return { row: read(byKey.get(columns.lead.idempotency_key)!.id)!, created }
    },
    importLead: async (row) => insert(rowColumns(row)),
    getLead: async (id) => read(id),
    listLeads: async ({ site } = {}) => toLeadRows(listed.all({ site: site ?? null }), listedDeliveries.all({ site: site ?? null })),
    pageLeads: async (page) => {
      const [leads, deliveries] = pageStatements(page)
      const values = { site: page.site, limit: page.limit, ...(page.from && { createdAt: page.from.createdAt, id: page.from.id }) }
      return newestFirst(page, toLeadRows(leads.all(values), deliveries.all(values)))
    },
    leadsFrom: async (site, since, limit) => toLeadRows(fromLeads.all({ site, since, limit }), fromDeliveries.all({ site, since, limit })),
    claimDue: async ({ now, leaseMs, limit, owner }) =>
      claim.all({ now, until: now + leaseMs, limit, owner }).map((d) => toDueDelivery(d, leadById.get(d.lead_id)!)),
    markDelivered: async ({ id, claimedUntil }, now) => delivered.run({ id, claimedUntil, now }).changes === 1,
    scheduleRetry: async ({ id, claimedUntil }, at, error) => retry.run({ id, claimedUntil, at, error }).changes === 1,
    markFailed: async ({ id, claimedUntil }, error) => failed.run({ id, claimedUntil, error }).changes === 1,
    releaseHeld: async (url, now, pageId) => release.run({ url, now, pageId: pageId ?? null }).changes,
    resend: async ({ leadId, kind, now }) => sortedDeliveries(requeue.all({ leadId, kind: kind ?? null, now })),
    deliveryCounts: async ({ undelivered = false } = {}) => (undelivered ? undeliveredCounts : counts).all(),
    leadsSince: async (since) => leadsSince.all(since),
    countLeads: async (site, from, before) => countKept.pluck().get(site, from, before)!,
    leadTotal: async (site) => total.pluck().get(site) ?? 0,
    scanLeads: async (after, limit) => scan.all({ createdAt: after?.createdAt ?? null, id: after?.id ?? '', limit }).map(toStoredLead),
    async eraseLeads(ids, reason, now) {
      const counts = erase(ids, reason, now)
      deletions.deleted(counts.erased > 0)
      return counts
    },
    ...troubles,
  }
}

type TroubleColumns = {
  site: string
  kind: DeliveryKind
  target: string
  paused: number
  since: number
  last_error: string
  notified_day: string | null
}
const toTrouble = (r: TroubleColumns): DestinationTrouble => ({
  site: r.site,
  kind: r.kind,
  target: r.target,
  paused: Boolean(r.paused),
  since: r.since,
  lastError: r.last_error,
  notifiedDay: r.notified_day,
})

function sqliteTroubles(db: Database.Database): DestinationTroubleStore {
  const note = db.prepare(`INSERT INTO destination_troubles (site, kind, target, paused, since, last_error)
    VALUES (@site, @kind, @target, @paused, @at, @error)
    ON CONFLICT (site, kind, target) DO UPDATE SET paused = max(paused, excluded.paused), last_error = excluded.last_error`)
  const clear = db.prepare('DELETE FROM destination_troubles WHERE site = @site AND kind = @kind AND target = @target AND paused = 0')
  const list = db.prepare<{ site: string | null }, TroubleColumns>(
    'SELECT * FROM destination_troubles WHERE @site IS NULL OR site = @site ORDER BY site, kind, target',
  )
  const notice = db.prepare(`UPDATE destination_troubles SET notified_day = @day
    WHERE site = @site AND kind = @kind AND target = @target AND notified_day IS NOT @day`)
  const unpause = db.prepare('DELETE FROM destination_troubles WHERE site = @site AND kind = @kind AND target = @target')
  const wake = db.prepare(`UPDATE lead_deliveries SET next_attempt_at = @now
    WHERE state = 'pending' AND kind = @kind AND target = @target AND lead_id IN (SELECT id FROM leads WHERE site = @site)`)
  const reenable = db.transaction((key: DestinationKey, now: number) => {
    unpause.run(key)
    return wake.run({ ...key, now }).changes
  })
  const park = db.prepare(`UPDATE lead_deliveries SET attempts = max(attempts - 1, 0), next_attempt_at = @at, last_error = @note,
    claimed_until = 0 WHERE id = @id AND state = 'pending' AND claimed_until = @claimedUntil`)
  return {
    noteTrouble: async ({ paused, ...trouble }) => void note.run({ ...trouble, paused: paused ? 1 : 0 }),
    clearTrouble: async (key) => void clear.run(key),
    troubles: async (site) => list.all({ site: site ?? null }).map(toTrouble),
    claimTroubleNotice: async (key, day) => notice.run({ ...key, day }).changes === 1,
    reenable: async (key, now) => reenable(key, now),
    park: async ({ id, claimedUntil }, at, note) => park.run({ id, claimedUntil, at, note }).changes === 1,
  }
}

function sqliteVisits(db: Database.Database): VisitStorage {
  const bump = db.prepare(
    'INSERT INTO visit_days (site, day, views) VALUES (?, ?, 1) ON CONFLICT (site, day) DO UPDATE SET views = views + 1',
  )
  const read = db.prepare<[{ site: string; day: string }], VisitCounts>(
    'SELECT COALESCE(SUM(views) FILTER (WHERE day = @day), 0) AS today, COALESCE(SUM(views), 0) AS total FROM visit_days WHERE site = @site',
  )
  const counts = (site: string, day: string) => read.get({ site, day })!
  const countView = db.transaction((site: string, day: string) => {
    bump.run(site, day)
    return counts(site, day)
  })
  const all = db.prepare<[], VisitDay>('SELECT site, day, views FROM visit_days ORDER BY site, day')
  const importDay = db.prepare('INSERT INTO visit_days (site, day, views) VALUES (@site, @day, @views) ON CONFLICT DO NOTHING')
  return {
    counts: async (site, day) => counts(site, day),
    countView: async (site, day) => countView(site, day),
    allDays: async () => all.all(),
    importDay: async (day) => importDay.run(day).changes === 1,
  }
}

function sqliteRateLimits(db: Database.Database): RateLimitStorage {
  const hit = db.prepare<[{ key: string; now: number; resetAt: number }], { hits: number; resetAt: number }>(`
    INSERT INTO rate_limits (key, hits, reset_at) VALUES (@key, 1, @resetAt)
    ON CONFLICT (key) DO UPDATE SET
      hits = CASE WHEN reset_at <= @now THEN 1 ELSE hits + 1 END,
      reset_at = CASE WHEN reset_at <= @now THEN excluded.reset_at ELSE reset_at END
    RETURNING hits, reset_at AS resetAt`)
  const unhit = db.prepare('UPDATE rate_limits SET hits = MAX(hits - 1, 0) WHERE key = ?')
  const reset = db.prepare('DELETE FROM rate_limits WHERE key = ?')
  const prune = db.prepare('DELETE FROM rate_limits WHERE reset_at <= ?')
  return {
    hit: async (key, now, windowMs) => hit.get({ key, now, resetAt: now + windowMs })!,
    unhit: async (key) => void unhit.run(key),
    reset: async (key) => void reset.run(key),
    prune: async (now) => void prune.run(now),
  }
}
