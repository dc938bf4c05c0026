import { createHash } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import type pg from 'pg'
import type { LocalImage } from '#app/ui/image-variants.ts'
import { encodeVariants, type Encoded } from './encode-image.server.ts'
import { createFairQueue } from './fair-queue.server.ts'
import {
  countOutcomes,
  imageOutcome,
  isVariantFileName,
  retryDelayMs,
  type ImageCounts,
  type ImageOutcome,
  type ImageStore,
} from './image-store.server.ts'
import { createSitePictures } from './site-pictures.server.ts'
import { createVariantCache } from './variant-cache.server.ts'
import { DB_NOW, isOutage, transaction, type Postgres } from '../storage/postgres-client.server.ts'
import { urlForLog } from '../observability/log-safe.server.ts'
import { logFor } from '../observability/log.js'

type Logger = Pick<Console, 'info' | 'warn'>
export type FleetImageStoreOptions = {
  /** The process's connection set (postgres-client.server.ts): its pool and its one listening connection. */
  postgres: Postgres
  dataDir: string
  fetchImage: (url: string) => Promise<Buffer>
  /**
   * The bound of the variant bytes the fleet keeps in the database, enforced in the transaction that stores a
   * variant: variants no current record uses are evicted first (least recently needed first), then a photo is refused.
   */
  maxDatabaseBytes: number
  /** The bound of this origin's disk cache of variants (least recently used go first). */
  maxCacheBytes: number
  /** How long an origin holds a photo it claimed: if it dies mid-encode, another one takes the photo after this. */
  leaseMs?: number
  retryMs?: number
  maxRetryMs?: number
  concurrency?: number
  logger?: Logger
  /**
   * This origin's own pacing: its clean-up at most every ten minutes, when it asks again for a photo another origin
   * holds, its pages' coalescing. Everything shared (leases, back-off, clean-up) is timed on the database's clock.
   */
  now?: () => number
}

/** The channel an origin that changed the fleet's images notifies; the others read what changed. */
const CHANNEL = 'tradesite_images'
/** An origin says again that it still needs a URL this often, and a URL no origin said so for this long is dropped. */
const NEEDED_REFRESH_MS = 10 * 60_000
const UNNEEDED_AFTER_MS = 60 * 60_000
/** A variant whose URLs no origin said it needs for this long is in no current record: the bound may evict it. */
const IN_USE_MS = 2 * NEEDED_REFRESH_MS
/** The slow poll beside NOTIFY: the longest a lost notification (or a dead origin's lease) goes unnoticed, at most. */
const MAX_POLL_MS = 5_000
/** Any constant shared by every origin: the advisory lock under which the bound is checked and a variant stored. */
const BOUND_LOCK = 7_240_113

/** Variants in no current record, with when they were last needed (or made): what the bound may evict, oldest first. */
const EVICTABLE = `
  SELECT v.hash, v.bytes, greatest(v.created_at, max(s.needed_at)) AS used_at
  FROM image_variants v LEFT JOIN image_sources s ON s.hash = v.hash
  GROUP BY v.hash, v.bytes, v.created_at
  HAVING greatest(v.created_at, max(s.needed_at)) < ${DB_NOW} - ${IN_USE_MS}`

type ManifestRow = {
  removals: number
  xmin: number
  url: string | null
  state: 'pending' | 'ready' | 'failed' | null
  hash: string | null
  last_error: string | null
  width: number | null
  height: number | null
  fallback: 'jpg' | 'png' | null
  portrait: number | null
}
/** One URL of the fleet's manifest, as this origin last read it. */
type Entry = { state: 'pending' | 'ready' | 'failed'; image?: LocalImage; error?: string }

/** A database call that failed for want of a database (not because of the image). */
class DatabaseDown extends Error {}

