import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { startFakeProvider } from '#tests/fake-provider.ts'
import type { RecordStorage, StoredRecord } from '../storage/storage-contract.server.ts'
import { createRecordFleet } from './record-fleet.server.ts'
import { createRecordSource, type RecordSnapshot, type RecordSource } from './record-source.server.ts'

/** The next record `source` takes (its own fetch's, or the fleet's on a notification), as its change listeners hear it. */
const nextRecord = (source: RecordSource) =>
  new Promise<RecordSnapshot>((resolve) => {
    const stop = source.onChange((snapshot) => {
      stop()
      resolve(snapshot)
    })
  })

/**
 * The fleet's rules over an in-memory RecordStorage with PostgreSQL's semantics (a lease, a save only by its
 * holder, a notification per save, a database that can go away). The PostgreSQL statements themselves run
 * against a real server in tests/fleet-record.test.ts.
 */

const acme = { dbPrincipal: { name: 'Acme Fence' } }
const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

function memoryRecords() {
  const rows = new Map<string, { holder: string | null; until: number; record: StoredRecord | null }>()
  const listeners = new Set<(endpoint: string) => void>()
  /** The database's clock against the origins' (theirs may be behind or ahead of it). */
  const state = { down: false, clockAheadMs: 0, saveFails: false }
  const reachable = () => {
    if (state.down) throw new Error('connect ECONNREFUSED 127.0.0.1:5432')
  }
  const store: RecordStorage = {
    async claim(endpoint, holder, leaseMs, yieldMs = 0) {
      reachable()
      const row = rows.get(endpoint) ?? { holder: null, until: 0, record: null }
      const now = Date.now() + state.clockAheadMs
      const renewal = !yieldMs && row.holder === holder && row.until <= now + leaseMs / 10
      if (row.until > now - yieldMs && !renewal) return { held: false, now }
      rows.set(endpoint, { ...row, holder, until: now + leaseMs })
      return { held: true, now }
    },
    async release(endpoint, holder) {
      reachable()
      const row = rows.get(endpoint)
      if (row?.holder === holder) row.until = Date.now() + state.clockAheadMs
    },
    async save(endpoint, holder, record) {
      reachable()
      if (state.saveFails) throw new Error('Connection terminated unexpectedly')
      const row = rows.get(endpoint)
      if (row?.holder !== holder) return false
      row.record = record
      for (const listener of listeners) listener(endpoint)
      return true
    },
    async load(endpoint, knownVersion) {
      reachable()
      const record = rows.get(endpoint)?.record
      return record ? { ...record, body: record.version === knownVersion ? null : record.body } : null
    },
    async summaries(endpoints) {
      reachable()
      return endpoints.flatMap((endpoint) => {
        const record = rows.get(endpoint)?.record
        return record ? [{ endpoint, version: record.version, fetchedAt: record.fetchedAt, fetchedBy: record.fetchedBy, name: null }] : []
      })
    },
    listen(onSaved, onConnection) {
      listeners.add(onSaved)
      onConnection(true)
      return { close: async () => void listeners.delete(onSaved) }
    },
  }
  /** Time passes: every lease has run out. */
  const leasesRunOut = () => {
    for (const row of rows.values()) row.until = 0
  }
  return { store, state, leasesRunOut }
}

/** Origins by name; `clockAheadMs` sets an origin's own clock that far ahead of the others' and the database's. */
async function fleetOf(names: string[], ttlSeconds = 60, clockAheadMs: Record<string, number> = {}) {
  const provider = await startFakeProvider({ kind: 'ok', record: acme })
  const records = memoryRecords()
  const logs: string[] = []
  const logger = { info: (m: string) => logs.push(`info ${m}`), warn: (m: string) => logs.push(`warn ${m}`) }
  const origins = names.map((name) => {
    const clock = () => Date.now() + (clockAheadMs[name] ?? 0)
    const fleet = createRecordFleet({ store: records.store, origin: name, logger, clock })
    fleet.start()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `fleet-${name}-`))
    const source = createRecordSource({
      apiUrl: provider.url,
      pageId: 'acme',
      ttlSeconds,
      dataDir,
      timeoutMs: 300,
      maxBytes: 1e6,
      logger,
      fleet,
    })
    cleanups.push(
      () => source.stop(),
      fleet.close,
      () => fs.rmSync(dataDir, { recursive: true, force: true }),
    )
    return { fleet, source, dataDir }
  })
  cleanups.push(provider.close)
  const recordRequests = () => provider.requests.filter((r) => r.url === '/api/paginas/acme').length
  return { provider, records, logs, origins, recordRequests }
}

