import { randomUUID } from 'node:crypto'
import type pg from 'pg'
import { ERASED_LEAD, type DeliveryCount, type LeadStore } from '#server/storage/lead-store.server.ts'
import { log } from '../observability/log.js'
import {
  CANCELLED_BY_ERASURE,
  deliveryCountsSql,
  dueDeliveriesSql,
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
import { checkOut, DB_NOW, errorText, inTransaction, openPostgres } from './postgres-client.server.ts'
import { migrate } from './postgres-migrations.server.ts'
import { postgresRecords } from './postgres-records.server.ts'
import { postgresResults } from './postgres-results.server.ts'
import { postgresTroubles } from './postgres-troubles.server.ts'
import { postgresConsole } from './postgres-console.server.ts'
import { postgresSites, postgresTokens } from './postgres-sites.server.ts'
import { POSTGRES_DEFAULTS, type PostgresSettings } from './postgres-settings.ts'
import type { RateLimitStorage, Storage, VisitCounts, VisitDay, VisitStorage } from './storage-contract.server.ts'
import { StartupError } from '../observability/startup-error.js'

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
      `Cannot prepare the tables of ${where}: ${errorText(e)}. The user in DATABASE_URL needs to create tables in that database (docs/deploying.md, "Several instances on one PostgreSQL").`,
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
    console: postgresConsole(pool),
    sites: postgresSites(postgres),
    tokens: postgresTokens(pool),
    records: postgresRecords(postgres),
    postgres,
    close: () => postgres.close(),
  }
}

/** `INSERT … ON CONFLICT DO NOTHING` of one row's columns, on the pool or a transaction's connection. */
function insertColumns(db: pg.Pool | pg.PoolClient, table: string, columns: LeadColumns | DeliveryColumns) {
  const names = Object.keys(columns)
  return db.query(
    `INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')}) ON CONFLICT DO NOTHING`,
    Object.values(columns),
  )
}

