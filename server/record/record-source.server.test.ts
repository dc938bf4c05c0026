import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createRecordSource } from './record-source.server.ts'
import { startFakeProvider } from '#tests/fake-provider.ts'

const goodRecord = { dbPrincipal: { name: 'Acme Fence' }, dbSlogan: [{ slogan: 'Strong fences' }] }
const MB = 1024 * 1024
/** RECORD_MAX_MB's default. */
const MAX_BYTES = 5 * MB
let dataDir: string
let logs: string[]
const logger = { info: (m: string) => logs.push(`info ${m}`), warn: (m: string) => logs.push(`warn ${m}`) }
const cleanups: (() => unknown)[] = []

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'record-source-'))
  logs = []
})
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

/** A record source for page-1 at `apiUrl`, stopped after the test. */
function sourceAt(apiUrl: string, ttlSeconds = 60) {
  const source = createRecordSource({ apiUrl, pageId: 'page-1', ttlSeconds, dataDir, timeoutMs: 300, maxBytes: MAX_BYTES, logger })
  cleanups.push(() => source.stop())
  return source
}

async function setup(mode: Parameters<typeof startFakeProvider>[0], ttlSeconds = 60) {
  const provider = await startFakeProvider(mode)
  cleanups.push(() => provider.close())
  return { provider, source: sourceAt(provider.url, ttlSeconds) }
}

test('fetches GET {api}/paginas/{id} with a JSON accept header and serves the record', async () => {
  const { provider, source } = await setup({ kind: 'ok', record: goodRecord })
  await source.start()
  expect(provider.requests[0]).toMatchObject({ url: '/api/paginas/page-1', accept: 'application/json' })
  expect(source.current().origin).toBe('provider')
  expect(source.current().record.dbPrincipal.name).toBe('Acme Fence')
})

test.each([
  ['an HTTP 500', { kind: 'status', status: 500 } as const, /HTTP 500/],
  ['an HTTP 404', { kind: 'status', status: 404 } as const, /HTTP 404/],
  ['invalid JSON', { kind: 'garbage' } as const, /not JSON/],
  ['a hung provider', { kind: 'hang' } as const, /no complete answer within 300 ms/],
])('keeps the last good record through %s, and logs the problem once', async (_name, fault, message) => {
  const { provider, source } = await setup({ kind: 'ok', record: goodRecord })
  await source.start()
  const version = source.current().version
  provider.set(fault)
  await source.refresh()
  await source.refresh()
  expect(source.current().record.dbPrincipal.name).toBe('Acme Fence')
  expect(source.current().version).toBe(version)
  expect(source.current().lastError).toMatch(message)
  expect(logs.filter((l) => l.startsWith('warn'))).toHaveLength(1)
  provider.set({ kind: 'ok', record: goodRecord })
  await source.refresh()
  expect(source.current().lastError).toBeNull()
  expect(logs.at(-1)).toMatch(/answering again/)
})

test('a JSON body that is not an object is refused', async () => {
  const { source } = await setup({ kind: 'ok', record: [1, 2, 3] })
  await source.start()
  expect(source.current().origin).toBe('empty')
  expect(source.current().lastError).toMatch(/not a JSON object/)
})

test.each([
  ['6 MB chunked', { bytes: 6 * MB }, /answer larger than 5 MB/],
  ['6 MB under an honest Content-Length', { bytes: 6 * MB, declaredLength: 6 * MB + 40 }, /answer larger than 5 MB/],
  ['6 MB under a Content-Length claiming 1 KB', { bytes: 6 * MB, declaredLength: 1024 }, /not JSON/],
])('a record answer of %s is a provider error: the last good record stays, one log line', async (_name, huge, message) => {
  const { provider, source } = await setup({ kind: 'ok', record: goodRecord })
  await source.start()
  const version = source.current().version
  provider.set({ kind: 'huge', ...huge })
  await source.refresh()
  expect(source.current()).toMatchObject({ version, origin: 'provider', lastError: expect.stringMatching(message) })
  expect(logs.filter((l) => l.startsWith('warn'))).toEqual([expect.stringMatching(message)])
})

test('with no record ever fetched, it serves the empty record', async () => {
  const { source } = await setup({ kind: 'status', status: 503 })
  await source.start()
  expect(source.current().origin).toBe('empty')
  expect(source.current().record.dbServices).toEqual([])
})

test('connection refused is reported with its cause', async () => {
  const { provider, source } = await setup({ kind: 'ok', record: goodRecord })
  await provider.close()
  await source.start()
  expect(source.current().lastError).toMatch(/ECONNREFUSED/)
})

test('a changed record replaces the old one with a new version', async () => {
  const { provider, source } = await setup({ kind: 'ok', record: goodRecord })
  await source.start()
  const before = source.current().version
  provider.set({ kind: 'ok', record: { ...goodRecord, dbPrincipal: { name: 'Acme Fence & Deck' } } })
  await source.refresh()
  expect(source.current().record.dbPrincipal.name).toBe('Acme Fence & Deck')
  expect(source.current().version).not.toBe(before)
})

test('a restart during an outage serves the last good record from disk', async () => {
  const first = await setup({ kind: 'ok', record: goodRecord })
  await first.source.start()
  first.source.stop()
  first.provider.set({ kind: 'status', status: 500 })
  const restarted = sourceAt(first.provider.url)
  await restarted.start()
  expect(restarted.current().origin).toBe('disk')
  expect(restarted.current().record.dbPrincipal.name).toBe('Acme Fence')
  expect(restarted.current().version).toBe(first.source.current().version)
})

test('a disk copy cut short is said so, never served as a record; the next fetch replaces it whole', async () => {
  const first = await setup({ kind: 'ok', record: goodRecord })
  await first.source.start()
  first.source.stop()
  const diskFile = path.join(dataDir, 'record-page-1.json')
  expect(fs.readdirSync(dataDir)).toEqual(['record-page-1.json']) // no temporary file left beside it
  fs.truncateSync(diskFile, fs.statSync(diskFile).size - 10)
  first.provider.set({ kind: 'status', status: 500 })
  const restarted = sourceAt(first.provider.url)
  await restarted.start()
  expect(restarted.current().origin).toBe('empty')
  expect(logs.find((line) => line.includes('is unreadable'))).toMatch(
    /^warn \[record\] .*record-page-1\.json is unreadable \(.*JSON.*\): not served/,
  )
  first.provider.set({ kind: 'ok', record: goodRecord })
  await restarted.refresh()
  expect(JSON.parse(fs.readFileSync(diskFile, 'utf8'))).toMatchObject({ body: JSON.stringify(goodRecord) })
})

test('concurrent refreshes share one request', async () => {
  const { provider, source } = await setup({ kind: 'ok', record: goodRecord })
  await Promise.all([source.refresh(), source.refresh(), source.refresh()])
  expect(provider.requests).toHaveLength(1)
})

test('the background refresh picks up a change within the ttl', async () => {
  const { provider, source } = await setup({ kind: 'ok', record: goodRecord }, 0.2)
  await source.start()
  provider.set({ kind: 'ok', record: { dbPrincipal: { name: 'Renamed' } } })
  await expect.poll(() => source.current().record.dbPrincipal.name).toBe('Renamed')
})

test('page requests refresh at most once per ttl, however many arrive', async () => {
  const { provider, source } = await setup({ kind: 'status', status: 503 })
  await source.start()
  await Promise.all(Array.from({ length: 20 }, () => source.refreshIfDue()))
  expect(provider.requests).toHaveLength(1)
})
