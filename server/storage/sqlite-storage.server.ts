import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { LeadCount, LeadStore } from '#server/leads/lead-store.server.ts'
import { importedLeadColumns, newLeadColumns, toLeadRow, type LeadColumns } from './lead-rows.server.ts'
import { resultsByZoneMigration } from './results-sql.server.ts'
import { sqliteResults } from './sqlite-results.server.ts'
import type { RateLimitStorage, Storage, VisitCounts, VisitDay, VisitStorage } from './storage-contract.server.ts'
import { StartupError } from '../process/startup-error.js'

/** The embedded default: leads.sqlite (leads, outbox, rate limits) and visits.sqlite under DATA_DIR. */

type Migration = string | ((db: Database.Database) => void)

const LEAD_MIGRATIONS: Migration[] = [
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

function openAndMigrate(file: string, migrations: Migration[]) {
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
    async close() {
      leadsDb.close()
      visitsDb.close()
    },
  }
}

function sqliteLeads(db: Database.Database): LeadStore {
  let insertStatement: Database.Statement | undefined
  const insert = (columns: LeadColumns) => {
    const names = Object.keys(columns)
    insertStatement ??= db.prepare(
      `INSERT INTO leads (${names.join(', ')}) VALUES (${names.map((n) => `@${n}`).join(', ')}) ON CONFLICT DO NOTHING`,
    )
    return insertStatement.run(columns).changes === 1
  }
  const byId = db.prepare<[string], LeadColumns>('SELECT * FROM leads WHERE id = ?')
  const byKey = db.prepare<[string], LeadColumns>('SELECT * FROM leads WHERE idempotency_key = ?')
  // One statement, so the claim is atomic across connections and processes.
  const claim = db.prepare<[{ now: number; until: number; limit: number; owner: string }], LeadColumns>(`UPDATE leads
    SET claimed_until = @until, claimed_by = @owner, attempts = attempts + 1
    WHERE id IN (SELECT id FROM leads WHERE state = 'pending' AND next_attempt_at <= @now AND claimed_until <= @now
                 ORDER BY next_attempt_at LIMIT @limit)
    RETURNING *`)
  const settle = (set: string) =>
    db.prepare(`UPDATE leads SET ${set}, claimed_until = 0 WHERE id = @id AND state = 'pending' AND claimed_until = @claimedUntil`)
  const delivered = settle(`state = 'delivered', delivered_at = @now, last_error = NULL`)
  const retry = settle(`next_attempt_at = @at, last_error = @error`)
  const failed = settle(`state = 'failed', last_error = @error`)
  const counts = db.prepare<[], LeadCount>(
    'SELECT site, state, COUNT(*) AS count, MIN(queued_at) AS oldestQueuedAt FROM leads GROUP BY site, state',
  )
  const release = db.prepare(`UPDATE leads SET state = 'pending', relay_url = @url, queued_at = @now, next_attempt_at = @now
    WHERE state = 'held' AND (@pageId IS NULL OR page_id = @pageId)`)

  return {
    async insertLead(input) {
      const columns = newLeadColumns(input, randomUUID())
      const created = insert(columns)
      return { row: toLeadRow(byKey.get(columns.idempotency_key)!), created }
    },
    importLead: async (row) => insert(importedLeadColumns(row)),
    getLead: async (id) => {
      const row = byId.get(id)
      return row && toLeadRow(row)
    },
    listLeads: async ({ site } = {}) =>
      db
        .prepare<[{ site: string | null }], LeadColumns>(
          'SELECT * FROM leads WHERE @site IS NULL OR site = @site ORDER BY created_at DESC, rowid DESC',
        )
        .all({ site: site ?? null })
        .map(toLeadRow),
    claimDue: async ({ now, leaseMs, limit, owner }) => claim.all({ now, until: now + leaseMs, limit, owner }).map(toLeadRow),
    markDelivered: async ({ id, claimedUntil }, now) => delivered.run({ id, claimedUntil, now }).changes === 1,
    scheduleRetry: async ({ id, claimedUntil }, at, error) => retry.run({ id, claimedUntil, at, error }).changes === 1,
    markFailed: async ({ id, claimedUntil }, error) => failed.run({ id, claimedUntil, error }).changes === 1,
    releaseHeld: async (url, now, pageId) => release.run({ url, now, pageId: pageId ?? null }).changes,
    leadCounts: async () => counts.all(),
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
