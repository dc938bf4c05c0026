import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { afterEach, beforeEach, expect, inject, test } from 'vitest'
import { parseLocalImage } from '#app/ui/image-variants.ts'
import { openFleetImageStore, type FleetImageStoreOptions } from '#server/images/fleet-image-store.server.ts'
import type { ImageStore } from '#server/images/image-store.server.ts'
import { migrate } from '#server/storage/postgres-migrations.server.ts'
import { freshDatabase } from './postgres.ts'

/**
 * The fleet's image store in-process, several instances (standing for origins) on one fresh database of
 * the run's PostgreSQL, with a clock the test moves: what they share (the work, the failures and their
 * back-off, the variants) and what each keeps (its bounded disk cache). The origins themselves, killed
 * mid-encode and behind Varnish, are tests/fleet-images.test.ts.
 */

const RED = 'https://a.example/red.jpg'
const BLUE = 'https://a.example/blue.jpg'
let databaseUrl: string
let clock: number
let host: Record<string, Buffer>
let fetched: string[]
let logs: string[]
const stores: ImageStore[] = []
const dirs: string[] = []
const picture = (colour: string) =>
  sharp({ create: { width: 800, height: 400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

beforeEach(async () => {
  databaseUrl = await freshDatabase(inject('postgresUrl'))
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  await migrate(db)
  await db.end()
  clock = 1_800_000_000_000
  host = { [RED]: await picture('#c00'), [BLUE]: await picture('#00c') }
  fetched = []
  logs = []
})
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** One origin's store with its own DATA_DIR, needing `urls` for one site. */
async function origin(urls: () => string[] | null, options: Partial<FleetImageStoreOptions> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-store-'))
  dirs.push(dataDir)
  const store = await openFleetImageStore({
    databaseUrl,
    dataDir,
    maxDatabaseBytes: 50e6,
    maxCacheBytes: 50e6,
    now: () => clock,
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
  return store
}

test('two origins needing the same photos fetch and encode each once, and show the same pictures at the same generation', async () => {
  const [a, b] = await Promise.all([origin(() => [RED, BLUE]), origin(() => [BLUE, RED])])
  a.sync()
  b.sync()
  await Promise.all([a.idle(), b.idle()])
  expect(fetched.sort()).toEqual([BLUE, RED])
  expect(a.status().encodesHere + b.status().encodesHere).toBe(2)
  for (const url of [RED, BLUE]) expect(b.localSrc(url)).toBe(a.localSrc(url))
  await expect.poll(() => b.generation).toBe(a.generation)
  expect(a.status()).toMatchObject({ store: 'fleet', ready: 2, pending: 0, failed: 0, database: 'reachable' })
})

test("a failure and its back-off are the fleet's: another origin does not try the photo before it is due", async () => {
  const a = await origin(() => ['https://a.example/missing.jpg'])
  a.sync()
  await a.idle()
  expect(a.outcome('https://a.example/missing.jpg')).toEqual({ status: 'failed', detail: 'HTTP 404' })
  const b = await origin(() => ['https://a.example/missing.jpg'])
  b.sync()
  await b.idle()
  expect(fetched).toHaveLength(1)
  expect(b.siteStatus('site-a')).toEqual({ ready: 0, pending: 0, failed: 1 })

  clock += 5 * 60_000 // the first retry is due
  b.sync()
  await expect.poll(() => fetched.length).toBe(2)
  expect(logs.filter((line) => line.includes('missing.jpg: HTTP 404'))).toHaveLength(2) // once by each origin that tried
})

test("an origin that made nothing serves the fleet's variants from the database, through a cache that keeps to its bound", async () => {
  const a = await origin(() => [RED])
  a.sync()
  await a.idle()
  const { hash } = parseLocalImage(a.localSrc(RED)!)!
  const b = await origin(() => [RED], { maxCacheBytes: 1 })
  expect(b.localSrc(RED)).toBe(a.localSrc(RED)) // known from its first moment, made by nobody here
  const small = await b.variantFile(hash, '160.webp')
  expect(fs.readFileSync(path.join(b.root, small!))).toEqual(fs.readFileSync(path.join(a.root, `${hash}/160.webp`)))
  await b.variantFile(hash, '320.webp') // past the bound: the least recently used file leaves the disk
  expect(fs.existsSync(path.join(b.root, small!))).toBe(false)
  expect(await b.variantFile(hash, '160.webp')).toBe(small) // and is read again when asked for
  expect(await b.variantFile(hash, '9999.webp')).toBeUndefined()
  expect(await b.variantFile('0'.repeat(32), '160.webp')).toBeUndefined()
  expect(b.status()).toMatchObject({ downloadsHere: 0, encodesHere: 0 })
})

test('past IMAGE_DATABASE_MB no new photo is encoded, and the reason is logged', async () => {
  const a = await origin(() => [RED, BLUE], { maxDatabaseBytes: 1 })
  a.sync()
  await a.idle()
  expect([a.localSrc(RED), a.localSrc(BLUE)].filter(Boolean)).toHaveLength(1)
  expect(logs.join('\n')).toMatch(/the fleet's image table is full/)
})

test('a photo no origin has needed for an hour is dropped with its variants, and the generation moves', async () => {
  let urls = [RED]
  const a = await origin(() => urls)
  a.sync()
  await a.idle()
  expect(a.localSrc(RED)).toBeDefined()
  urls = [BLUE]
  clock += 61 * 60_000
  a.sync()
  await expect.poll(() => a.localSrc(RED)).toBeUndefined()
  await a.idle()
  expect(a.localSrc(BLUE)).toBeDefined()
  expect(a.status()).toMatchObject({ ready: 1 })
})
