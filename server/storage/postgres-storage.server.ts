import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { LeadCount, LeadStore } from '#server/leads/lead-store.server.ts'
import { importedLeadColumns, newLeadColumns, toLeadRow, type LeadColumns } from './lead-rows.server.ts'
import { checkOut, DB_NOW, errorText, openPostgres } from './postgres-client.server.ts'
import { migrate } from './postgres-migrations.server.ts'
import { postgresRecords } from './postgres-records.server.ts'
import { POSTGRES_DEFAULTS, type PostgresSettings } from './postgres-settings.ts'
import type {
  RateLimitStorage,
  ResultRow,
  ResultsStorage,
  Storage,
  VisitCounts,
  VisitDay,
  VisitStorage,
} from './storage-contract.server.ts'
import { StartupError } from '../process/startup-error.js'

/** PostgreSQL when DATABASE_URL is set: every instance shares the leads, the relay outbox, visits, limits and the record. */

/** The URL as it may appear in a log or an error: without its password. */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url)
    if (parsed.password) parsed.password = '***'
    return parsed.toString()
  } catch {
    return 'an unparsable URL'
  }
}

/** Opens the process's connection set (postgres-client.server.ts) and brings the schema up to date. */
export async function openPostgresStorage(url: string, settings: PostgresSettings = POSTGRES_DEFAULTS): Promise<Storage> {
  const postgres = openPostgres(url, settings)
  const { pool } = postgres

  const where = `the PostgreSQL database in DATABASE_URL (${redactedUrl(url)})`
  let client: pg.PoolClient
  try {
    client = await checkOut(pool)
  } catch (e) {
    await postgres.close().catch(() => {})
    // pg says "timeout exceeded when trying to connect": say how long was waited.
    const why = /timeout/i.test(errorText(e)) ? `no answer within ${settings.timeoutMs / 1000} s` : errorText(e)
    throw new StartupError(
      `Cannot reach ${where}: ${why}. Check that PostgreSQL runs there and that DATABASE_URL's host, port, user, password and database name are right.`,
      { cause: e },
    )
  }
  try {
    await migrate(client)
  } catch (e) {
    await postgres.close().catch(() => {})
    throw new StartupError(
      `Cannot prepare the tables of ${where}: ${errorText(e)}. The user in DATABASE_URL needs to create tables in that database (README, "Several instances on one PostgreSQL").`,
      { cause: e },
    )
  } finally {
    client.release()
  }

  return {
    kind: 'postgres',
    location: redactedUrl(url),
    leads: postgresLeads(pool),
    visits: postgresVisits(pool),
    results: postgresResults(pool),
    rateLimits: postgresRateLimits(pool),
    records: postgresRecords(postgres),
    postgres,
    close: () => postgres.close(),
  }
}

function insertColumns(pool: pg.Pool, columns: LeadColumns, returning: string) {
  const names = Object.keys(columns)
  return pool.query<LeadColumns>(
    `INSERT INTO leads (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT DO NOTHING ${returning}`,
    Object.values(columns),
  )
}

