import { createHash } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { localImageSrc, type LocalImage } from '#app/ui/image-variants.ts'
import { encodeVariants, type Encoded } from './encode-image.server.ts'
import { createFairQueue } from './fair-queue.server.ts'
import {
  countOutcomes,
  isVariantFileName,
  retryDelayMs,
  type ImageCounts,
  type ImageOutcome,
  type ImageStore,
} from './image-store.server.ts'
import { createVariantCache } from './variant-cache.server.ts'
import { checkOut } from '../storage/postgres-client.server.ts'
import { CONNECT_TIMEOUT_MS } from '../storage/postgres-storage.server.ts'
import { urlForLog } from '../observability/log-safe.server.ts'
import { logFor } from '../observability/log.js'

type Logger = Pick<Console, 'info' | 'warn'>
export type FleetImageStoreOptions = {
  databaseUrl: string
  dataDir: string
  fetchImage: (url: string) => Promise<Buffer>
  /** The bound of the variant bytes the fleet keeps in the database: past it no new photo is encoded. */
  maxDatabaseBytes: number
  /** The bound of this origin's disk cache of variants (least recently used go first). */
  maxCacheBytes: number
  /** How long an origin holds a photo it claimed: if it dies mid-encode, another one takes the photo after this. */
  leaseMs?: number
  retryMs?: number
  maxRetryMs?: number
  concurrency?: number
  logger?: Logger
  now?: () => number
}

/** The channel an origin that changed the fleet's images notifies; the others read the manifest again. */
const CHANNEL = 'tradesite_images'
/** An origin says again that it still needs a URL this often, and a URL no origin said so for this long is dropped. */
const NEEDED_REFRESH_MS = 10 * 60_000
const UNNEEDED_AFTER_MS = 60 * 60_000
/** The slow poll beside NOTIFY: the longest a lost notification (or a dead origin's lease) goes unnoticed, at most. */
const MAX_POLL_MS = 5_000

type Row = {
  generation: string
  changes: string
  url: string | null
  state: 'pending' | 'ready' | 'failed' | null
  hash: string | null
  last_error: string | null
  width: number | null
  height: number | null
  fallback: 'jpg' | 'png' | null
}

/** A database call that failed for want of a database (not because of the image). */
class DatabaseDown extends Error {}

/**
 * The fleet's record images, for instances sharing one PostgreSQL (DATABASE_URL): the manifest (source URL →
 * content hash → size) and the encoded variants' bytes live in the database, so a photo is downloaded and
 * encoded once for the fleet (by whichever origin claims it first, under a lease) and any origin serves any
 * variant, reading it into its own disk cache on first use. Pages are rendered from the fleet's manifest and
 * its generation alone: two origins at the same generation render the same pictures. Origins learn of changes
 * through LISTEN/NOTIFY, with a slow poll behind it. When the database is away, the last manifest and the
 * cached files keep pages and pictures up; nothing new is encoded until it is back (logged once each way).
 */
