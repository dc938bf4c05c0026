import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { PageRecord } from '#app/record/schema.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import type { Storage } from '#server/storage/storage-contract.server.ts'
import { createOutboundClient } from '#server/outbound/outbound-client.server.ts'
import { createLeadService, type LeadService, type LeadServiceOptions } from './lead-service.server.ts'
import { captureLogger, manualClock, relayOf, tempDir, testRecord, validForm } from '#tests/lead-fixtures.ts'
import { startFakeRelay, type FakeRelay } from '#tests/fake-relay.ts'

let relay: FakeRelay
let tmp: ReturnType<typeof tempDir>
let storages: Storage[]
let record: PageRecord
let services: LeadService[]
let log: ReturnType<typeof captureLogger>
const clock = manualClock()

/** A lead service on a fresh storage in the test's DATA_DIR (the storage contract is tested on both backends elsewhere). */
async function start(extra: Partial<LeadServiceOptions> = {}) {
  const storage = await openStorage({ dataDir: tmp.dir, defaultSite: 'page-1' })
  storages.push(storage)
  const service = createLeadService({
    store: storage.leads,
    pageId: 'page-1',
    getRecord: () => record,
    siteUrl: 'https://acme.example',
    logger: log.logger,
    now: clock.now,
    random: () => 1,
    relayTiming: { pollMs: 60_000 }, // background polling never fires in a test; pokes and drainOnce do the work
    outbound: createOutboundClient({ allowOrigins: [relay.url] }), // a loopback relay, configured as an operator would
    ...extra,
  })
  services.push(service)
  return service
}

beforeEach(async () => {
  relay = await startFakeRelay()
  tmp = tempDir()
  record = testRecord({ linkPostEmail: relay.url })
  services = []
  storages = []
  log = captureLogger()
})
afterEach(async () => {
  for (const s of services) await s.close()
  for (const s of storages) await s.close()
  await relay.close()
  tmp.remove()
})

