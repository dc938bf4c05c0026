import pg from 'pg'
import { log } from '../observability/log.js'
import { POSTGRES_DEFAULTS, type PostgresSettings } from './postgres-settings.ts'

/**
 * The process's one connection set to PostgreSQL (docs/decisions/130-one-clock-one-connection-set.md): one pool
 * (DATABASE_POOL_MAX) for the storage, the fleet's records and its pictures, and one connection LISTENing on every
 * channel any of them asks for. Every call is bounded by DATABASE_TIMEOUT_MS, so a database that stops answering
 * is an outage after that long, as one that refuses connections is at once.
 */

const BIGINT_OID = 20
// Epoch milliseconds, transaction ids and counts fit a JavaScript number exactly; pg would hand bigint over as a string.
const types = {
  getTypeParser: (oid: number, format?: string) => (oid === BIGINT_OID ? Number : pg.types.getTypeParser(oid, format as 'text')),
}

/** The database's clock in epoch ms: every lease, back-off and clean-up is measured on it, so origins' clocks may disagree. */
export const DB_NOW = `(extract(epoch FROM now()) * 1000)::bigint`

/** The listening connection's reconnect delays: doubling from the first to the last, then the last again. */
const RECONNECT_MS = { first: 250, last: 5_000 }
/** The client gives up this long after the server's own statement_timeout would have answered: a live server says why itself. */
const ANSWER_GRACE_MS = 1_000
/**
 * A burst queues for the pool's connections rather than opening more: a request waits for one up to this many
 * timeouts (a queue is not an outage), while opening a connection still fails after one timeout.
 */
const QUEUE_WAIT_TIMEOUTS = 3

export interface Postgres {
  pool: pg.Pool
  /**
   * Calls `onNotification(payload)` for each NOTIFY on `channel`, over the process's one listening connection, which
   * reconnects by itself; `onConnection` hears it come (again: notifications may have been missed meanwhile) and go.
   * Answers how to stop.
   */
  listen(channel: string, onNotification: (payload: string) => void, onConnection?: (up: boolean, error?: string) => void): () => void
  close(): Promise<void>
}

/** The connection settings every connection of the process shares (the pool's and the listener's). */
function connectionConfig(url: string, { timeoutMs, applicationName }: PostgresSettings): pg.ClientConfig {
  return {
    connectionString: url,
    application_name: applicationName.slice(0, 63), // PostgreSQL keeps 63 bytes of it
    connectionTimeoutMillis: timeoutMs,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs + ANSWER_GRACE_MS,
    // A transaction left open by an origin cut off mid-way holds its row locks until the server ends it.
    idle_in_transaction_session_timeout: 2 * timeoutMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types,
  }
}

export function openPostgres(url: string, settings: PostgresSettings = POSTGRES_DEFAULTS): Postgres {
  const config = connectionConfig(url, settings)
  // pg-pool reads one connectionTimeoutMillis for both the wait for a free connection and the opening of a new one:
  // its own is the queue's, and its connections are told their own.
  class Connection extends pg.Client {
    constructor(options?: pg.ClientConfig) {
      super({ ...options, connectionTimeoutMillis: settings.timeoutMs })
    }
  }
  const pool = new pg.Pool({
    ...config,
    Client: Connection,
    connectionTimeoutMillis: QUEUE_WAIT_TIMEOUTS * settings.timeoutMs,
    max: settings.poolMax,
    idleTimeoutMillis: 30_000,
  })
  // A connection that drops while idle is replaced on next use; without a listener it would crash the process.
  pool.on('error', (e) =>
    log.warn({ event: 'storage.connection-lost', error: errorText(e) }, 'a PostgreSQL connection was lost; it will be replaced'),
  )
  const listener = createListener(config, Math.max(1_000, 2 * settings.timeoutMs))
  return {
    pool,
    listen: listener.listen,
    async close() {
      await listener.close()
      await pool.end()
    },
  }
}

type Subscriber = { channel: string; onNotification: (payload: string) => void; onConnection?: (up: boolean, error?: string) => void }

/**
 * One connection of its own, LISTENing on every channel subscribed: a pool's connections come and go, a listener
 * must stay. When it drops (the database restarted, the network cut) it is opened again, sooner first, then every
 * few seconds. A heartbeat asks it something now and then: a network that swallows packets without closing the
 * connection would otherwise leave it deaf for as long as TCP takes to notice (hours).
 */