/**
 * The fleet's record images, for instances sharing one PostgreSQL (DATABASE_URL): the manifest (source URL →
 * content hash → size) and the encoded variants' bytes live in the database, so a photo is downloaded and
 * encoded once for the fleet (by whichever origin claims it first, under a lease on the database's clock) and any
 * origin serves any variant, reading it into its own disk cache on first use. Each origin reads the manifest whole
 * once, then only the rows changed since (told by NOTIFY, with a slow poll behind it), and publishes each site's
 * pictures to its pages on its own (site-pictures.server.ts): a new photo re-renders its own site only. When the
 * database is away, the last manifest and the cached files keep pages and pictures up; nothing new is encoded until
 * it is back (logged once each way).
 */
export async function openFleetImageStore(options: FleetImageStoreOptions): Promise<ImageStore> {
  const { postgres, dataDir, fetchImage, maxDatabaseBytes, maxCacheBytes, leaseMs = 60_000, concurrency = 1 } = options
  const { retryMs = 5 * 60_000, maxRetryMs = 24 * 3600_000, logger = logFor('images'), now = () => performance.now() } = options
  const { pool } = postgres
  const owner = `${os.hostname()}:${process.pid}`
  const root = path.resolve(dataDir, 'image-cache')
  const cache = createVariantCache(root, maxCacheBytes)
  const pollMs = Math.max(250, Math.min(MAX_POLL_MS, leaseMs / 4))
  const limitMb = Math.round(maxDatabaseBytes / 1e6)
  const full = `the fleet's image table is full (${limitMb} MB)`

  // The fleet's manifest as last read, the transaction id to read changes from, and the removals seen so far.
  let manifest = new Map<string, Entry>()
  let readFrom = 0
  let removals: number | undefined
  let fleetCounts: ImageCounts & { full: number } = { ready: 0, pending: 0, failed: 0, full: 0 }
  let databaseBytes = 0

  const pictures = createSitePictures({
    image: (url) => manifest.get(url)?.image,
    waiting: (url) => (manifest.get(url)?.state ?? 'pending') === 'pending',
    now,
  })
  const queue = createFairQueue<string>()
  const running = new Set<string>()
  /** URLs another origin holds (or whose back-off runs): not asked for again before this time (this origin's clock). */
  const notBefore = new Map<string, number>()
  /** The reason last logged per URL: a failure is logged once per reason, not once per retry. */
  const logged = new Map<string, string>()
  const reading = new Map<string, Promise<string | Buffer | undefined>>()
  const idleWaiters: (() => void)[] = []
  let downloadsHere = 0
  let encodesHere = 0
  let databaseUp = true
  let closed = false
  let lastGc = -Infinity
  let lastMarked = -Infinity
  let syncing: Promise<void> | undefined
  let syncAgain = false

  const waitFor = (url: string, ms: number) => notBefore.set(url, now() + ms)

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

  function noteUp() {
    if (databaseUp) return
    databaseUp = true
    logger.info('[images] the database is back: the fleet encodes and shares pictures again', { event: 'images.database-back' })
  }

  /** One statement; an unavailable database (unreachable, hung, out of connections) is DatabaseDown, never the photo's fault. */
  async function query<R extends pg.QueryResultRow>(sql: string, values: unknown[] = [], client: pg.ClientBase | pg.Pool = pool) {
    try {
      const result = await client.query<R>(sql, values)
      noteUp()
      return result
    } catch (error) {
      // An answer from a working server (a constraint, a bad statement) is a bug, not an outage: thrown as it is.
      throw isOutage(error) ? noteDown(error) : error
    }
  }

  /** `work` in one transaction; the connection's own failures (taking it, BEGIN, COMMIT) count as the database's too. */
  const inTransaction = <T>(work: (client: pg.PoolClient) => Promise<T>) =>
    transaction(pool, work).catch((error: unknown) => {
      throw error instanceof DatabaseDown || !isOutage(error) ? error : noteDown(error)
    })

  const notify = (client: pg.ClientBase) => query(`SELECT pg_notify($1, '')`, [CHANNEL], client)

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

  /**
   * The rows changed since the last read, in one statement (one snapshot) with the oldest transaction still running
   * then: every change before it is in this answer or an earlier one, so the next read starts from it. A removal
   * since the last read (clean-up, eviction) cannot be read as a row: the whole manifest is read instead.
   */
  async function readManifest() {
    const select = (from: number) =>
      query<ManifestRow>(
        `SELECT f.removals, txid_snapshot_xmin(txid_current_snapshot()) AS xmin,
                s.url, s.state, s.hash, s.last_error, v.width, v.height, v.fallback, v.portrait
         FROM image_fleet f LEFT JOIN (image_sources s LEFT JOIN image_variants v ON v.hash = s.hash) ON s.changed_txid >= $1`,
        [from],
      )
    let { rows } = await select(removals === undefined ? 0 : readFrom)
    let whole = removals === undefined
    if (!whole && rows[0]!.removals !== removals) {
      whole = true
      rows = (await select(0)).rows
    }
    const next = whole ? new Map<string, Entry>() : manifest
    let changed = whole
    for (const row of rows) {
      if (!row.url || !row.state) continue
      const entry: Entry =
        row.state === 'ready' && row.hash && row.width && row.height && row.fallback
          ? {
              state: 'ready',
              image: { hash: row.hash, width: row.width, height: row.height, fallback: row.fallback, portrait: row.portrait ?? undefined },
            }
          : { state: row.state === 'ready' ? 'pending' : row.state, error: row.last_error ?? undefined }
      const known = next.get(row.url)
      changed ||= known?.state !== entry.state || known.image?.hash !== entry.image?.hash || known.error !== entry.error
      next.set(row.url, entry)
    }
    manifest = next
    readFrom = rows[0]!.xmin
    removals = rows[0]!.removals
    if (!changed) return
    const counts = { ready: 0, pending: 0, failed: 0, full: 0 }
    for (const entry of manifest.values()) {
      counts[entry.state]++
      if (entry.error === full) counts.full++
    }
    fleetCounts = counts
    databaseBytes = (await query<{ bytes: number }>('SELECT coalesce(sum(bytes), 0)::bigint AS bytes FROM image_variants')).rows[0]!.bytes
    pictures.update()
  }

  /**
   * Tells the fleet which URLs this origin needs: new ones become pending rows at once; every NEEDED_REFRESH_MS all of
   * them are marked needed again (rows another origin marked in the last half of that are left alone). Then drops, at
   * most every NEEDED_REFRESH_MS, what no origin said it needs for UNNEEDED_AFTER_MS.
   */
  async function markNeeded() {
    const lists = [...pictures.needs()].map(([, urls]) => urls)
    const t = now()
    const refreshAll = t - lastMarked >= NEEDED_REFRESH_MS
    // Sorted: two origins inserting the same rows take them in the same order (no deadlock).
    const urls = [...new Set(lists.flatMap((list) => list ?? []))].sort()
    const unknown = refreshAll ? urls : urls.filter((url) => !manifest.has(url))
    if (unknown.length)
      await query(`INSERT INTO image_sources (url, needed_at) SELECT unnest($1::text[]), ${DB_NOW} ON CONFLICT (url) DO NOTHING`, [unknown])
    if (refreshAll && urls.length) {
      // SKIP LOCKED: a row another origin is making ready right now is not waited for; it is marked next time.
      await query(
        `UPDATE image_sources SET needed_at = ${DB_NOW} WHERE url IN (
           SELECT url FROM image_sources WHERE url = ANY($1) AND needed_at < ${DB_NOW} - $2 FOR UPDATE SKIP LOCKED)`,
        [urls, NEEDED_REFRESH_MS / 2],
      )
    }
    if (refreshAll) lastMarked = t
    // A site with no record yet may need anything: nothing is dropped until every one has its record.
    if (lists.includes(null) || t - lastGc < NEEDED_REFRESH_MS) return
    lastGc = t
    // Back-offs and logged reasons of URLs no site needs any more are forgotten: the maps stay as small as the records.
    const needed = new Set(urls)
    for (const perUrl of [notBefore, logged]) for (const url of perUrl.keys()) if (!needed.has(url)) perUrl.delete(url)
    await inTransaction(async (client) => {
      const dropped = await query(
        `DELETE FROM image_sources WHERE needed_at < ${DB_NOW} - $1 AND claimed_until <= ${DB_NOW}`,
        [UNNEEDED_AFTER_MS],
        client,
      )
      const unused = await query(
        'DELETE FROM image_variants v WHERE NOT EXISTS (SELECT 1 FROM image_sources s WHERE s.hash = v.hash)',
        [],
        client,
      )
      if (dropped.rowCount || unused.rowCount) await removed(client)
    })
  }

  /** Rows left the manifest: every origin reads it whole again. */
  async function removed(client: pg.ClientBase) {
    await query('UPDATE image_fleet SET removals = removals + 1', [], client)
    await notify(client)
  }

  /** Queues every needed image the fleet knows of (sync marks new ones first) and has not made, that no origin holds and whose back-off is over. */
  function queueDue() {
    const t = now()
    for (const [site, urls] of pictures.needs()) {
      for (const url of urls ?? []) {
        const state = manifest.get(url)?.state
        if (!state || state === 'ready' || running.has(url) || queue.has(url) || (notBefore.get(url) ?? 0) > t) continue
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
    // The outer SELECT sees the row as it was before the claim: when not won, how long the lease or back-off still runs.
    const { rows } = await query<{ won: boolean; state: string; wait: number }>(
      `WITH won AS (
         UPDATE image_sources SET claimed_until = ${DB_NOW} + $2, claimed_by = $3
         WHERE url = (SELECT url FROM image_sources WHERE url = $1 AND state <> 'ready'
                        AND claimed_until <= ${DB_NOW} AND next_attempt_at <= ${DB_NOW} FOR UPDATE SKIP LOCKED)
         RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM won) AS won, state, greatest(claimed_until, next_attempt_at) - ${DB_NOW} AS wait
       FROM image_sources WHERE url = $1`,
      [url, leaseMs, owner],
    )
    const row = rows[0]
    if (row?.won) return true
    // Held by another origin (its lease), backing off, being taken this very moment, or already made.
    waitFor(url, row && row.wait > 0 ? row.wait : pollMs)
    if (row?.state === 'ready') void refresh()
    return false
  }

  /** Whether a photo could be stored: the bound is not reached, or something no current record uses could go. */
  async function hasRoom() {
    const { rows } = await query<{ room: boolean }>(
      `SELECT (SELECT coalesce(sum(bytes), 0) FROM image_variants) < $1 OR EXISTS (${EVICTABLE}) AS room`,
      [maxDatabaseBytes],
    )
    return rows[0]!.room
  }

  /**
   * Stores one photo's variants within the bound, under a lock every origin takes for it (two origins storing at
   * once cannot both pass the check): when they do not fit, the variants no current record uses go first, least
   * recently needed first (their rows too: every origin then reads the manifest again). False, with nothing
   * changed, when even that does not make room.
   */
  async function storeVariants(client: pg.ClientBase, hash: string, encoded: Encoded): Promise<boolean> {
    const bytes = encoded.files.reduce((sum, f) => sum + f.data.length, 0)
    await query('SELECT pg_advisory_xact_lock($1)', [BOUND_LOCK], client)
    const used = (await query<{ used: number }>('SELECT coalesce(sum(bytes), 0)::bigint AS used FROM image_variants', [], client)).rows[0]!
      .used
    const excess = used + bytes - maxDatabaseBytes
    if (excess > 0) {
      const { rows } = await query<{ hash: string; total: number }>(
        `SELECT hash, total FROM (
           SELECT hash, sum(bytes) OVER (ORDER BY used_at, hash) - bytes AS before, sum(bytes) OVER () AS total FROM (${EVICTABLE}) c) r
         WHERE before < $1`,
        [excess],
        client,
      )
      if (!rows.length || rows[0]!.total < excess) return false
      const hashes = rows.map((row) => row.hash)
      await query('DELETE FROM image_sources WHERE hash = ANY($1)', [hashes], client)
      await query('DELETE FROM image_variants WHERE hash = ANY($1)', [hashes], client)
      await removed(client)
      logger.info(
        `[images] the fleet's image table reached ${limitMb} MB: ${hashes.length} photo(s) no current record uses removed to make room`,
        {
          event: 'images.evicted',
        },
      )
    }
    const added = await query(
      `INSERT INTO image_variants (hash, width, height, fallback, portrait, bytes, created_at) VALUES ($1, $2, $3, $4, $5, $6, ${DB_NOW})
       ON CONFLICT DO NOTHING`,
      [hash, encoded.width, encoded.height, encoded.fallback, encoded.portrait ?? null, bytes],
      client,
    )
    if (added.rowCount)
      await query(
        'INSERT INTO image_files (hash, name, data) SELECT $1, unnest($2::text[]), unnest($3::bytea[])',
        [hash, encoded.files.map((f) => f.name), encoded.files.map((f) => f.data)],
        client,
      )
    return true
  }

  async function claimAndMake(url: string) {
    try {
      if (!(await claim(url))) return
    } catch {
      waitFor(url, pollMs) // the database is away: asked again once it is back
      return
    }
    const release = holdClaim(url)
    try {
      if (!(await hasRoom())) throw new Error(full) // before downloading anything
      const bytes = await fetchImage(url)
      downloadsHere++
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32)
      // Bytes the fleet has already (a stock picture on many sites) are not encoded again.
      const known = (await query('SELECT 1 FROM image_variants WHERE hash = $1', [hash])).rowCount
      let encoded: Encoded | undefined
      if (!known) {
        encoded = await encodeVariants(bytes)
        encodesHere++
        try {
          await Promise.all(encoded.files.map((file) => cache.put(hash, file.name, file.data)))
        } catch {
          // This origin's disk (full, read-only) is not the photo's fault: the files are read back from the database.
        }
      }
      const stored = await inTransaction(async (client) => {
        if (encoded && !(await storeVariants(client, hash, encoded))) return false
        await query(
          `UPDATE image_sources SET state = 'ready', hash = $2, attempts = 0, next_attempt_at = 0, claimed_until = 0,
             claimed_by = NULL, last_error = NULL WHERE url = $1 AND state <> 'ready'`,
          [url, hash],
          client,
        )
        await notify(client)
        return true
      })
      if (!stored) throw new Error(full)
      logged.delete(url)
      await refresh()
    } catch (error) {
      if (error instanceof DatabaseDown) return void waitFor(url, pollMs)
      const reason = error instanceof Error ? error.message : String(error)
      if (logged.get(url) !== reason) logger.warn(`[images] ${urlForLog(url)}: ${reason}; showing a placeholder`)
      logged.set(url, reason)
      await recordFailure(url, reason).catch(() => waitFor(url, pollMs))
    } finally {
      release()
    }
  }

  /**
   * Renews this origin's lease while it works on a photo it claimed: a download or an encode that outlasts the lease (a
   * huge photo, a busy machine) is not taken over by another origin and downloaded again. An origin that dies stops
   * renewing, so the lease still frees the photo then. Returns the release.
   */
  function holdClaim(url: string) {
    const renew = setInterval(() => {
      query(`UPDATE image_sources SET claimed_until = ${DB_NOW} + $2 WHERE url = $1 AND claimed_by = $3 AND state <> 'ready'`, [
        url,
        leaseMs,
        owner,
      ]).catch(() => {}) // the database is away: the lease runs out and the photo is the fleet's again, as if this origin died
    }, leaseMs / 3)
    renew.unref()
    return () => clearInterval(renew)
  }

  /** The failure and its back-off are the fleet's: no origin tries the photo again before it is due (database clock). */
  async function recordFailure(url: string, reason: string) {
    await inTransaction(async (client) => {
      const { rows } = await query<{ attempts: number }>(
        `UPDATE image_sources SET state = 'failed', attempts = attempts + 1, last_error = $2, claimed_until = 0, claimed_by = NULL
         WHERE url = $1 AND state <> 'ready' RETURNING attempts`,
        [url, reason],
        client,
      )
      if (!rows[0]) return
      const delay = retryDelayMs(rows[0].attempts, retryMs, maxRetryMs)
      await query(`UPDATE image_sources SET next_attempt_at = ${DB_NOW} + $2 WHERE url = $1`, [url, delay], client)
      await notify(client)
      waitFor(url, delay)
    })
    await refresh()
  }

  /** Tells the fleet what this origin's sites need, then queues what is due. One at a time; one asked for meanwhile runs after. */
  function sync() {
    if (closed) return
    pictures.update() // a site whose record changed shows what is ready of it at once
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
    for (const [, urls] of pictures.needs())
      for (const url of urls ?? []) if ((manifest.get(url)?.state ?? 'pending') === 'pending') return false
    return true
  }

  function settle() {
    if (isIdle()) for (const resolve of idleWaiters.splice(0)) resolve()
  }

  /**
   * Reads one variant's bytes from the fleet into this origin's cache (once, however many requests ask at the same
   * time); the bytes themselves when this origin's disk cannot take them: its trouble is not the picture's.
   */
  function readIntoCache(hash: string, name: string): Promise<string | Buffer | undefined> {
    const key = `${hash}/${name}`
    const pending = reading.get(key)
    if (pending) return pending
    const read = query<{ data: Buffer }>('SELECT data FROM image_files WHERE hash = $1 AND name = $2', [hash, name])
      .then(async ({ rows }): Promise<string | Buffer | undefined> => {
        const data = rows[0]?.data
        if (!data) return undefined
        // This origin's disk (full, read-only) is not the picture's trouble: its bytes are served from memory.
        return cache.put(hash, name, data).catch(() => data)
      })
      .catch(() => undefined)
      .finally(() => reading.delete(key))
    reading.set(key, read)
    return read
  }

  const outcome = (url: string): ImageOutcome => imageOutcome(manifest.get(url)?.image, manifest.get(url)?.error)

  // Every change an origin commits notifies; the listening connection is the process's one (it reconnects by itself).
  const stopListening = postgres.listen(
    CHANNEL,
    () => void refresh().then(queueDue),
    (up) => up && void refresh().then(queueDue), // what changed while it was away was never heard
  )
  const poll = setInterval(() => void refresh().then(queueDue), pollMs)
  poll.unref()
  await refresh() // before the first page: a new origin renders what the fleet has from its first request

  return {
    register: pictures.register,
    sync,
    localSrc: pictures.localSrc,
    outcome,
    async variantFile(hash, name) {
      if (!isVariantFileName(name)) return undefined
      return cache.get(hash, name) ?? (closed ? undefined : readIntoCache(hash, name))
    },
    root,
    generation: pictures.generation,
    idle() {
      if (isIdle()) return Promise.resolve()
      return new Promise((resolve) => idleWaiters.push(resolve))
    },
    siteStatus: (site) => countOutcomes(pictures.urlsOf(site), outcome),
    status() {
      return {
        store: 'fleet',
        ...fleetCounts,
        diskBytes: cache.bytes,
        downloadsHere,
        encodesHere,
        database: databaseUp ? 'reachable' : 'unreachable',
        databaseBytes,
        databaseLimitBytes: maxDatabaseBytes,
      }
    },
    async close() {
      closed = true
      clearInterval(poll)
      stopListening()
      pictures.close()
      settle()
    },
  }
}
