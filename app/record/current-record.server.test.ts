import type { AppLoadContext } from 'react-router'
import { afterEach, expect, test, vi } from 'vitest'
import { emptyRecord, parsePageRecord } from './schema.ts'
import { currentRecord, currentSnapshot } from './current-record.server.ts'

type Snapshot = AppLoadContext['snapshot']
const empty: Snapshot = { record: emptyRecord, version: 'empty.0', origin: 'empty', fetchedAt: null, lastError: null }
const fetched = (name: string): Snapshot => ({
  record: parsePageRecord({ dbPrincipal: { name } }),
  version: `${name}.0`,
  origin: 'provider',
  fetchedAt: '2026-11-23T10:00:00.000Z',
  lastError: null,
})

/** A request's load context: the snapshot taken when it arrived, and the site's live one behind it. */
function requestContext(atArrival: Snapshot, live: () => Snapshot, refreshIfDue: () => Promise<void> = async () => {}) {
  const pageSnapshot = vi.fn(live)
  const refresh = vi.fn(refreshIfDue)
  const context = { snapshot: atArrival, services: { pageSnapshot, records: { refreshIfDue: refresh } } } as unknown as AppLoadContext
  return { context, pageSnapshot, refresh }
}

afterEach(() => vi.useRealTimers())

test('with a record, the request renders the snapshot it arrived with, even if a newer one lands meanwhile', async () => {
  const { context, pageSnapshot } = requestContext(fetched('Acme'), () => fetched('Newer'))
  expect(await currentSnapshot(context)).toBe(context.snapshot)
  expect((await currentRecord(context)).dbPrincipal.name).toBe('Acme')
  expect(pageSnapshot).not.toHaveBeenCalled()
})

test('before any record, every loader of one request waits once and reads the same snapshot', async () => {
  let live = empty
  const { context, pageSnapshot, refresh } = requestContext(
    empty,
    () => live,
    async () => void (live = fetched('Acme')),
  )
  const [root, layout, route] = await Promise.all([currentSnapshot(context), currentSnapshot(context), currentRecord(context)])
  live = fetched('Newer')
  const sitemap = await currentSnapshot(context)
  expect(root.record.dbPrincipal.name).toBe('Acme')
  expect(layout).toBe(root)
  expect(sitemap).toBe(root)
  expect(route).toBe(root.record)
  expect(refresh).toHaveBeenCalledTimes(1)
  expect(pageSnapshot).toHaveBeenCalledTimes(1)
})

test('another request reads its own snapshot', async () => {
  let live = fetched('Acme')
  const first = requestContext(empty, () => live)
  expect((await currentSnapshot(first.context)).version).toBe('Acme.0')
  live = fetched('Cedar')
  const second = requestContext(empty, () => live)
  expect((await currentSnapshot(second.context)).version).toBe('Cedar.0')
})

test('a first fetch slower than one second: the page renders with the empty record', async () => {
  vi.useFakeTimers()
  const { context } = requestContext(
    empty,
    () => empty,
    () => new Promise<void>(() => {}),
  )
  const snapshot = currentSnapshot(context)
  await vi.advanceTimersByTimeAsync(1_000)
  expect(await snapshot).toBe(empty)
})