export async function openFleetImageStore(options: FleetImageStoreOptions): Promise<ImageStore> {
  const { databaseUrl, dataDir, fetchImage, maxDatabaseBytes, maxCacheBytes, leaseMs = 60_000, concurrency = 1 } = options
  const { retryMs = 5 * 60_000, maxRetryMs = 24 * 3600_000, logger = logFor('images'), now = Date.now } = options
  const owner = `${os.hostname()}:${process.pid}`
  const root = path.resolve(dataDir, 'image-cache')
  const cache = createVariantCache(root, maxCacheBytes)
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, query_timeout: 10_000 })
  const pollMs = Math.max(250, Math.min(MAX_POLL_MS, leaseMs / 4))
  pool.on('error', () => {}) // a dropped idle connection is replaced on next use; the query that needs it says so

  // The fleet's manifest as last read: ready images by URL, failed ones with their reason, and the counts.
  let ready = new Map<string, LocalImage>()
  let failed = new Map<string, string>()
  let fleetCounts: ImageCounts = { ready: 0, pending: 0, failed: 0 }
  let generation = 0
  let changes = -1

  const sources = new Map<string, () => string[] | null>()
  const queue = createFairQueue<string>()
  const running = new Set<string>()
  /** URLs another origin holds (or whose back-off runs): not asked for again before this time. */
  const notBefore = new Map<string, number>()
  /** The reason last logged per URL: a failure is logged once per reason, not once per retry. */
  const logged = new Map<string, string>()
  const reading = new Map<string, Promise<string | undefined>>()
  const idleWaiters: (() => void)[] = []
  let downloadsHere = 0
  let encodesHere = 0
  let databaseUp = true
  let closed = false
  let lastGc = 0
  let syncing: Promise<void> | undefined
  let syncAgain = false

  function noteDown(error: unknown): DatabaseDown {
    if (databaseUp && !closed) {
      databaseUp = false
      const why = error instanceof Error ? error.message : String(error)
      logger.warn(`[images] the database cannot be reached (${why}): serving the pictures known so far, encoding none`, {
        event: 'images.database-lost',
      })
    }
    return new DatabaseDown(String(error), { cause: error })
  }

  async function query<R extends pg.QueryResultRow>(sql: string, values: unknown[] = [], client: pg.ClientBase | pg.Pool = pool) {
    try {
      const result = await client.query<R>(sql, values)
      if (!databaseUp) {
        databaseUp = true
        logger.info('[images] the database is back: the fleet encodes and shares pictures again', { event: 'images.database-back' })
      }
      return result
    } catch (error) {
      // An answer from a working server (a constraint, a bad statement) is a bug, not an outage: thrown as it is.
      if (error instanceof pg.DatabaseError && !/^(08|57P)/.test(error.code ?? '')) throw error
      throw noteDown(error)
    }
  }

  /** Counts a change in the same transaction as the change itself, and tells the other origins. */
  async function bump(client: pg.ClientBase, pagesChange: boolean) {
    await query(`UPDATE image_fleet SET changes = changes + 1, generation = generation + $1`, [pagesChange ? 1 : 0], client)
    await query(`SELECT pg_notify($1, '')`, [CHANNEL], client)
  }

  async function inTransaction(work: (client: pg.PoolClient) => Promise<void>) {
    const client = await checkOut(pool).catch((error: unknown) => {
      throw noteDown(error)
    })
    try {
      await query('BEGIN', [], client)
      await work(client)
      await query('COMMIT', [], client)
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {})
      client.release(error instanceof DatabaseDown) // a connection the outage broke is dropped, not reused
      throw error
    }
    client.release()
  }

  // One refresh at a time; a change noticed meanwhile reads again once it is done.
  let refreshing: Promise<void> | undefined
  let refreshAgain = false
  function refresh(): Promise<void> {
    if (refreshing) {
      refreshAgain = true
      return refreshing
    }
    refreshing = readManifest()
      .catch(() => {}) // DatabaseDown: the manifest read last stays
      .finally(() => {
        refreshing = undefined
        if (refreshAgain) {
          refreshAgain = false
          void refresh()
        }
        settle()
      })
    return refreshing
  }

  /** The whole manifest, with the counters, in one statement (one snapshot): its generation names exactly these pictures. */
  async function readManifest() {
    const counters = (await query<{ generation: string; changes: string }>('SELECT generation, changes FROM image_fleet')).rows[0]!
    if (Number(counters.changes) === changes) return
    const { rows } = await query<Row>(
      `SELECT f.generation, f.changes, s.url, s.state, s.hash, s.last_error, v.width, v.height, v.fallback
       FROM image_fleet f LEFT JOIN (image_sources s LEFT JOIN image_variants v ON v.hash = s.hash) ON true`,
    )
    const nextReady = new Map<string, LocalImage>()
    const nextFailed = new Map<string, string>()
    const counts = { ready: 0, pending: 0, failed: 0 }
    for (const row of rows) {
      if (!row.url || !row.state) continue
      if (row.state === 'ready' && row.hash && row.width && row.height && row.fallback) {
        nextReady.set(row.url, { hash: row.hash, width: row.width, height: row.height, fallback: row.fallback })
      } else if (row.state === 'failed') nextFailed.set(row.url, row.last_error ?? 'failed')
      counts[row.state]++
    }
    ready = nextReady
    failed = nextFailed
    fleetCounts = counts
    generation = Number(rows[0]!.generation)
    changes = Number(rows[0]!.changes)
  }

  /**
   * Tells the fleet which URLs this origin needs (new ones become pending rows; known ones are marked needed
   * again every NEEDED_REFRESH_MS), and drops, at most every NEEDED_REFRESH_MS, what no origin said it needs for
   * UNNEEDED_AFTER_MS.
   */
  async function markNeeded() {
    const lists = Array.from(sources.values(), (list) => list())
    // Sorted: two origins marking the same rows lock them in the same order (no deadlock).
    const urls = [...new Set(lists.flatMap((list) => list ?? []))].sort()
    const t = now()
    if (urls.length) {
      await inTransaction(async (client) => {
        const { rows } = await query<{ added: boolean }>(
          `INSERT INTO image_sources AS s (url, needed_at) SELECT unnest($1::text[]), $2
           ON CONFLICT (url) DO UPDATE SET needed_at = excluded.needed_at WHERE s.needed_at < $3
           RETURNING (xmax = 0) AS added`,
          [urls, t, t - NEEDED_REFRESH_MS],
          client,
        )
        if (rows.some((row) => row.added)) await bump(client, false)
      })
    }
    // A source with no record yet may need anything: nothing is dropped until every one has its record.
    if (lists.includes(null) || t - lastGc < NEEDED_REFRESH_MS) return
    lastGc = t
    await inTransaction(async (client) => {
      const dropped = await query('DELETE FROM image_sources WHERE needed_at < $1', [t - UNNEEDED_AFTER_MS], client)
      const unused = await query(
        'DELETE FROM image_variants v WHERE NOT EXISTS (SELECT 1 FROM image_sources s WHERE s.hash = v.hash)',
        [],
        client,
      )
      if (dropped.rowCount || unused.rowCount) await bump(client, true)
    })
  }

  /** Queues every needed image the fleet has not made, that no origin holds and whose back-off is over. */
  function queueDue() {
    const t = now()
    for (const [site, list] of sources) {
      for (const url of list() ?? []) {
        if (ready.has(url) || running.has(url) || queue.has(url) || (notBefore.get(url) ?? 0) > t) continue
        queue.push(site, url)
      }
    }
    pump()
  }

  function pump() {
    while (!closed && databaseUp && running.size < concurrency && queue.size) {
      const url = queue.shift()!
      running.add(url)
      // Fire and forget: claimAndMake records its own outcome per URL and never rejects.
      void claimAndMake(url).finally(() => {
        running.delete(url)
        pump()
      })
    }
    settle()
  }

  /** Takes the photo for the fleet if no origin holds it and it is due; else notes when to ask again. */
  async function claim(url: string): Promise<boolean> {
    const t = now()
    const { rows } = await query<{ won: string; state: string; claimed_until: string; next_attempt_at: string }>(
      `WITH won AS (
         UPDATE image_sources SET claimed_until = $2::bigint + $3::bigint, claimed_by = $4
         WHERE url = $1 AND state <> 'ready' AND claimed_until <= $2 AND next_attempt_at <= $2 RETURNING 1)
       SELECT (SELECT count(*) FROM won) AS won, state, claimed_until, next_attempt_at FROM image_sources WHERE url = $1`,
      [url, t, leaseMs, owner],
    )
    const row = rows[0]
    if (row && Number(row.won)) return true
    // Held by another origin (its lease), backing off, or already made (the manifest catches up with it).
    notBefore.set(url, row ? Math.max(Number(row.claimed_until), Number(row.next_attempt_at), t + 1) : t + pollMs)
    if (row?.state === 'ready') void refresh()
    return false
  }

  async function claimAndMake(url: string) {
    try {
      if (!(await claim(url))) return
    } catch {
      notBefore.set(url, now() + pollMs) // the database is away: asked again once it is back
      return
    }
    try {
      const bytes = await fetchImage(url)
      downloadsHere++
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
      const known = (await query('SELECT 1 FROM image_variants WHERE hash = $1', [hash])).rowCount
      let encoded: Encoded | undefined
      if (!known) {
        const { used } = (await query<{ used: string }>('SELECT coalesce(sum(bytes), 0) AS used FROM image_variants')).rows[0]!
        if (Number(used) >= maxDatabaseBytes) throw new Error(`the fleet's image table is full (${Math.round(maxDatabaseBytes / 1e6)} MB)`)
        encoded = await encodeVariants(bytes)
        encodesHere++
        try {
          await Promise.all(encoded.files.map((file) => cache.put(hash, file.name, file.data)))
        } catch {
          // This origin's disk (full, read-only) is not the photo's fault: the files are read back from the database.
        }
      }
      await inTransaction(async (client) => {
        if (encoded) {
          const bytesTotal = encoded.files.reduce((sum, f) => sum + f.data.length, 0)
          const added = await query(
            `INSERT INTO image_variants (hash, width, height, fallback, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6)
             ON CONFLICT DO NOTHING`,
            [hash, encoded.width, encoded.height, encoded.fallback, bytesTotal, now()],
            client,
          )
          if (added.rowCount)
            await query(
              'INSERT INTO image_files (hash, name, data) SELECT $1, unnest($2::text[]), unnest($3::bytea[])',
              [hash, encoded.files.map((f) => f.name), encoded.files.map((f) => f.data)],
              client,
            )
        }
        await query(
          `UPDATE image_sources SET state = 'ready', hash = $2, attempts = 0, next_attempt_at = 0, claimed_until = 0,
             claimed_by = NULL, last_error = NULL WHERE url = $1 AND state <> 'ready'`,
          [url, hash],
          client,
        )
        await bump(client, true)
      })
      logged.delete(url)
      await refresh()
    } catch (error) {
      if (error instanceof DatabaseDown) {
        notBefore.set(url, now() + pollMs)
        return
      }
      const reason = error instanceof Error ? error.message : String(error)
      if (logged.get(url) !== reason) logger.warn(`[images] ${urlForLog(url)}: ${reason}; showing a placeholder`)
      logged.set(url, reason)
      await recordFailure(url, reason).catch(() => notBefore.set(url, now() + pollMs))
    }
  }

  /** The failure and its back-off are the fleet's: no origin tries the photo again before it is due. */
  async function recordFailure(url: string, reason: string) {
    await inTransaction(async (client) => {
      const { rows } = await query<{ attempts: number }>(
        `UPDATE image_sources SET state = 'failed', attempts = attempts + 1, last_error = $2, claimed_until = 0, claimed_by = NULL
         WHERE url = $1 AND state <> 'ready' RETURNING attempts`,
        [url, reason],
        client,
      )
      if (!rows[0]) return
      const due = now() + retryDelayMs(rows[0].attempts, retryMs, maxRetryMs)
      await query('UPDATE image_sources SET next_attempt_at = $2 WHERE url = $1', [url, due], client)
      notBefore.set(url, due)
      await bump(client, false)
    })
    await refresh()
  }

  /** Tells the fleet what this origin's sites need, then queues what is due. One at a time; one asked for meanwhile runs after. */
  function sync() {
    if (closed) return
    if (syncing) return void (syncAgain = true)
    syncing = markNeeded()
      .catch(() => {}) // the database is away (logged once); the poll carries on
      .then(() => refresh())
      .finally(() => {
        syncing = undefined
        queueDue()
        if (syncAgain) {
          syncAgain = false
          sync()
        }
      })
  }

  /** Every registered image ready or failed in the fleet (or nothing more can be learnt now), and no local work left. */
  function isIdle() {
    if (syncing || running.size || (queue.size && !closed && databaseUp)) return false
    if (closed || !databaseUp) return true
    for (const list of sources.values()) for (const url of list() ?? []) if (!ready.has(url) && !failed.has(url)) return false
    return true
  }

  function settle() {
    if (isIdle()) for (const resolve of idleWaiters.splice(0)) resolve()
  }

  /** Reads one variant's bytes from the fleet into this origin's cache (once, however many requests ask at the same time). */
  function readIntoCache(hash: string, name: string): Promise<string | undefined> {
    const key = `${hash}/${name}`
    const pending = reading.get(key)
    if (pending) return pending
    const read = query<{ data: Buffer }>('SELECT data FROM image_files WHERE hash = $1 AND name = $2', [hash, name])
      .then(({ rows }) => (rows[0] ? cache.put(hash, name, rows[0].data) : undefined))
      .catch(() => undefined)
      .finally(() => reading.delete(key))
    reading.set(key, read)
    return read
  }

  function outcome(url: string): ImageOutcome {
    const image = ready.get(url)
    if (image) return { status: 'ready', detail: `${image.width}×${image.height}, sizes made` }
    const why = failed.get(url)
    return why ? { status: 'failed', detail: why } : { status: 'pending', detail: 'not fetched yet' }
  }

  // LISTEN on a connection of its own; the poll reconnects it when it is lost.
  let listener: pg.Client | undefined
  async function listen() {
    if (listener || closed) return
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
    listener = client
    const lost = () => {
      if (listener === client) listener = undefined
      client.end().catch(() => {})
    }
    client.on('error', lost)
    client.on('end', lost)
    client.on('notification', () => void refresh().then(queueDue))
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANNEL}`)
    } catch {
      lost()
    }
  }

  const poll = setInterval(() => {
    void listen()
    void refresh().then(queueDue)
  }, pollMs)
  poll.unref()
  await listen()
  await readManifest() // before the first page: a new origin renders what the fleet has from its first request

  return {
    register(id, urls) {
      sources.set(id, urls)
      return () => void (sources.get(id) === urls && sources.delete(id))
    },
    sync,
    localSrc(url) {
      const image = ready.get(url)
      return image && localImageSrc(image)
    },
    outcome,
    async variantFile(hash, name) {
      if (!isVariantFileName(name)) return undefined
      return cache.get(hash, name) ?? (closed ? undefined : readIntoCache(hash, name))
    },
    root,
    get generation() {
      return generation
    },
    idle() {
      if (isIdle()) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    siteStatus: (site) => countOutcomes(sources.get(site)?.() ?? [], outcome),
    status() {
      return {
        store: 'fleet',
        ...fleetCounts,
        diskBytes: cache.bytes,
        downloadsHere,
        encodesHere,
        database: databaseUp ? 'reachable' : 'unreachable',
      }
    },
    async close() {
      closed = true
      clearInterval(poll)
      settle()
      await listener?.end().catch(() => {})
      await pool.end().catch(() => {})
    },
  }
}
