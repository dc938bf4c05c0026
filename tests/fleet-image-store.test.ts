import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { performance } from 'node:perf_hooks'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { parseLocalImage } from '#app/ui/image-variants.ts'
import { openFleetImageStore, type FleetImageStoreOptions } from '#server/images/fleet-image-store.server.ts'
import type { ImageStore } from '#server/images/image-store.server.ts'
import { DB_NOW, openPostgres, type Postgres } from '#server/storage/postgres-client.server.ts'
import { migrate } from '#server/storage/postgres-migrations.server.ts'
import { POSTGRES_DEFAULTS } from '#server/storage/postgres-settings.ts'
import { clusterOfItsOwn } from './own-cluster.ts'
import { freshDatabase } from './postgres.ts'

/**
 * The fleet's image store in-process, several instances (standing for origins, each with its own connection set)
 * on one fresh database of the run's PostgreSQL: what they share (the work, the failures and their back-off, the
 * variants, the bound) and what each keeps (its bounded disk cache, its manifest read incrementally). Shared state
 * is timed on the database's clock: `timePasses` moves the stored times back, and each origin's own pacing clock on.
 * The origins themselves, killed mid-encode and behind Varnish, are tests/fleet-images.test.ts.
 */

const RED = 'https://a.example/red.jpg'
const BLUE = 'https://a.example/blue.jpg'
const GREEN = 'https://a.example/green.jpg'
const YELLOW = 'https://a.example/yellow.jpg'
const PURPLE = 'https://a.example/purple.jpg'
let databaseUrl: string
// Manifest reads are incremental from the oldest transaction still running, a cluster-wide id: other files' work in a shared cluster would widen them.
const clusterUrl = clusterOfItsOwn()
let db: pg.Client
let clock: number
let host: Record<string, Buffer>
let fetched: string[]
let logs: string[]
const stores: ImageStore[] = []
const connections: Postgres[] = []
const dirs: string[] = []
const picture = (colour: string, width = 800) =>
  sharp({ create: { width, height: width / 2, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

beforeEach(async () => {
  databaseUrl = await freshDatabase(clusterUrl())
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  await migrate(db)
  clock = 1_800_000_000_000
  // GREEN is the small one: it fits where one 800-pixel photo went.
  host = {
    [RED]: await picture('#c00'),
    [BLUE]: await picture('#00c'),
    [PURPLE]: await picture('#c0c'),
    [YELLOW]: await picture('#cc0'),
    [GREEN]: await picture('#0c0', 400),
  }
  fetched = []
  logs = []
})
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
  for (const postgres of connections.splice(0)) await postgres.close()
  await db.end()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** Time passes for the fleet: every time stored moves back (the database's clock runs on), and each origin's pacing clock on. */
async function timePasses(ms: number) {
  clock += ms
  await db.query(
    `UPDATE image_sources SET needed_at = needed_at - $1, next_attempt_at = greatest(next_attempt_at - $1, 0),
       claimed_until = greatest(claimed_until - $1, 0)`,
    [ms],
  )
  await db.query('UPDATE image_variants SET created_at = created_at - $1', [ms])
}

/** One origin's store with its own DATA_DIR and connection set, needing `urls` for one site. */
async function origin(
  urls: () => string[] | null,
  options: Partial<FleetImageStoreOptions> = {},
  { url = databaseUrl, poolMax = 2 }: { url?: string; poolMax?: number } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-store-'))
  dirs.push(dataDir)
  const postgres = openPostgres(url, { ...POSTGRES_DEFAULTS, poolMax })
  connections.push(postgres)
  const store = await openFleetImageStore({
    postgres,
    dataDir,
    maxDatabaseBytes: 50e6,
    maxCacheBytes: 50e6,
    now: () => clock + performance.now(), // this origin's pacing clock runs, and jumps when time passes
    logger: { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m) },
    async fetchImage(url) {
      fetched.push(url)
      if (!host[url]) throw new Error('HTTP 404')
      return host[url]
    },
    ...options,
  })
  stores.push(store)
  store.register('site-a', urls)
  return Object.assign(store, { postgres })
}

/** The row counts of the queries an origin's pool sends whose text holds `marker`, as they answer. */
function spyOnQueries({ pool }: Postgres, marker: string) {
  const rowCounts: number[] = []
  const query = pool.query.bind(pool) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>
  pool.query = (async (text: string, values?: unknown[]) => {
    const result = await query(text, values)
    if (text.includes(marker)) rowCounts.push(result.rowCount ?? 0)
    return result
  }) as typeof pool.query
  return rowCounts
}

const made = async (store: ImageStore) => {
  store.sync()
  await store.idle()
}
const variantBytes = async (url: string) =>
  Number(
    (await db.query('SELECT v.bytes FROM image_sources s JOIN image_variants v ON v.hash = s.hash WHERE s.url = $1', [url])).rows[0]?.bytes,
  )
const rowsOf = async (sql: string) => (await db.query<{ url: string }>(sql)).rows.map((row) => row.url).sort()

test('two origins needing the same photos fetch and encode each once, and show the same pictures', async () => {
  const [a, b] = await Promise.all([origin(() => [RED, BLUE]), origin(() => [BLUE, RED])])
  a.sync()
  b.sync()
  await Promise.all([a.idle(), b.idle()])
  expect(fetched.sort()).toEqual([BLUE, RED])
  expect(a.status().encodesHere + b.status().encodesHere).toBe(2)
  // Each origin hears of the other's encode by a notification, which may come after its own work is idle: wait for
  // both to show it (a value read once, before that, would be waited for in vain).
  const shown = (url: string) => [a.localSrc('site-a', url), b.localSrc('site-a', url)]
  for (const url of [RED, BLUE]) {
    await expect.poll(() => shown(url).every((src) => src !== undefined)).toBe(true)
    expect(a.localSrc('site-a', url)).toBe(b.localSrc('site-a', url))
  }
  expect(a.status()).toMatchObject({ store: 'fleet', ready: 2, pending: 0, failed: 0, full: 0, database: 'reachable' })
})

test('an origin working on a photo longer than its lease keeps the photo: another origin does not download it again', async () => {
  let finish!: () => void
  const held = new Promise<void>((resolve) => (finish = resolve))
  const slow = async (url: string) => {
    fetched.push(url)
    await held // a download (or an encode) slower than the lease: a huge photo, or a busy machine
    return host[url]!
  }
  const a = await origin(() => [RED], { leaseMs: 1_000, fetchImage: slow })
  a.sync()
  await expect.poll(() => fetched.length).toBe(1)
  const lease = async () =>
    (
      await db.query<{ until: string; now: string }>(`SELECT claimed_until AS until, ${DB_NOW} AS now FROM image_sources WHERE url = $1`, [
        RED,
      ])
    ).rows[0]!
  const first = Number((await lease()).until)
  // Past the first lease's end, and still held: a renewed it while it worked.
  await expect
    .poll(async () => {
      const { until, now } = await lease()
      return Number(now) > first && Number(until) > Number(now)
    })
    .toBe(true)
  const b = await origin(() => [RED], { leaseMs: 1_000 })
  const claimsTried = spyOnQueries(b.postgres, 'WITH won AS')
  b.sync()
  await expect.poll(() => claimsTried.length).toBeGreaterThan(0)
  expect(fetched).toEqual([RED]) // b found the photo held, and waits for a's
  finish()
  await a.idle()
  await expect.poll(() => b.localSrc('site-a', RED)).toBeDefined()
  expect(fetched).toEqual([RED])
})

test('an origin reads the manifest whole once, then only the rows that changed', async () => {
  const many = Array.from({ length: 30 }, (_, i) => `https://a.example/many-${i}.jpg`)
  for (const [i, url] of many.entries()) host[url] = await picture(`#${(i * 8).toString(16).padStart(2, '0')}0000`, 160)
  const a = await origin(() => many)
  await made(a)
  // A second origin's manifest reads, counted by the rows PostgreSQL sends it.
  const b = await origin(() => [...many, RED])
  const rowsRead = spyOnQueries(b.postgres, 'txid_snapshot_xmin')
  await made(b) // b makes RED: its own change, and every later read, come as the changed rows only
  expect(b.localSrc('site-a', RED)).toBeDefined()
  expect(b.status().ready).toBe(31)
  expect(rowsRead.length).toBeGreaterThan(0)
  expect(Math.max(...rowsRead)).toBeLessThanOrEqual(2)
})

test("a failure and its back-off are the fleet's, on the database's clock: another origin does not try the photo before it is due", async () => {
  const missing = 'https://a.example/missing.jpg'
  const a = await origin(() => [missing])
  await made(a)
  expect(a.outcome(missing)).toEqual({ status: 'failed', detail: 'HTTP 404' })
  const b = await origin(() => [missing])
  await made(b)
  expect(fetched).toHaveLength(1)
  expect(b.siteStatus('site-a')).toEqual({ ready: 0, pending: 0, failed: 1 })

  await timePasses(5 * 60_000) // the first retry is due
  b.sync()
  await expect.poll(() => fetched.length).toBe(2)
  expect(logs.filter((line) => line.includes('missing.jpg: HTTP 404'))).toHaveLength(2) // once by each origin that tried
})

test("an origin that made nothing serves the fleet's variants from the database, through a cache that keeps to its bound", async () => {
  const a = await origin(() => [RED])
  await made(a)
  const { hash } = parseLocalImage(a.localSrc('site-a', RED)!)!
  const b = await origin(() => [RED], { maxCacheBytes: 1 })
  b.sync()
  expect(b.localSrc('site-a', RED)).toBe(a.localSrc('site-a', RED)) // known from its first moment, made by nobody here
  const small = (await b.variantFile(hash, '160.webp')) as string
  const original = fs.readFileSync(path.join(a.root, `${hash}/160.webp`))
  expect(fs.readFileSync(path.join(b.root, small))).toEqual(original)
  await b.variantFile(hash, '320.webp') // past the bound: the least recently used file leaves the disk
  expect(fs.existsSync(path.join(b.root, small))).toBe(false)
  expect(await b.variantFile(hash, '160.webp')).toBe(small) // and is read again when asked for
  expect(await b.variantFile(hash, '9999.webp')).toBeUndefined()
  expect(await b.variantFile('0'.repeat(32), '160.webp')).toBeUndefined()
  expect(b.status()).toMatchObject({ downloadsHere: 0, encodesHere: 0 })
  // An origin whose disk cannot take the file (here its cache folder is a file) answers with the bytes themselves.
  const c = await origin(() => [RED])
  fs.rmSync(c.root, { recursive: true, force: true })
  fs.writeFileSync(c.root, '')
  expect(await c.variantFile(hash, '160.webp')).toEqual(original)
})

test('IMAGE_DATABASE_MB: variants no current record uses are evicted, least recently needed first, before a photo is refused', async () => {
  let urls = [BLUE]
  const a = await origin(() => urls)
  await made(a)
  await timePasses(5 * 60_000)
  urls = [BLUE, RED]
  await made(a)
  const [red, blue] = [await variantBytes(RED), await variantBytes(BLUE)]
  // No record has named RED and BLUE for a while; BLUE for longer.
  urls = []
  await timePasses(25 * 60_000)
  // GREEN fits once one of them goes: BLUE goes, the least recently needed.
  const b = await origin(() => [GREEN], { maxDatabaseBytes: red + blue + 1 })
  await made(b)
  expect(b.outcome(GREEN).status).toBe('ready')
  expect(await rowsOf('SELECT url FROM image_sources')).toEqual([GREEN, RED])
  await expect.poll(() => a.outcome(BLUE).status).toBe('pending') // the other origin read the manifest whole again
  expect(logs.join('\n')).toMatch(/1 photo\(s\) no current record uses removed to make room/)
  const used = Number((await db.query('SELECT sum(bytes) AS n FROM image_variants')).rows[0].n)
  expect(used).toBeLessThanOrEqual(red + blue + 1)
  expect(b.status()).toMatchObject({ databaseBytes: used, databaseLimitBytes: red + blue + 1, full: 0 })
})

test('IMAGE_DATABASE_MB: a reached bound refuses before downloading, says so in the status, and holds when two origins store at once', async () => {
  const a = await origin(() => [RED])
  await made(a)
  const used = await variantBytes(RED)
  // Full, and RED is in a current record: nothing may go, and YELLOW is not even downloaded.
  const full = await origin(() => [RED, YELLOW], { maxDatabaseBytes: used })
  await made(full)
  expect(fetched).not.toContain(YELLOW)
  expect(full.outcome(YELLOW)).toEqual({ status: 'failed', detail: expect.stringMatching(/^the fleet's image table is full/) })
  expect(full.status()).toMatchObject({ full: 1, databaseBytes: used, databaseLimitBytes: used })

  // Room for one more photo, not two: both origins download and encode, one stores, the other is refused.
  const bound = used * 2.5
  const [b, c] = await Promise.all([origin(() => [PURPLE], { maxDatabaseBytes: bound }), origin(() => [BLUE], { maxDatabaseBytes: bound })])
  await Promise.all([made(b), made(c)])
  expect(fetched.filter((url) => url === PURPLE || url === BLUE)).toHaveLength(2)
  const outcomes = [b.outcome(PURPLE).status, c.outcome(BLUE).status].sort()
  expect(outcomes).toEqual(['failed', 'ready'])
  expect(Number((await db.query('SELECT sum(bytes) AS n FROM image_variants')).rows[0].n)).toBeLessThanOrEqual(bound)
})

test('a photo no origin has needed for an hour is dropped with its variants, and every origin reads the manifest again', async () => {
  let urls = [RED]
  const a = await origin(() => urls)
  await made(a)
  const b = await origin(() => [BLUE])
  await made(b)
  expect(b.outcome(RED).status).toBe('ready')
  urls = [GREEN]
  await timePasses(61 * 60_000)
  await made(b) // b's clean-up drops RED (a still says it needs GREEN only)
  await made(a)
  expect(await rowsOf('SELECT url FROM image_sources')).toEqual([BLUE, GREEN])
  await expect.poll(() => a.outcome(RED).status).toBe('pending')
  expect(a.localSrc('site-a', GREEN)).toBeDefined()
  expect(a.status()).toMatchObject({ ready: 2 })
})

test('"too many clients" is the database away, not the photo’s failure: nothing is marked failed, and the work resumes', async () => {
  // A role allowed two connections: the store's pool (of one) and its listener. The store's pool connection is ended,
  // and the test takes the slot: the store's next connection is refused with SQLSTATE 53300.
  const role = `t_limited_${process.pid}_${Date.now().toString(36)}`
  await db.query(`CREATE ROLE ${role} LOGIN CONNECTION LIMIT 2`)
  await db.query(`GRANT ALL ON ALL TABLES IN SCHEMA public TO ${role}`)
  const asRole = Object.assign(new URL(databaseUrl), { username: role }).toString()
  const a = await origin(() => [RED], {}, { url: asRole, poolMax: 1 })
  // The pool's own connection, by its backend's pid (the listener's last statement may be its heartbeat, not LISTEN).
  const pooled = await a.postgres.pool.connect()
  const { pid } = (await pooled.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!
  pooled.release()
  // The pool learns of its connection's end by the socket's error, and announces it: 'remove', once the connection
  // is out of the pool (until then it would hand the dead one out), however late that comes on a busy machine. Not
  // events.once: the pool's 'error' (handled by openPostgres) comes first and would reject it.
  const removed = new Promise((resolve) => a.postgres.pool.once('remove', resolve))
  const ended = await db.query('SELECT pg_terminate_backend($1)', [pid])
  expect(ended.rowCount).toBe(1)
  await removed
  expect(a.postgres.pool.totalCount).toBe(0)
  const squatter = new pg.Client({ connectionString: asRole })
  await squatter.connect()
  try {
    a.sync()
    await a.idle()
    expect(a.status().database).toBe('unreachable')
    expect(logs.join('\n')).toMatch(/the database cannot be reached \(.*too many connections/)
    expect((await db.query('SELECT state FROM image_sources')).rows).toEqual([]) // not even marked needed, and nothing failed
  } finally {
    await squatter.end()
  }
  a.sync()
  await expect.poll(() => a.outcome(RED).status).toBe('ready')
  expect(a.status()).toMatchObject({ database: 'reachable', failed: 0 })
  await a.close()
  for (const postgres of connections.splice(connections.indexOf(a.postgres), 1)) await postgres.close()
  await db.query(`DROP OWNED BY ${role}`)
  await db.query(`DROP ROLE ${role}`)
})
