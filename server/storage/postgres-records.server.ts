import pg from 'pg'
import { errorText } from './postgres-client.server.ts'
import type { RecordStorage, StoredRecord } from './storage-contract.server.ts'

/** The channel every origin listens on; the payload is the endpoint whose record was saved. */
export const RECORD_CHANNEL = 'tradesite_record'
/** The listening connection's reconnect delays: doubling from the first to the last, then the last again. */
const RECONNECT_MS = { first: 250, last: 5_000 }
/** The database's clock in epoch ms: every lease is measured on it, so origins' clocks may disagree. */
const DB_NOW = `(extract(epoch FROM now()) * 1000)::bigint`
/** The share of its lease near the end of which the holder may renew it (its own next tick lands there). */
const RENEW_WITHIN = 0.1

/** The fleet's record in PostgreSQL: the table fleet_records and LISTEN/NOTIFY on RECORD_CHANNEL. */
export function postgresRecords(pool: pg.Pool, connection: pg.ClientConfig): RecordStorage {
  return {
    // The holder renews its own lease only near its end: an origin restarting under the same name does not fetch again at once.
    claim: async (endpoint, holder, leaseMs) =>
      (
        await pool.query(
          `INSERT INTO fleet_records AS r (endpoint, lease_holder, lease_until) VALUES ($1, $2, ${DB_NOW} + $3)
           ON CONFLICT (endpoint) DO UPDATE SET lease_holder = excluded.lease_holder, lease_until = excluded.lease_until
           WHERE r.lease_until <= ${DB_NOW} OR (r.lease_holder = $2 AND r.lease_until <= ${DB_NOW} + $4)
           RETURNING 1`,
          [endpoint, holder, leaseMs, Math.round(leaseMs * RENEW_WITHIN)],
        )
      ).rowCount === 1,
    // One statement: the row and the notification commit together, and only while the lease is still ours.
    save: async (endpoint, holder, { body, version, fetchedAt, fetchedBy }) =>
      (
        await pool.query(
          `WITH saved AS (
             UPDATE fleet_records SET body = $3, version = $4, fetched_at = $5, fetched_by = $6
             WHERE endpoint = $1 AND lease_holder = $2 RETURNING endpoint)
           SELECT pg_notify('${RECORD_CHANNEL}', endpoint) FROM saved`,
          [endpoint, holder, body, version, fetchedAt, fetchedBy],
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
    listen: (onSaved, onConnection) => listenForRecords(connection, onSaved, onConnection),
  }
}

/**
 * One connection of its own, LISTENing: a pool's connections come and go, a listener must stay. When it
 * drops (the database restarted, the network cut) it is opened again, sooner first, then every few seconds.
 */
function listenForRecords(
  connection: pg.ClientConfig,
  onSaved: (endpoint: string) => void,
  onConnection: (up: boolean, error?: string) => void,
) {
  let client: pg.Client | null = null
  let closed = false
  let timer: NodeJS.Timeout | undefined
  let delay = RECONNECT_MS.first

  function lost(which: pg.Client, error: unknown) {
    if (client !== which && client !== null) return // an older connection's late event
    client = null
    which.removeAllListeners('notification')
    which.end().catch(() => {})
    if (closed) return
    onConnection(false, errorText(error))
    timer = setTimeout(() => void connect(), delay)
    delay = Math.min(delay * 2, RECONNECT_MS.last)
  }

  async function connect() {
    const next = new pg.Client(connection)
    client = next
    let gone = false
    const drop = (error: unknown) => {
      if (gone) return
      gone = true
      lost(next, error)
    }
    next.on('notification', (message) => {
      if (message.channel === RECORD_CHANNEL && message.payload) onSaved(message.payload)
    })
    next.on('error', drop)
    next.on('end', () => drop(new Error('the connection ended')))
    try {
      await next.connect()
      await next.query(`LISTEN ${RECORD_CHANNEL}`)
    } catch (error) {
      return drop(error)
    }
    if (closed || gone) return
    delay = RECONNECT_MS.first
    onConnection(true)
  }

  void connect()
  return {
    async close() {
      closed = true
      clearTimeout(timer)
      const last = client
      client = null
      await last?.end().catch(() => {})
    },
  }
}