test('one origin fetches, the others serve what it stored: same version, one provider request', async () => {
  const { origins, recordRequests } = await fleetOf(['a', 'b', 'c'])
  for (const { source } of origins) await source.start()
  expect(recordRequests()).toBe(1)
  const [a, b, c] = origins.map(({ source }) => source.current())
  expect(a).toMatchObject({ origin: 'provider', fetchedBy: 'a' })
  expect(b).toMatchObject({ origin: 'fleet', fetchedBy: 'a', version: a!.version, fetchedAt: a!.fetchedAt })
  expect(c!.record.dbPrincipal.name).toBe('Acme Fence')
  // Ticks within the lease fetch nothing; the holder's next tick, at the lease's end, fetches again.
  await Promise.all(origins.slice(1).map(({ source }) => source.refresh()))
  expect(recordRequests()).toBe(1)
})

test('a holder that stops fetching (it died) hands the site to the next origin to tick once its lease runs out', async () => {
  const { records, origins, recordRequests } = await fleetOf(['a', 'b'])
  for (const { source } of origins) await source.start()
  origins[0]!.source.stop()
  await origins[1]!.source.refresh()
  expect(recordRequests()).toBe(1) // the lease still runs
  records.leasesRunOut()
  await origins[1]!.source.refresh()
  expect(recordRequests()).toBe(2)
  expect(origins[1]!.source.current()).toMatchObject({ origin: 'provider', fetchedBy: 'b' })
})

test('a record the holder fetches reaches the others by notification, with their change listeners called', async () => {
  const { provider, records, origins } = await fleetOf(['a', 'b'])
  for (const { source } of origins) await source.start()
  const [holder, other] = origins.map((o) => o.source)
  const heard: string[] = []
  other!.onChange((snapshot) => heard.push(snapshot.version))
  const told = nextRecord(other!)
  provider.set({ kind: 'ok', record: { dbPrincipal: { name: 'Acme Fence & Deck' } } })
  records.leasesRunOut()
  await holder!.refresh()
  await told
  expect(other!.current().record.dbPrincipal.name).toBe('Acme Fence & Deck')
  expect(other!.current().version).toBe(holder!.current().version)
  expect(heard).toEqual([holder!.current().version])
})

test('a fresh origin serves the fleet’s record while the provider is down', async () => {
  const { provider, origins, recordRequests } = await fleetOf(['a', 'b'])
  await origins[0]!.source.start()
  provider.set({ kind: 'status', status: 503 })
  await origins[1]!.source.start()
  expect(origins[1]!.source.current()).toMatchObject({ origin: 'fleet', fetchedBy: 'a', lastError: null })
  expect(origins[1]!.source.current().record.dbPrincipal.name).toBe('Acme Fence')
  expect(recordRequests()).toBe(1)
})

test('an origin that takes the lease while the provider is down serves the fleet’s last good record', async () => {
  const { provider, records, origins } = await fleetOf(['a', 'b'])
  await origins[0]!.source.start()
  provider.set({ kind: 'status', status: 503 })
  records.leasesRunOut()
  await origins[1]!.source.start()
  expect(origins[1]!.source.current()).toMatchObject({ origin: 'fleet', fetchedBy: 'a', lastError: 'HTTP 503', record: acme })
})

test('the database gone: each origin fetches for itself, the outage is logged once, the fleet resumes when it is back', async () => {
  const { records, logs, origins, recordRequests } = await fleetOf(['a', 'b'])
  for (const { source } of origins) await source.start()
  records.state.down = true
  for (let i = 0; i < 3; i++) for (const { source } of origins) await source.refresh()
  expect(origins.map(({ fleet }) => fleet.state().mode)).toEqual(['off', 'off'])
  expect(origins[1]!.fleet.state().error).toMatch(/ECONNREFUSED/)
  expect(origins[1]!.source.current()).toMatchObject({ origin: 'provider', record: acme })
  // b fetched once for itself; a's own copy was fresh (under half a ttl old), and later ticks within the ttl keep theirs.
  expect(recordRequests()).toBe(2)
  expect(logs.filter((line) => line.includes('does not answer'))).toHaveLength(2) // once per origin, not per tick

  records.state.down = false
  records.leasesRunOut()
  for (const { source } of origins) await source.refresh()
  expect(origins.map(({ fleet }) => fleet.state().mode)).toEqual(['on', 'on'])
  expect(logs.filter((line) => line.includes('answers again'))).toHaveLength(2)
  expect(recordRequests()).toBe(3) // one holder again
})

