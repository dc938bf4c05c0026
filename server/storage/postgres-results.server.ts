import type pg from 'pg'
import { errorText, inTransaction } from './postgres-client.server.ts'
import { log } from '../observability/log.js'
import {
  admits,
  allFigures,
  CLAIM_REPORT,
  earliestDay,
  FIGURE_COLUMNS,
  isReservedLabel,
  OTHER_LABEL,
  REPORT_COLUMNS,
  SETTLE_REPORT,
  settleValues,
} from './results-sql.server.ts'
import {
  LABEL_FIGURES,
  type DailyTotal,
  type LabelCount,
  type LabelRow,
  type ReportDelivery,
  type ResultRow,
  type ResultsStorage,
} from './storage-contract.server.ts'

/** What the site brought in, in PostgreSQL, shared by every instance (the contract: storage-contract.server.ts). */
export function postgresResults(pool: pg.Pool): ResultsStorage {
  const $ = (n: number) => `$${n}`
  const one = async <T extends pg.QueryResultRow>(sql: string, values: unknown[]) => (await pool.query<T>(sql, values)).rows[0]

  return {
    async salt(zone, day, expiresAt, make) {
      const read = () => one<{ salt: string }>('SELECT salt FROM results_salts WHERE day = $1 AND zone = $2', [day, zone])
      const known = await read()
      if (known) return known.salt
      // Instances asking together: the first insert wins and every one reads the same salt.
      await pool.query('INSERT INTO results_salts (day, zone, salt, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
        day,
        zone,
        make(),
        expiresAt,
      ])
      return (await read())!.salt
    },
    async sweep(now) {
      const gone = await pool.query(
        `WITH gone AS (DELETE FROM results_salts WHERE expires_at <= $1 RETURNING day, zone),
           keys AS (DELETE FROM results_once o USING gone WHERE o.day = gone.day AND o.zone = gone.zone)
         SELECT 1 FROM gone`,
        [now],
      )
      await pool.query('DELETE FROM results_once WHERE day < $1', [earliestDay(now)])
      // A deleted row stays in the table's pages until they are written again: rewritten now, the salts' old bytes leave the file.
      // (The salts are gone for SQL either way: a database user that may not rewrite the table only loses this.)
      if (gone.rowCount)
        await pool
          .query('VACUUM FULL results_salts')
          .catch((error: unknown) =>
            log.warn(
              { event: 'results.vacuum-failed', error: errorText(error) },
              "the day keys' table could not be rewritten after a sweep",
            ),
          )
      return gone.rowCount ?? 0
    },
    remembered: async (zone, day, key) =>
      (await one<{ data: string | null }>('SELECT data FROM results_once WHERE day = $1 AND zone = $2 AND key = $3', [day, zone, key]))
        ?.data ?? null,
    record: (site, day, steps, { labelLimit, now }) =>
      inTransaction(pool, async (client) => {
        const counted: boolean[] = []
        for (const { once, counts = [], labels = [] } of steps) {
          if (once) {
            const first = await client.query(
              `INSERT INTO results_once AS o (day, zone, key, at, data) VALUES ($1, $2, $3, $4, $5)
               ON CONFLICT (day, zone, key) DO UPDATE SET at = excluded.at WHERE $6::bigint IS NOT NULL AND o.at <= excluded.at - $6::bigint`,
              [day, once.zone, once.key, once.at, once.data ?? null, once.againAfterMs ?? null],
            )
            if (first.rowCount === 0) {
              counted.push(false)
              continue
            }
          }
          for (const count of labels) await tallyLabel(client, site, day.slice(0, 7), count, labelLimit, now)
          for (const { metric, label, device } of counts)
            await client.query(
              `INSERT INTO results_counts AS c (site, day, metric, label, device, n) VALUES ($1, $2, $3, $4, $5, 1)
               ON CONFLICT (site, day, metric, label, device) DO UPDATE SET n = c.n + 1`,
              [site, day, metric, label, device],
            )
          counted.push(true)
        }
        return counted
      }),
    counts: async (site, from, to) =>
      (
        await pool.query<ResultRow>(
          `SELECT day, metric, label, device, n FROM results_counts WHERE site = $1 AND day >= $2 AND day <= $3
           ORDER BY day, metric, label, device`,
          [site, from, to],
        )
      ).rows,
    labels: async (site, month) =>
      (
        await pool.query<LabelRow>(
          `SELECT dimension, label, ${FIGURE_COLUMNS} FROM results_labels WHERE site = $1 AND month = $2 ORDER BY dimension, label`,
          [site, month],
        )
      ).rows,
    sites: async () =>
      (await pool.query<{ site: string }>('SELECT DISTINCT site FROM results_counts ORDER BY site')).rows.map((r) => r.site),
    // The sites' own rows through the primary key (site, day, …): the console page's sites only, never every site's history.
    dailyTotals: async (sites, metrics, from, to) =>
      (
        await pool.query<DailyTotal>(
          `SELECT site, day, metric, sum(n)::bigint AS n FROM results_counts
           WHERE site = ANY($1) AND day >= $2 AND day <= $3 AND metric = ANY($4) GROUP BY site, day, metric`,
          [sites, from, to, metrics],
        )
      ).rows,
    async prune(day) {
      await pool.query('DELETE FROM results_counts WHERE day < $1', [day])
      for (const table of ['results_labels', 'results_reports'])
        await pool.query(`DELETE FROM ${table} WHERE month < $1`, [day.slice(0, 7)])
    },
    claimReport: async (site, month, holder, now, leaseMs) =>
      (await one<ReportDelivery>(CLAIM_REPORT($), [site, month, holder, now, leaseMs])) ?? null,
    settleReport: async (held, outcome) => (await pool.query(SETTLE_REPORT($), settleValues(held, outcome))).rowCount === 1,
    reportDelivery: async (site, month) =>
      (await one<ReportDelivery>(`SELECT ${REPORT_COLUMNS} FROM results_reports WHERE site = $1 AND month = $2`, [site, month])) ?? null,
    shareToken: async (site) =>
      (await one<{ token: string }>('SELECT token FROM results_share_links WHERE site = $1', [site]))?.token ?? null,
    async makeShareToken(site, token, now) {
      await pool.query('INSERT INTO results_share_links (site, token, created_at) VALUES ($1, $2, $3) ON CONFLICT (site) DO NOTHING', [
        site,
        token,
        now,
      ])
      return (await one<{ token: string }>('SELECT token FROM results_share_links WHERE site = $1', [site]))!.token
    },
    revokeShareToken: async (site) => (await pool.query('DELETE FROM results_share_links WHERE site = $1', [site])).rowCount === 1,
  }
}

