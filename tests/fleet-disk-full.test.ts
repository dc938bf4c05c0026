import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { acmeRecord } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { freshDatabase } from './postgres.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * The origin holding a record's lease runs out of disk: its DATA_DIR is a small tmpfs of its own (mounted here, which
 * takes root, as the CI runs), filled to the last byte by the test, so every write there fails with ENOSPC as on a full
 * disk. The fleet's copy comes first, so the fleet gets the new record; the holder gives its lease up, and once another
 * origin is there, that one fetches for the fleet.
 */

const TTL_SECONDS = 1
type Site = Awaited<ReturnType<typeof startSite>>
const record = (name: string) => {
  const { logo: _none, ...principal } = acmeRecord().dbPrincipal // no picture: the pages depend on the record alone
  return { ...acmeRecord(), dbPrincipal: { ...principal, name } }
}

let provider: Awaited<ReturnType<typeof startFakeProvider>>
let disk: string
let db: pg.Client
let env: (name: string) => Record<string, string>
let holder: Site
let other: Site | undefined

beforeAll(async () => {
  ensureBuilt()
  if (process.getuid?.() !== 0) throw new Error('The disk-full test mounts a tmpfs: run it as root (the CI does).')
  disk = fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-disk-'))
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tradesite-test', disk])
  provider = await startFakeProvider({ kind: 'ok', record: record('Acme Fence') })
  const databaseUrl = await freshDatabase(inject('postgresUrl'))
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  env = (name) => ({
    PAGE_API_URL: provider.url,
    PAGE_ID: 'acme',
    DATABASE_URL: databaseUrl,
    RECORD_TTL_SECONDS: String(TTL_SECONDS),
    ORIGIN_NAME: name,
  })
  holder = await startSite(env('holder'), disk) // alone: the record's lease is its
}, 120_000)

afterAll(async () => {
  await Promise.all([holder?.stop(), other?.stop()])
  await db?.end()
  await provider?.close()
  if (disk) {
    execFileSync('umount', [disk])
    fs.rmSync(disk, { recursive: true, force: true })
  }
})

const health = async (origin: Site) =>
  (await (await origin.get('/healthz')).json()) as { record: { fetchedBy: string; source: string }; fleet: { mode: string } }
const serves = async (origin: Site, name: string) => (await (await origin.get('/')).text()).includes(name.replaceAll('&', '&amp;'))
const events = (origin: Site, event: string) => origin.logLines().filter((line) => line.event === event)

/** Fills the file system to its last byte: every later write there fails with ENOSPC. */
function fill(dir: string) {
  const chunk = Buffer.alloc(64 * 1024, 1)
  for (let i = 0; i < 1_000; i++) {
    try {
      fs.appendFileSync(path.join(dir, 'ballast'), i < 100 ? chunk : chunk.subarray(0, 512))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOSPC' && i >= 100) return
      if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      i = 99 // the big chunks no longer fit: the last blocks go in small ones
    }
  }
  throw new Error(`${dir} did not fill up`)
}

const fleetRecord = async () =>
  (await db.query<{ lease_holder: string; fetched_by: string; body: string }>('SELECT lease_holder, fetched_by, body FROM fleet_records'))
    .rows[0]!

test('a lease holder whose disk is full stores the new record for the fleet first, then hands the fetching to another origin', async () => {
  expect(await health(holder)).toMatchObject({ record: { source: 'provider', fetchedBy: 'holder' } })
  fill(disk)

  // Alone, it still fetches for the fleet (nobody else would), and the fleet's copy is stored whatever its disk does.
  provider.set({ kind: 'ok', record: record('Acme Fence & Deck') })
  await expect.poll(async () => (await fleetRecord()).body, { interval: 100 }).toContain('Acme Fence & Deck')
  expect((await fleetRecord()).fetched_by).toBe('holder')
  expect(await serves(holder, 'Acme Fence & Deck')).toBe(true) // from memory
  expect(events(holder, 'record.disk-failed')[0]).toMatchObject({ reason: expect.stringMatching(/ENOSPC/) })
  expect((await health(holder)).fleet.mode).toBe('on') // neither the database's fault nor the provider's

  // Another origin joins and serves it from the fleet; the holder leaves the lease to it.
  other = await startSite(env('other'))
  expect(await serves(other, 'Acme Fence & Deck')).toBe(true)
  await expect.poll(async () => (await fleetRecord()).lease_holder, { interval: 100 }).toBe('other')
  provider.set({ kind: 'ok', record: record('Acme Fence, Deck & Gate') })
  for (const origin of [other, holder]) await expect.poll(() => serves(origin, 'Acme Fence, Deck & Gate'), { interval: 100 }).toBe(true)
  expect(await health(holder)).toMatchObject({ record: { source: 'fleet', fetchedBy: 'other' } })
  expect(events(holder, 'record.disk-failed')).toHaveLength(1) // once, however many writes failed
})