function postgresLeads(pool: pg.Pool): LeadStore {
  const one = async (sql: string, values: unknown[]) => (await pool.query<LeadColumns>(sql, values)).rows[0]
  const settle = async (set: string, values: unknown[]) =>
    (await pool.query(`UPDATE leads SET ${set}, claimed_until = 0 WHERE id = $1 AND state = 'pending' AND claimed_until = $2`, values))
      .rowCount === 1

  return {
    async insertLead(input) {
      const columns = newLeadColumns(input, randomUUID())
      const inserted = (await insertColumns(pool, columns, 'RETURNING *')).rows[0]
      const row = inserted ?? (await one('SELECT * FROM leads WHERE idempotency_key = $1', [columns.idempotency_key]))!
      return { row: toLeadRow(row), created: Boolean(inserted) }
    },
    importLead: async (row) => (await insertColumns(pool, importedLeadColumns(row), '')).rowCount === 1,
    async getLead(id) {
      const row = await one('SELECT * FROM leads WHERE id = $1', [id])
      return row && toLeadRow(row)
    },
    listLeads: async ({ site } = {}) =>
      (
        await pool.query<LeadColumns>('SELECT * FROM leads WHERE $1::text IS NULL OR site = $1 ORDER BY created_at DESC, seq DESC', [
          site ?? null,
        ])
      ).rows.map(toLeadRow),
    // SKIP LOCKED: instances claiming at the same moment each take different leads instead of waiting.
    claimDue: async ({ now, leaseMs, limit, owner }) =>
      (
        await pool.query<LeadColumns>(
          `UPDATE leads SET claimed_until = $2, claimed_by = $3, attempts = attempts + 1
           WHERE id IN (SELECT id FROM leads WHERE state = 'pending' AND next_attempt_at <= $1 AND claimed_until <= $1
                        ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED)
           RETURNING *`,
          [now, now + leaseMs, owner, limit],
        )
      ).rows.map(toLeadRow),
    markDelivered: ({ id, claimedUntil }, now) =>
      settle(`state = 'delivered', delivered_at = $3, last_error = NULL`, [id, claimedUntil, now]),
    scheduleRetry: ({ id, claimedUntil }, at, error) => settle('next_attempt_at = $3, last_error = $4', [id, claimedUntil, at, error]),
    markFailed: ({ id, claimedUntil }, error) => settle(`state = 'failed', last_error = $3`, [id, claimedUntil, error]),
    releaseHeld: async (url, now, pageId) =>
      (
        await pool.query(
          `UPDATE leads SET state = 'pending', relay_url = $1, queued_at = $2, next_attempt_at = $2
           WHERE state = 'held' AND ($3::text IS NULL OR page_id = $3)`,
          [url, now, pageId ?? null],
        )
      ).rowCount ?? 0,
    leadCounts: async () =>
      (
        await pool.query<LeadCount>(
          'SELECT site, state, COUNT(*)::int AS count, MIN(queued_at) AS "oldestQueuedAt" FROM leads GROUP BY site, state',
        )
      ).rows,
  }
}