function createListener(config: pg.ClientConfig, heartbeatMs: number) {
  const subscribers = new Set<Subscriber>()
  let client: pg.Client | null = null
  let up = false
  let closed = false
  let timer: NodeJS.Timeout | undefined
  let delay = RECONNECT_MS.first
  const channels = () => new Set([...subscribers].map((s) => s.channel))
  // One statement at a time on the listening connection (pg warns of, and will refuse, a query sent while another
  // runs): the heartbeat, a LISTEN for a channel added later and the UNLISTENs of a shutdown queue here.
  let queue: Promise<unknown> = Promise.resolve()
  const send = (which: pg.Client, sql: string) => {
    const sent = queue.then(() => which.query(sql))
    queue = sent.catch(() => {})
    return sent
  }

  const heartbeat = setInterval(() => {
    const current = client
    if (current && up) send(current, 'SELECT 1').catch((error: unknown) => lost(current, error))
  }, heartbeatMs)
  heartbeat.unref()

  function lost(which: pg.Client, error: unknown) {
    if (client !== which) return // an older connection's late event
    client = null
    up = false
    which.removeAllListeners('notification')
    which.end().catch(() => {})
    if (closed) return
    // Each failed attempt says why (the record fleet keeps the latest reason), not only the first.
    for (const s of subscribers) s.onConnection?.(false, errorText(error))
    clearTimeout(timer)
    timer = setTimeout(() => void connect(), delay)
    delay = Math.min(delay * 2, RECONNECT_MS.last)
  }

  async function connect() {
    if (closed || client || !subscribers.size) return
    const next = new pg.Client(config)
    client = next
    next.on('notification', ({ channel, payload }) => {
      for (const s of subscribers) if (s.channel === channel) s.onNotification(payload ?? '')
    })
    next.on('error', (error) => lost(next, error))
    next.on('end', () => lost(next, new Error('the connection ended')))
    try {
      await next.connect()
      // A channel subscribed while these LISTENs are on their way is LISTENed too: the loop ends only when none is
      // missing, and nothing can subscribe between its last check and `up` (no await between them).
      const listening = new Set<string>()
      for (let missing = [...channels()]; missing.length; missing = [...channels()].filter((c) => !listening.has(c)))
        for (const channel of missing) {
          await next.query(`LISTEN ${channel}`)
          listening.add(channel)
        }
    } catch (error) {
      return lost(next, error)
    }
    if (closed || client !== next) return
    up = true
    delay = RECONNECT_MS.first
    for (const s of subscribers) s.onConnection?.(true)
  }

  return {
    listen(channel: string, onNotification: Subscriber['onNotification'], onConnection?: Subscriber['onConnection']) {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`)
      const subscriber = { channel, onNotification, onConnection }
      const isNew = !channels().has(channel)
      subscribers.add(subscriber)
      if (!client) void connect()
      else if (up) {
        // Already listening on other channels: this one joins the same connection.
        const current = client
        void (isNew ? send(current, `LISTEN ${channel}`) : Promise.resolve()).then(
          () => client === current && onConnection?.(true),
          (error: unknown) => lost(current, error),
        )
      }
      return () => {
        subscribers.delete(subscriber)
        if (client && up && !channels().has(channel)) send(client, `UNLISTEN ${channel}`).catch(() => {})
      }
    },
    async close() {
      closed = true
      clearTimeout(timer)
      clearInterval(heartbeat)
      const last = client
      client = null
      up = false
      await last?.end().catch(() => {})
    },
  }
}

/**
 * Whether an error says the database is unavailable, not that a statement was wrong: no connection (refused,
 * dropped, timed out), or the server's own answer that it cannot serve now (08 connection exceptions, 53 insufficient
 * resources such as 53300 "too many clients", 57 operator intervention and statement timeouts, 58 system errors).
 */
export function isOutage(error: unknown): boolean {
  if (error instanceof pg.DatabaseError) return /^(08|53|57|58)/.test(error.code ?? '')
  if (!(error instanceof Error)) return false
  // No answer at all: the socket's errors carry a code (ECONNREFUSED, ECONNRESET…), pg's own say so in words
  // ("timeout exceeded when trying to connect", "Query read timeout", "Connection terminated…", "…is not queryable").
  return typeof (error as { code?: unknown }).code === 'string' || /timeout|terminated|not queryable|connection/i.test(error.message)
}

/**
 * A connection taken from the pool for several statements (a transaction, the migration). While it is out,
 * the pool no longer listens for its errors, and a socket that dies between two statements (the database
 * restarted, the network cut) would emit an 'error' nobody handles: the whole process, every site, would
 * exit. This listens while it is out; the next statement on it fails instead, and release drops it.
 */
export async function checkOut(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect()
  let broken: Error | undefined
  const onError = (error: Error) => void (broken = error)
  client.on('error', onError)
  const release = client.release.bind(client)
  client.release = (destroy?: boolean | Error) => {
    client.removeListener('error', onError)
    release(destroy ?? broken) // a connection that broke while out is closed, not handed out again
  }
  return client
}

/**
 * `work` inside BEGIN … COMMIT on one connection; whatever `work` throws rolls it back. A connection that cannot
 * even roll back (lost, or no answer) is dropped: the server rolls back a transaction whose connection is gone.
 */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await checkOut(pool)
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    client.release()
    return result
  } catch (error) {
    const rolledBack = await client.query('ROLLBACK').then(
      () => true,
      () => false,
    )
    client.release(!rolledBack)
    throw error
  }
}

/** A database error as one line: pg's connection errors may carry only a code (ECONNREFUSED) and no message. */
export const errorText = (e: unknown) => (e instanceof Error ? e.message || (e as { code?: string }).code || e.name : String(e))

/** Several statements as one, on one connection: all or nothing. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await checkOut(pool)
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  } finally {
    client.release()
  }
}