function postgresLeads(pool: pg.Pool): LeadStore {
  const settle = async (set: string, values: unknown[]) =>
    (
      await pool.query(
        `UPDATE lead_deliveries SET ${set}, claimed_until = 0 WHERE id = $1 AND state = 'pending' AND claimed_until = $2`,
        values,
      )
    ).rowCount === 1
  /** Leads matching `where` (on leads' columns), with their deliveries, in `order`. */
  /** The leads `where` picks (`tail`: their order and page), each with its deliveries. */
  async function leadsWhere(where: string, values: unknown[], tail = '') {
    const leads = await pool.query<StoredLeadColumns>(`SELECT ${LEAD_SELECT} FROM leads WHERE ${where} ${tail}`, values)
    if (leads.rows.length === 0) return []
    const ids = leads.rows.map((lead) => lead.id)
    const deliveries = await pool.query<DeliveryColumns>('SELECT * FROM lead_deliveries WHERE lead_id = ANY($1)', [ids])
    return toLeadRows(leads.rows, deliveries.rows)
  }
  /** The lead and its deliveries commit together: a lead without its destinations is never seen. */
  const insert = ({ lead, deliveries }: ReturnType<typeof rowColumns>): Promise<boolean> =>
    inTransaction(pool, async (client) => {
      const created = (await insertColumns(client, 'leads', lead)).rowCount === 1
      if (created) for (const delivery of deliveries) await insertColumns(client, 'lead_deliveries', delivery)
      return created
    })

  return {
    async insertLead(input) {
      const columns = newLeadColumns(input, randomUUID())
      const created = await insert(columns)
      const [row] = await leadsWhere('idempotency_key = $1', [columns.lead.idempotency_key])
      return { row: row!, created }
    },
    importLead: (row) => insert(rowColumns(row)),
    getLead: async (id) => (await leadsWhere('id = $1', [id]))[0],
    listLeads: ({ site } = {}) => leadsWhere('$1::text IS NULL OR site = $1', [site ?? null], 'ORDER BY created_at DESC, id DESC'),
    pageLeads: async (page) => {
      const values: unknown[] = [] // only those the SQL names: PostgreSQL cannot type a parameter it never reads
      const param = (value: unknown) => `$${values.push(value)}`
      const { where, tail } = leadPageSql(page, {
        site: page.site === null ? '' : param(page.site),
        createdAt: page.from ? param(page.from.createdAt) : '',
        id: page.from ? param(page.from.id) : '',
        limit: param(page.limit),
      })
      return newestFirst(page, await leadsWhere(where, values, tail))
    },
    leadsFrom: (site, since, limit) =>
      leadsWhere('site = $1 AND created_at >= $2', [site, since, limit], 'ORDER BY created_at, seq LIMIT $3'),
    // SKIP LOCKED: instances claiming at the same moment each take different deliveries instead of waiting.
    async claimDue({ now, leaseMs, limit, owner }) {
      // The lease is on the database's clock (docs/decisions/130): an origin whose clock runs ahead never takes a
      // delivery another origin still holds. When a delivery is due is the claimer's own clock: a hint, not a lock.
      const claimed = await pool.query<DeliveryColumns>(
        `UPDATE lead_deliveries SET claimed_until = ${DB_NOW} + $2, claimed_by = $3, attempts = attempts + 1
         WHERE id IN (${dueDeliveriesSql({ now: '$1', leaseNow: DB_NOW, limit: '$4' })} FOR UPDATE SKIP LOCKED)
         RETURNING *`,
        [now, leaseMs, owner, limit],
      )
      if (claimed.rows.length === 0) return []
      const leads = await pool.query<StoredLeadColumns>(`SELECT ${LEAD_SELECT} FROM leads WHERE id = ANY($1)`, [
        claimed.rows.map((d) => d.lead_id),
      ])
      const byId = new Map(leads.rows.map((l) => [l.id, l]))
      return claimed.rows.map((d) => toDueDelivery(d, byId.get(d.lead_id)!))
    },
    markDelivered: ({ id, claimedUntil }, now) =>
      settle(`state = 'delivered', delivered_at = $3, last_error = NULL`, [id, claimedUntil, now]),
    scheduleRetry: ({ id, claimedUntil }, at, error) => settle('next_attempt_at = $3, last_error = $4', [id, claimedUntil, at, error]),
    markFailed: ({ id, claimedUntil }, error) => settle(`state = 'failed', last_error = $3`, [id, claimedUntil, error]),
    releaseHeld: async (url, now, pageId) =>
      (
        await pool.query(
          `UPDATE lead_deliveries SET state = 'pending', target = $1, queued_at = $2, next_attempt_at = $2
           WHERE kind = 'relay' AND state = 'held' AND ($3::text IS NULL OR lead_id IN (SELECT id FROM leads WHERE page_id = $3))`,
          [url, now, pageId ?? null],
        )
      ).rowCount ?? 0,
    resend: async ({ leadId, kind, now }) =>
      sortedDeliveries(
        (
          await pool.query<DeliveryColumns>(
            `UPDATE lead_deliveries SET state = 'pending', attempts = 0, queued_at = $3, next_attempt_at = $3, delivered_at = NULL
             WHERE lead_id = $1 AND ($2::text IS NULL OR kind = $2) AND state <> 'held' AND claimed_until <= ${DB_NOW}
             RETURNING *`,
            [leadId, kind ?? null, now],
          )
        ).rows,
      ),
    deliveryCounts: async ({ undelivered = false } = {}) => (await pool.query<DeliveryCount>(deliveryCountsSql(undelivered))).rows,
    leadsSince: async (since) =>
      (
        await pool.query<{ site: string; count: number }>(
          'SELECT site, COUNT(*)::int AS count FROM leads WHERE created_at >= $1 GROUP BY site',
          [since],
        )
      ).rows,
    countLeads: async (site, from, before) =>
      (
        await pool.query<{ count: number }>(
          'SELECT COUNT(*)::int AS count FROM leads WHERE site = $1 AND created_at >= $2 AND created_at < $3 AND erased_at IS NULL',
          [site, from, before],
        )
      ).rows[0]!.count,
    leadTotal: async (site) =>
      (await pool.query<{ leads: number }>('SELECT leads FROM lead_totals WHERE site = $1', [site])).rows[0]?.leads ?? 0,
    scanLeads: async (after, limit) =>
      (
        await pool.query<StoredLeadColumns>(
          `SELECT ${LEAD_SELECT} FROM leads WHERE erased_at IS NULL AND ($1::bigint IS NULL OR (created_at, id) > ($1, $2))
           ORDER BY created_at, id LIMIT $3`,
          [after?.createdAt ?? null, after?.id ?? '', limit],
        )
      ).rows.map(toStoredLead),
    async eraseLeads(ids, reason, now) {
      const counts = await inTransaction(pool, async (client) => {
        const erased = await client.query<{ id: string }>(
          `UPDATE leads SET lead_json = $2, relay_body_json = '{}', arrival_json = NULL, erased_at = $3, erased_reason = $4
           WHERE id = ANY($1) AND erased_at IS NULL RETURNING id`,
          [ids, JSON.stringify(ERASED_LEAD), now, reason],
        )
        const cancelled = await client.query(
          `UPDATE lead_deliveries SET state = 'failed', last_error = $2, claimed_until = 0
           WHERE lead_id = ANY($1) AND state IN ('pending', 'held')`,
          [erased.rows.map((row) => row.id), CANCELLED_BY_ERASURE],
        )
        return { erased: erased.rowCount ?? 0, cancelled: cancelled.rowCount ?? 0 }
      })
      // As the results' day keys: an updated row's old version stays in the table's pages until they are rewritten.
      if (counts.erased)
        await pool
          .query('VACUUM FULL leads')
          .catch((error: unknown) =>
            log.warn({ event: 'leads.vacuum-failed', error: errorText(error) }, 'the leads table could not be rewritten after an erasure'),
          )
      return counts
    },
    ...postgresTroubles(pool),
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