test('a copy this origin fetched during an outage is not replaced by an older one from the fleet', async () => {
  const { provider, records, origins } = await fleetOf(['a', 'b'])
  for (const { source } of origins) await source.start()
  records.state.down = true
  provider.set({ kind: 'ok', record: { dbPrincipal: { name: 'Newer' } } })
  await origins[1]!.source.refresh() // b fetches for itself: the newer record
  records.state.down = false
  await origins[1]!.source.refresh() // a still holds the lease: b loads, and keeps its newer copy
  expect(origins[1]!.source.current().record.dbPrincipal.name).toBe('Newer')
})

test('fetch times are the database’s clock: a holder whose clock runs 20 minutes ahead does not make the next holder’s copy look older', async () => {
  const { provider, records, origins } = await fleetOf(['ahead', 'b'], 60, { ahead: 20 * 60_000 })
  const [ahead, b] = origins.map((o) => o.source)
  await ahead!.start() // the holder: its fetch is dated on the database's clock, not 20 minutes ahead
  await b!.start()
  expect(Math.abs(Date.parse(ahead!.current().fetchedAt!) - Date.now())).toBeLessThan(60_000)
  provider.set({ kind: 'ok', record: { dbPrincipal: { name: 'Acme Fence & Deck' } } })
  records.leasesRunOut()
  const told = nextRecord(ahead!)
  await b!.refresh() // b holds now, and fetches the newer record
  await told
  expect(ahead!.current().record.dbPrincipal.name).toBe('Acme Fence & Deck')
  expect(ahead!.current()).toMatchObject({ origin: 'fleet', fetchedBy: 'b', version: b!.current().version })
})

test('a holder that cannot keep the record on its disk stores the fleet’s copy first, and leaves the fetching to another origin', async () => {
  const { provider, records, logs, origins, recordRequests } = await fleetOf(['a', 'b'])
  for (const { source } of origins) await source.start()
  const [a, b] = origins
  // a's DATA_DIR becomes a file: nothing can be written under it, as on a full or read-only disk.
  fs.rmSync(a!.dataDir, { recursive: true })
  fs.writeFileSync(a!.dataDir, '')
  provider.set({ kind: 'ok', record: { dbPrincipal: { name: 'Acme Fence & Deck' } } })
  records.leasesRunOut()
  const told = nextRecord(b!.source)
  await a!.source.refresh() // a renews its lease, fetches, stores for the fleet, cannot keep it itself: gives the lease up
  await told
  expect(b!.source.current().record.dbPrincipal.name).toBe('Acme Fence & Deck')
  expect(a!.source.current()).toMatchObject({ origin: 'provider', version: b!.source.current().version, lastError: null })
  expect(a!.fleet.state().mode).toBe('on') // neither the database's fault nor the provider's
  expect(logs.filter((line) => line.includes("cannot keep the last good record on this origin's disk"))).toHaveLength(1)

  const before = recordRequests()
  await a!.source.refresh() // the lease is free, but a cannot keep what it fetches: it leaves the lease to the others
  expect(recordRequests()).toBe(before)
  await b!.source.refresh() // b fetches for the fleet from now on
  expect(recordRequests()).toBe(before + 1)
  expect(b!.source.current()).toMatchObject({ origin: 'provider', fetchedBy: 'b' })
  records.leasesRunOut()
  await a!.source.refresh() // no other origin took the lease for a whole ttl: a fetches rather than nobody
  expect(recordRequests()).toBe(before + 2)
})

test('a holder whose database goes away between its fetch and its save still keeps the new record on its disk', async () => {
  const { provider, records, origins } = await fleetOf(['a'])
  const [a] = origins
  await a!.source.start()
  provider.set({ kind: 'ok', record: { dbPrincipal: { name: 'Acme Fence & Deck' } } })
  records.state.saveFails = true
  records.leasesRunOut()
  await a!.source.refresh()
  expect(a!.fleet.state().mode).toBe('off')
  const onDisk = JSON.parse(fs.readFileSync(path.join(a!.dataDir, 'record-acme.json'), 'utf8')) as { body: string }
  expect(JSON.parse(onDisk.body)).toEqual({ dbPrincipal: { name: 'Acme Fence & Deck' } })
})
