import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { LeadCount, LeadStore } from '#server/leads/lead-store.server.ts'
import { importedLeadColumns, newLeadColumns, toLeadRow, type LeadColumns } from './lead-rows.server.ts'
import type {
  DailyTotal,
  RateLimitStorage,
  ResultCount,
  ResultRow,
  ResultsStorage,
  Storage,
  VisitCounts,
  VisitDay,
  VisitStorage,
} from './storage-contract.server.ts'
import { StartupError } from '../process/startup-error.js'
import { sqliteConsole } from './sqlite-console.server.ts'

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
  // Issue 35: the console's people, passkeys, sessions (tokens as their hash), invitations, ceremony challenges and
  // activity (server/console/console-storage.ts), beside the leads they guard. IF NOT EXISTS: a file rolled back to an
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
    console: sqliteConsole(leadsDb),
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
  const requeue = db.prepare(`UPDATE leads SET state = 'pending', attempts = 0, last_error = NULL, delivered_at = NULL,
    queued_at = @now, next_attempt_at = @now, claimed_until = 0 WHERE id = @id AND state IN ('delivered', 'failed')`)
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
    listLeads: async ({ site, limit = -1, offset = 0 } = {}) =>
      db
        .prepare<[{ site: string | null; limit: number; offset: number }], LeadColumns>(
          'SELECT * FROM leads WHERE @site IS NULL OR site = @site ORDER BY created_at DESC, rowid DESC LIMIT @limit OFFSET @offset',
        )
        .all({ site: site ?? null, limit, offset })
        .map(toLeadRow),
    claimDue: async ({ now, leaseMs, limit, owner }) => claim.all({ now, until: now + leaseMs, limit, owner }).map(toLeadRow),
    markDelivered: async ({ id, claimedUntil }, now) => delivered.run({ id, claimedUntil, now }).changes === 1,
    scheduleRetry: async ({ id, claimedUntil }, at, error) => retry.run({ id, claimedUntil, at, error }).changes === 1,
    markFailed: async ({ id, claimedUntil }, error) => failed.run({ id, claimedUntil, error }).changes === 1,
    releaseHeld: async (url, now, pageId) => release.run({ url, now, pageId: pageId ?? null }).changes,
    leadCounts: async () => counts.all(),
    leadsSince: async (since) =>
      db
        .prepare<[number], { site: string; count: number }>('SELECT site, COUNT(*) AS count FROM leads WHERE created_at >= ? GROUP BY site')
        .all(since),
    requeueLead: async (id, now) => requeue.run({ id, now }).changes === 1,
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

function sqliteResults(db: Database.Database): ResultsStorage {
  const readSalt = db.prepare<[string], { salt: string }>('SELECT salt FROM results_salts WHERE day = ?')
  const makeSalt = db.transaction((day: string, salt: string) => {
    db.prepare('INSERT INTO results_salts (day, salt) VALUES (?, ?) ON CONFLICT DO NOTHING').run(day, salt)
    db.prepare('DELETE FROM results_salts WHERE day < ?').run(day)
    db.prepare('DELETE FROM results_once WHERE day < ?').run(day)
    return readSalt.get(day)!.salt
  })
  const known = db.prepare('SELECT 1 FROM results_labels WHERE site = ? AND month = ? AND dimension = ? AND label = ?')
  const taken = db.prepare<[string, string, string], { n: number }>(
    'SELECT COUNT(*) AS n FROM results_labels WHERE site = ? AND month = ? AND dimension = ?',
  )
  const insertLabel = db.prepare('INSERT INTO results_labels (site, month, dimension, label) VALUES (?, ?, ?, ?)')
  const admit = db.transaction((site: string, month: string, dimension: string, label: string, limit: number) => {
    if (known.get(site, month, dimension, label)) return true
    if (taken.get(site, month, dimension)!.n >= limit) return false
    insertLabel.run(site, month, dimension, label)
    return true
  })
  const firstTime = db.prepare('INSERT INTO results_once (day, key) VALUES (?, ?) ON CONFLICT DO NOTHING')
  const bump =
    db.prepare(`INSERT INTO results_counts (site, day, metric, label, device, n) VALUES (@site, @day, @metric, @label, @device, 1)
    ON CONFLICT (site, day, metric, label, device) DO UPDATE SET n = n + 1`)
  const add = db.transaction((site: string, day: string, { metric, label, device }: ResultCount, once?: string) => {
    if (once !== undefined && firstTime.run(day, once).changes === 0) return false
    bump.run({ site, day, metric, label, device })
    return true
  })
  const counts = db.prepare<[string, string, string], ResultRow>(
    'SELECT day, metric, label, device, n FROM results_counts WHERE site = ? AND day >= ? AND day <= ? ORDER BY day, metric, label, device',
  )
  const sites = db.prepare<[], { site: string }>('SELECT DISTINCT site FROM results_counts ORDER BY site')
  const prune = db.transaction((day: string) => {
    db.prepare('DELETE FROM results_counts WHERE day < ?').run(day)
    db.prepare('DELETE FROM results_labels WHERE month < ?').run(day.slice(0, 7))
  })
  return {
    salt: async (day, make) => readSalt.get(day)?.salt ?? makeSalt(day, make()),
    admit: async (site, month, dimension, label, limit) => admit(site, month, dimension, label, limit),
    add: async (site, day, count, once) => add(site, day, count, once),
    counts: async (site, from, to) => counts.all(site, from, to),
    sites: async () => sites.all().map((row) => row.site),
    prune: async (day) => prune(day),
    // The sites' own rows through the primary key (site, day, …): the page's sites only, never every site's history.
    dailyTotals: async (sites, metrics, from, to) =>
      sites.length
        ? db
            .prepare<unknown[], DailyTotal>(
              `SELECT site, day, metric, SUM(n) AS n FROM results_counts
               WHERE site IN (${sites.map(() => '?').join(', ')}) AND day >= ? AND day <= ? AND metric IN (${metrics.map(() => '?').join(', ')})
               GROUP BY site, day, metric`,
            )
            .all(...sites, from, to, ...metrics)
        : [],
  }
}
