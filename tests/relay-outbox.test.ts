import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { LeadStore } from '#server/storage/lead-store.server.ts'
import { buildRelayBody } from '#server/leads/relay-body.server.ts'
import { createDeliveryOutbox, type DeliveryOutboxOptions } from '#server/leads/delivery-outbox.server.ts'
import { relaySender } from '#server/leads/relay-sender.server.ts'
import { createOutboundClient, type OutboundClient } from '#server/outbound/outbound-client.server.ts'
import { startFakeRelay, type FakeRelay } from './fake-relay.ts'
import { captureLogger, manualClock, relayOf, relayOnly, testRecord, validForm } from './lead-fixtures.ts'
import { backends, closeAll } from './storage-backends.ts'
import { startTcpProxy } from './tcp-proxy.ts'

// The outbox's relay deliveries on both storages (its backoff rules are in server/leads/delivery-outbox.server.test.ts).
const lead = { ...validForm, contactWays: ['phone' as const] }
let relay: FakeRelay
const clock = manualClock()

async function insert(store: LeadStore, url: string | null = relay.url) {
  const { row } = await store.insertLead({
    pageId: 'p1',
    site: 'p1',
    lead,
    relayBody: buildRelayBody(lead, testRecord()),
    deliveries: relayOnly(url),
    now: clock.now(),
  })
  return row
}
function outboxFor(store: LeadStore, { outbound, timing, ...extra }: Partial<DeliveryOutboxOptions> & { outbound?: OutboundClient } = {}) {
  const log = captureLogger()
  // The fake relay is on loopback: reachable because it is configured, as an operator's internal relay would be.
  const sender = relaySender(outbound ?? createOutboundClient({ allowOrigins: [relay.url] }), { timeoutMs: timing?.timeoutMs ?? 10_000 })
  return {
    log,
    outbox: createDeliveryOutbox({
      store,
      senders: { relay: sender },
      now: clock.now,
      random: () => 1,
      logger: log.logger,
      timing,
      ...extra,
    }),
  }
}

beforeEach(async () => {
  relay = await startFakeRelay()
})
afterEach(async () => {
  await relay.close()
  await closeAll()
})

