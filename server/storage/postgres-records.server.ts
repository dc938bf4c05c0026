import { DB_NOW, type Postgres } from './postgres-client.server.ts'
import type { RecordStorage, StoredRecord, StoredRecordSummary } from './storage-contract.server.ts'

/** The channel every origin listens on; the payload is the endpoint whose record was saved. */
export const RECORD_CHANNEL = 'tradesite_record'
/** The share of its lease near the end of which the holder may renew it (its own next tick lands there). */
const RENEW_WITHIN = 0.1

/** The fleet's record in PostgreSQL: the table fleet_records and LISTEN/NOTIFY on RECORD_CHANNEL. */
export function postgresRecords({ pool, listen }: Postgres): RecordStorage {
  return {
    // The holder renews its own lease only near its end: an origin restarting under the same name does not fetch again at once.
    async claim(endpoint, holder, leaseMs, yieldMs = 0) {
      const { rows } = await pool.query<{ held: boolean; now: number }>(
        `WITH claimed AS (
           INSERT INTO fleet_records AS r (endpoint, lease_holder, lease_until) VALUES ($1, $2, ${DB_NOW} + $3)
           ON CONFLICT (endpoint) DO UPDATE SET lease_holder = excluded.lease_holder, lease_until = excluded.lease_until
           WHERE r.lease_until <= ${DB_NOW} - $5 OR ($5 = 0 AND r.lease_holder = $2 AND r.lease_until <= ${DB_NOW} + $4)
           RETURNING 1)
         SELECT EXISTS (SELECT 1 FROM claimed) AS held, ${DB_NOW} AS now`,
        [endpoint, holder, leaseMs, Math.round(leaseMs * RENEW_WITHIN), yieldMs],
      )
      return rows[0]!
    },
    release: async (endpoint, holder) =>
      void (await pool.query(`UPDATE fleet_records SET lease_until = ${DB_NOW} WHERE endpoint = $1 AND lease_holder = $2`, [
        endpoint,
        holder,
      ])),
    // One statement: the row and the notification commit together, and only while the lease is still ours.
    save: async (endpoint, holder, { body, version, fetchedAt, fetchedBy, name }) =>
      (
        await pool.query(
          `WITH saved AS (
             UPDATE fleet_records SET body = $3, version = $4, fetched_at = $5, fetched_by = $6, name = $7
             WHERE endpoint = $1 AND lease_holder = $2 RETURNING endpoint)
           SELECT pg_notify('${RECORD_CHANNEL}', endpoint) FROM saved`,
          [endpoint, holder, body, version, fetchedAt, fetchedBy, name],
        )
      ).rowCount === 1,
    load: async (endpoint, knownVersion) =>
      (
        await pool.query<StoredRecord>(
          `SELECT CASE WHEN version = $2 THEN NULL ELSE body END AS body, version, fetched_at AS "fetchedAt", fetched_by AS "fetchedBy"
           FROM fleet_records WHERE endpoint = $1 AND body IS NOT NULL`,
          [endpoint, knownVersion],
        )
      ).rows[0] ?? null,
    summaries: async (endpoints) =>
      (
        await pool.query<StoredRecordSummary>(
          `SELECT endpoint, version, fetched_at AS "fetchedAt", fetched_by AS "fetchedBy", name
           FROM fleet_records WHERE endpoint = ANY($1) AND body IS NOT NULL`,
          [endpoints],
        )
      ).rows,
    listen(onSaved, onConnection) {
      const stop = listen(RECORD_CHANNEL, (endpoint) => endpoint && onSaved(endpoint), onConnection)
      return { close: async () => stop() }
    },
  }
}