function postgresVisits(pool: pg.Pool): VisitStorage {
  return {
    counts: async (site, day) =>
      (
        await pool.query<VisitCounts>(
          `SELECT coalesce(sum(views) FILTER (WHERE day = $2), 0)::bigint AS today, coalesce(sum(views), 0)::bigint AS total
           FROM visit_days WHERE site = $1`,
          [site, day],
        )
      ).rows[0]!,
    // One round trip; the other days' sum plus today's new count, so both numbers agree.
    countView: async (site, day) =>
      (
        await pool.query<VisitCounts>(
          `WITH bumped AS (
             INSERT INTO visit_days AS v (site, day, views) VALUES ($1, $2, 1)
             ON CONFLICT (site, day) DO UPDATE SET views = v.views + 1 RETURNING views)
           SELECT bumped.views AS today,
                  bumped.views + (SELECT coalesce(sum(views), 0) FROM visit_days WHERE site = $1 AND day <> $2)::bigint AS total
           FROM bumped`,
          [site, day],
        )
      ).rows[0]!,
    allDays: async () => (await pool.query<VisitDay>('SELECT site, day, views FROM visit_days ORDER BY site, day')).rows,
    importDay: async ({ site, day, views }) =>
      (await pool.query('INSERT INTO visit_days (site, day, views) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [site, day, views]))
        .rowCount === 1,
  }
}

// The windows are measured on the database's clock (the caller's `now` is ignored): origins' clocks may disagree.
function postgresRateLimits(pool: pg.Pool): RateLimitStorage {
  return {
    hit: async (key, _now, windowMs) =>
      (
        await pool.query<{ hits: number; resetAt: number }>(
          `INSERT INTO rate_limits AS r (key, hits, reset_at) VALUES ($1, 1, ${DB_NOW} + $2)
           ON CONFLICT (key) DO UPDATE SET
             hits = CASE WHEN r.reset_at <= ${DB_NOW} THEN 1 ELSE r.hits + 1 END,
             reset_at = CASE WHEN r.reset_at <= ${DB_NOW} THEN excluded.reset_at ELSE r.reset_at END
           RETURNING hits, reset_at AS "resetAt"`,
          [key, windowMs],
        )
      ).rows[0]!,
    unhit: async (key) => void (await pool.query('UPDATE rate_limits SET hits = greatest(hits - 1, 0) WHERE key = $1', [key])),
    reset: async (key) => void (await pool.query('DELETE FROM rate_limits WHERE key = $1', [key])),
    prune: async () => void (await pool.query(`DELETE FROM rate_limits WHERE reset_at <= ${DB_NOW}`)),
  }
}

function postgresResults(pool: pg.Pool): ResultsStorage {
  return {
    async salt(day, make) {
      const found = await pool.query<{ salt: string }>('SELECT salt FROM results_salts WHERE day = $1', [day])
      if (found.rows[0]) return found.rows[0].salt
      // Instances asking together: the first insert wins and every one reads the same salt.
      await pool.query('INSERT INTO results_salts (day, salt) VALUES ($1, $2) ON CONFLICT DO NOTHING', [day, make()])
      await pool.query('DELETE FROM results_salts WHERE day < $1', [day])
      await pool.query('DELETE FROM results_once WHERE day < $1', [day])
      return (await pool.query<{ salt: string }>('SELECT salt FROM results_salts WHERE day = $1', [day])).rows[0]!.salt
    },
    // A label already admitted needs no lock. A new one is admitted under a transaction lock on its
    // (site, month, dimension), so instances admitting at the same moment count one after the other and
    // the limit holds exactly (each statement of the transaction sees what the others committed).
    async admit(site, month, dimension, label, limit) {
      const known = 'SELECT 1 FROM results_labels WHERE site = $1 AND month = $2 AND dimension = $3 AND label = $4'
      if ((await pool.query(known, [site, month, dimension, label])).rowCount) return true
      const client = await checkOut(pool)
      try {
        await client.query('BEGIN')
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`results_labels ${site} ${month} ${dimension}`])
        const added = await client.query(
          `INSERT INTO results_labels (site, month, dimension, label)
           SELECT $1, $2, $3, $4
           WHERE (SELECT count(*) FROM results_labels WHERE site = $1 AND month = $2 AND dimension = $3) < $5
           ON CONFLICT DO NOTHING`,
          [site, month, dimension, label, limit],
        )
        const ok = added.rowCount === 1 || Boolean((await client.query(known, [site, month, dimension, label])).rowCount)
        await client.query('COMMIT')
        return ok
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {})
        throw error
      } finally {
        client.release()
      }
    },
    async add(site, day, { metric, label, device }, once) {
      const bump = `INSERT INTO results_counts AS c (site, day, metric, label, device, n) SELECT $1, $2, $3, $4, $5, 1`
      const upsert = 'ON CONFLICT (site, day, metric, label, device) DO UPDATE SET n = c.n + 1 RETURNING 1'
      const values = [site, day, metric, label, device]
      if (once === undefined) return (await pool.query(`${bump} ${upsert}`, values)).rowCount === 1
      return (
        (
          await pool.query(
            `WITH first AS (INSERT INTO results_once (day, key) VALUES ($2, $6) ON CONFLICT DO NOTHING RETURNING 1)
             ${bump} WHERE EXISTS (SELECT 1 FROM first) ${upsert}`,
            [...values, once],
          )
        ).rowCount === 1
      )
    },
    counts: async (site, from, to) =>
      (
        await pool.query<ResultRow>(
          `SELECT day, metric, label, device, n FROM results_counts WHERE site = $1 AND day >= $2 AND day <= $3
           ORDER BY day, metric, label, device`,
          [site, from, to],
        )
      ).rows,
    sites: async () =>
      (await pool.query<{ site: string }>('SELECT DISTINCT site FROM results_counts ORDER BY site')).rows.map((r) => r.site),
    async prune(day) {
      await pool.query('DELETE FROM results_counts WHERE day < $1', [day])
      await pool.query('DELETE FROM results_labels WHERE month < $1', [day.slice(0, 7)])
    },
  }
}