describe.each(backends)('the relay through the outbox on $name', (backend) => {
  const openStore = async (place?: string) => (await backend.open(place ?? (await backend.fresh()))).leads
  /** Two stores on one database, as two instances would have. */
  async function twoStores() {
    const place = await backend.fresh()
    return [await openStore(place), await openStore(place)] as const
  }

  test('posts JSON with the lead id as Idempotency-Key, then never again', async () => {
    const store = await openStore()
    const row = await insert(store)
    const { outbox } = outboxFor(store)
    expect(await outbox.drainOnce()).toEqual({ delivered: 1, retried: 0, failed: 0 })
    expect(await outbox.drainOnce()).toEqual({ delivered: 0, retried: 0, failed: 0 })
    expect(relay.requests).toHaveLength(1)
    expect(relay.requests[0]!.headers['content-type']).toBe('application/json')
    expect(relay.requests[0]!.headers['idempotency-key']).toBe(row.id)
    expect(relay.requests[0]!.body).toEqual(row.relayBody)
    expect(relayOf(await store.getLead(row.id))).toMatchObject({ state: 'delivered', attempts: 1, deliveredAt: clock.now() })
  })

  test('a relay the operator did not configure gets no request: the lead is kept, failed with the reason', async () => {
    const store = await openStore()
    const row = await insert(store)
    const { outbox, log } = outboxFor(store, { outbound: createOutboundClient({ allowOrigins: [] }) })
    expect(await outbox.drainOnce()).toEqual({ delivered: 0, retried: 0, failed: 1 })
    clock.advance(24 * 3600_000)
    expect(await outbox.drainOnce()).toEqual({ delivered: 0, retried: 0, failed: 0 })
    expect(relay.requests).toHaveLength(0)
    expect(relayOf(await store.getLead(row.id))).toMatchObject({ state: 'failed', lastError: 'refused: 127.0.0.1 is a loopback address' })
    expect(log.messages('error')).toEqual(['lead relay failed permanently; the lead stays stored'])
  })

  test('a 4xx answer fails the lead for good: kept, logged, not retried', async () => {
    relay.respondWith(422)
    const store = await openStore()
    const row = await insert(store)
    const { outbox, log } = outboxFor(store)
    await outbox.drainOnce()
    clock.advance(24 * 3600_000)
    await outbox.drainOnce()
    expect(relay.requests).toHaveLength(1)
    expect(relayOf(await store.getLead(row.id))).toMatchObject({ state: 'failed', lastError: 'HTTP 422' })
    expect(log.messages('error')).toEqual(['lead relay failed permanently; the lead stays stored'])
  })

  test('5xx, 429 and 408 are retried only when due, with growing delays', async () => {
    const store = await openStore()
    const row = await insert(store)
    const { outbox } = outboxFor(store)
    const start = clock.now()
    for (const [status, wait] of [
      [503, 5_000],
      [429, 10_000],
      [408, 20_000],
    ] as const) {
      relay.respondWith(status)
      await outbox.drainOnce()
      expect(relayOf(await store.getLead(row.id))).toMatchObject({
        state: 'pending',
        nextAttemptAt: clock.now() + wait,
        lastError: `HTTP ${status}`,
      })
      clock.advance(wait - 1)
      expect(await outbox.drainOnce()).toEqual({ delivered: 0, retried: 0, failed: 0 }) // not due yet
      clock.advance(1)
    }
    relay.respondWith(200)
    await outbox.drainOnce()
    expect(relayOf(await store.getLead(row.id))).toMatchObject({ state: 'delivered', attempts: 4 })
    expect(clock.now() - start).toBe(35_000)
    expect(relay.accepted()).toHaveLength(1)
  })

  test('a relay slower than the timeout is retried', async () => {
    relay.respondWith(200, 500)
    const store = await openStore()
    const row = await insert(store)
    const { outbox } = outboxFor(store, { timing: { timeoutMs: 30 } })
    expect(await outbox.drainOnce()).toEqual({ delivered: 0, retried: 1, failed: 0 })
    expect(relayOf(await store.getLead(row.id))!.lastError).toMatch(/no complete answer within 30 ms/)
  })

  test('keeps retrying for 3 days, then marks the lead failed and keeps it', async () => {
    const store = await openStore()
    const row = await insert(store)
    relay.respondWith(503)
    const { outbox, log } = outboxFor(store)
    const start = clock.now()
    for (let i = 0; i < 500 && relayOf(await store.getLead(row.id))!.state === 'pending'; i++) {
      await outbox.drainOnce()
      clock.advance(Math.max(0, relayOf(await store.getLead(row.id))!.nextAttemptAt - clock.now()))
    }
    const final = relayOf(await store.getLead(row.id))!
    expect(final.state).toBe('failed')
    expect(final.lastError).toMatch(/^gave up after \d+ attempts: HTTP 503$/)
    expect(clock.now() - start).toBeGreaterThanOrEqual(3 * 24 * 60 * 60 * 1000)
    expect(final.attempts).toBeLessThan(90) // an hour apart at most, so not a hammering loop
    expect(log.messages('error')).toHaveLength(1)
  })

  test('two outboxes on one database never deliver a lead twice', async () => {
    relay.respondWith(200, 20) // slow enough that both workers are busy at once
    const [storeA, storeB] = await twoStores()
    const ids: string[] = []
    for (let i = 0; i < 8; i++) ids.push((await insert(storeA)).id)
    const a = outboxFor(storeA, { batchSize: 3 }).outbox
    const b = outboxFor(storeB, { batchSize: 3 }).outbox
    const [ra, rb] = await Promise.all([a.drainOnce(), b.drainOnce(), a.drainOnce(), b.drainOnce()])
    expect(ra!.delivered + rb!.delivered).toBeGreaterThan(0)
    const sent = relay.requests.map((r) => r.headers['idempotency-key'])
    expect(sent.toSorted()).toEqual(ids.toSorted())
    expect((await storeB.listLeads()).map(relayOf).every((d) => d!.state === 'delivered' && d!.attempts === 1)).toBe(true)
  })

  test('a lead claimed by a worker that died is sent again once its lease runs out', async () => {
    const place = await backend.fresh()
    const store = await openStore(place)
    const row = await insert(store)
    expect(await store.claimDue({ now: clock.now(), leaseMs: 60_000, limit: 10, owner: 'dead-worker' })).toHaveLength(1)
    const { outbox } = outboxFor(store)
    expect((await outbox.drainOnce()).delivered).toBe(0)
    clock.advance(60_000)
    await backend.leasesPass(place, 60_000)
    expect((await outbox.drainOnce()).delivered).toBe(1)
    expect(relayOf(await store.getLead(row.id))).toMatchObject({ state: 'delivered', attempts: 2 })
  })

  test('a worker that outlived its lease cannot settle the lead another one took over, and says so', async () => {
    relay.respondWith(200, 200)
    const place = await backend.fresh()
    const [storeA, storeB] = [await openStore(place), await openStore(place)]
    const row = await insert(storeA)
    const slow = outboxFor(storeA, { owner: 'slow:1', timing: { timeoutMs: 1_000 } })
    const sending = slow.outbox.drainOnce()
    await expect.poll(() => relay.requests.length).toBe(1)
    // The slow worker's lease (6 × its timeout) has run out while its request is still open.
    clock.advance(6_000)
    await backend.leasesPass(place, 6_000)
    const other = outboxFor(storeB, { owner: 'other:2' })
    await Promise.all([sending, other.outbox.drainOnce()])
    expect(slow.log.messages('warn')).toEqual([
      'lead relayed after its lease ran out; another worker may send it again (same Idempotency-Key)',
    ])
    expect(relayOf(await storeB.getLead(row.id))).toMatchObject({ state: 'delivered', claimedBy: 'other:2', attempts: 2 })
    expect(relay.accepted().map((r) => r.headers['idempotency-key'])).toEqual([row.id, row.id]) // the relay's key drops the repeat
  })

  test('start() resumes pending leads in the background; stop() waits for it', async () => {
    const store = await openStore()
    const row = await insert(store)
    const { outbox } = outboxFor(store, { timing: { pollMs: 60_000 } })
    outbox.start()
    await outbox.idle()
    await outbox.stop()
    expect(relayOf(await store.getLead(row.id))!.state).toBe('delivered')
  })

  test('held leads wait for a relay URL, then go out', async () => {
    const store = await openStore()
    const row = await insert(store, null)
    const { outbox } = outboxFor(store)
    await outbox.drainOnce()
    expect(relayOf(await store.getLead(row.id))).toMatchObject({ state: 'held', attempts: 0 })
    expect(await outbox.releaseHeld(relay.url, 'p1')).toBe(1)
    await outbox.drainOnce()
    expect(relayOf(await store.getLead(row.id))).toMatchObject({ state: 'delivered', target: relay.url })
  })
})

describe('the outbox and a database outage', () => {
  test('a lost database is logged once, and the outbox resumes by itself when it is back', async () => {
    const place = await backends[1]!.fresh()
    const proxy = await startTcpProxy(Number(new URL(place).port))
    try {
      const url = new URL(place)
      url.port = String(proxy.port)
      const store = (await backends[1]!.open(url.toString())).leads
      const { outbox, log } = outboxFor(store, { timing: { pollMs: 20 } })
      await proxy.cut()
      outbox.start()
      await expect.poll(() => log.messages('error')).toEqual(['lead outbox drain failed; retrying every poll'])
      await proxy.restore()
      const row = await insert(store)
      await expect.poll(async () => relayOf(await store.getLead(row.id))!.state).toBe('delivered')
      await outbox.stop()
      expect(log.messages('error')).toHaveLength(1)
      expect(log.messages('info')).toContain('lead outbox reaches the lead store again')
    } finally {
      await proxy.close()
    }
  })
})