describe('lead service', () => {
  test('a valid lead is stored, then relayed with the exact provider body', async () => {
    const service = await start()
    const result = await service.submit(validForm)
    expect(result).toEqual({ ok: true, id: expect.any(String), created: true })
    const id = (result as { id: string }).id
    expect(await service.store.getLead(id)).toMatchObject({
      pageId: 'page-1',
      site: 'page-1',
    })

    await service.outbox.idle()
    expect(relay.requests).toHaveLength(1)
    expect(relay.requests[0]!.headers['idempotency-key']).toBe(id)
    expect(relay.requests[0]!.headers['content-type']).toBe('application/json')
    expect(relay.requests[0]!.body).toEqual({
      toEmail: 'owner@acme.example',
      nombre: 'Ana',
      lastname: 'Lopez',
      email: 'ana@example.com',
      asunto: 'New Service Request From Ana Lopez',
      phone: '(555) 123-4567',
      address: '1 Main St',
      service: 'Deck Repair',
      mensaje: 'No Extra Info',
      img: 'https://acme.example/images/logo.png',
      color: '1',
      waytocontact: 'Call me, Email',
    })
    expect(relayOf(await service.store.getLead(id))!.state).toBe('delivered')
  })

  test('the browser cannot choose the recipient', async () => {
    const service = await start()
    await service.submit({ ...validForm, toEmail: 'victim@example.com' })
    await service.outbox.idle()
    expect(relay.requests[0]!.body).toMatchObject({ toEmail: 'owner@acme.example' })
  })

  test('invalid input is refused with field messages, and nothing is stored or relayed', async () => {
    const service = await start()
    // 'Gutters' is the record's 7th service: the form only offers the first 6.
    const result = await service.submit({ ...validForm, email: 'ana@', service: 'Gutters' })
    expect(result).toEqual({
      ok: false,
      fieldErrors: { email: 'Please enter a valid email address.', service: 'Please choose a service from the list.' },
      values: { ...validForm, email: 'ana@', service: 'Gutters' },
    })
    await service.outbox.idle()
    expect(await service.store.listLeads()).toEqual([])
    expect(relay.requests).toEqual([])
  })

  test('field messages are Spanish when the record is not in English', async () => {
    record = testRecord({ linkPostEmail: relay.url, isenglish: false })
    const result = await (await start()).submit({ ...validForm, firstName: '' })
    expect(result).toMatchObject({ ok: false, fieldErrors: { firstName: 'Ingrese su nombre.' } })
  })

  test('relay down: the visitor is told success, and the lead is delivered exactly once when it is back', async () => {
    await relay.down()
    const service = await start()
    const result = await service.submit(validForm)
    expect(result.ok).toBe(true)
    const id = (result as { id: string }).id
    await service.outbox.idle()
    expect(relayOf(await service.store.getLead(id))).toMatchObject({
      state: 'pending',
      attempts: 1,
      lastError: expect.stringContaining('ECONNREFUSED'),
    })

    await relay.up()
    relay.respondWith(503)
    clock.advance(5_000)
    expect(await service.outbox.drainOnce()).toEqual({ delivered: 0, retried: 1, failed: 0 })

    relay.respondWith(200)
    clock.advance(10_000)
    expect(await service.outbox.drainOnce()).toEqual({ delivered: 1, retried: 0, failed: 0 })
    clock.advance(3_600_000)
    await service.outbox.drainOnce()
    expect(relay.accepted().map((r) => r.headers['idempotency-key'])).toEqual([id])
    expect(relayOf(await service.store.getLead(id))).toMatchObject({ state: 'delivered', attempts: 3 })
  })

  test('a lead pending at shutdown is delivered after a restart', async () => {
    await relay.down()
    const before = await start()
    const { id } = (await before.submit(validForm)) as { id: string }
    await before.outbox.idle()
    await before.close()

    await relay.up()
    clock.advance(5_000)
    const after = await start() // a fresh store and outbox on the same DATA_DIR
    await after.outbox.idle()
    expect(relay.accepted().map((r) => r.headers['idempotency-key'])).toEqual([id])
    expect(relayOf(await after.store.getLead(id))!.state).toBe('delivered')
  })

  test('with no linkPostEmail the lead is held and logged, and goes out once one is configured', async () => {
    record = testRecord()
    const service = await start()
    const { id } = (await service.submit(validForm)) as { id: string }
    await service.outbox.idle()
    expect(relayOf(await service.store.getLead(id))!.state).toBe('held')
    expect(log.messages('warn')).toEqual(['lead stored but held: the page record has no linkPostEmail'])
    expect(relay.requests).toEqual([])

    record = testRecord({ linkPostEmail: relay.url })
    expect(await service.releaseHeldIfConfigured()).toBe(1)
    await service.outbox.idle()
    expect(relayOf(await service.store.getLead(id))!.state).toBe('delivered')
    expect(relay.requests).toHaveLength(1)
  })

  test('a filled honeypot gets a fake success and nothing is stored or relayed', async () => {
    const service = await start()
    const result = await service.submit({ ...validForm, website: 'http://spam.example' })
    expect(result).toEqual({ ok: true, id: expect.any(String), created: false })
    await service.outbox.idle()
    expect(await service.store.listLeads()).toEqual([])
    expect(relay.requests).toEqual([])
    expect(log.messages('info')).toEqual(['honeypot filled; lead dropped with a fake success'])
  })

  test('the honeypot is checked first: a bot with bad fields gets the same success, never a field message', async () => {
    const service = await start()
    const result = await service.submit({ firstName: '', email: 'ana@', service: 'Gutters', website: 'http://spam.example' })
    expect(result).toEqual({ ok: true, id: expect.any(String), created: false })
    await service.outbox.idle()
    expect(await service.store.listLeads()).toEqual([])
    expect(relay.requests).toEqual([])
  })

  test('a repeated submission key stores and relays one lead', async () => {
    const service = await start()
    const first = await service.submit(validForm, { idempotencyKey: 'form-123' })
    const second = await service.submit(validForm, { idempotencyKey: 'form-123' })
    expect(second).toEqual({ ...first, created: false }) // the same lead, not a new one
    await service.outbox.idle()
    expect(await service.store.listLeads()).toHaveLength(1)
    expect(relay.requests).toHaveLength(1)
  })
})