/**
 * One label count inside the caller's transaction (the contract's rule: by visitors, not by arrival).
 * A label already kept, or one of the counter's own, needs no lock. A new one comes in under a
 * transaction lock on its (site, month, dimension), so instances admitting at the same moment take
 * turns and the limit holds exactly.
 */
async function tallyLabel(client: pg.ClientBase, site: string, month: string, count: LabelCount, limit: number, now: number) {
  const figures = allFigures(count.figures)
  const values = LABEL_FIGURES.map((f) => figures[f])
  const key = [site, month, count.dimension]
  const add = async (label: string) =>
    (
      await client.query(
        `UPDATE results_labels SET ${LABEL_FIGURES.map((f, i) => `${f} = ${f} + $${i + 6}`).join(', ')}, touched_at = $5
         WHERE site = $1 AND month = $2 AND dimension = $3 AND label = $4`,
        [...key, label, now, ...values],
      )
    ).rowCount === 1
  const upsert = (label: string, with_: number[]) =>
    client.query(
      `INSERT INTO results_labels AS l (site, month, dimension, label, touched_at, ${FIGURE_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, ${LABEL_FIGURES.map((_, i) => `$${i + 6}`).join(', ')})
       ON CONFLICT (site, month, dimension, label) DO UPDATE SET ${LABEL_FIGURES.map((f) => `${f} = l.${f} + excluded.${f}`).join(', ')},
         touched_at = excluded.touched_at`,
      [...key, label, now, ...with_],
    )
  if (await add(count.label)) return
  if (isReservedLabel(count.label)) return void (await upsert(count.label, values))
  if (!admits(count)) return void (await upsert(OTHER_LABEL, values))
  await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`results_labels ${key.join(' ')}`])
  if (await add(count.label)) return // another instance brought it in while this one waited
  const kept = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM results_labels WHERE site = $1 AND month = $2 AND dimension = $3 AND label NOT LIKE '(%'`,
    key,
  )
  if (kept.rows[0]!.n >= limit) {
    const pushedOut = await client.query<Record<string, number>>(
      `DELETE FROM results_labels WHERE (site, month, dimension, label) =
         (SELECT site, month, dimension, label FROM results_labels WHERE site = $1 AND month = $2 AND dimension = $3 AND label NOT LIKE '(%'
          ORDER BY visitors, touched_at LIMIT 1)
       RETURNING ${FIGURE_COLUMNS}`,
      key,
    )
    await upsert(
      OTHER_LABEL,
      LABEL_FIGURES.map((f) => Number(pushedOut.rows[0]![f])),
    )
  }
  await upsert(count.label, values)
}
