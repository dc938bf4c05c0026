import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { freshDatabase } from './postgres.ts'
import { backends, closeAll, leasesPassSql } from './storage-backends.ts'
import type { LeadStore, NewLead } from '#server/storage/lead-store.server.ts'
import { buildRelayBody } from '#server/leads/relay-body.server.ts'
import { relayOf, relayOnly, testRecord, validForm } from './lead-fixtures.ts'
import { migrate, POSTGRES_MIGRATIONS } from '#server/storage/postgres-migrations.server.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import { LEAD_MIGRATIONS, openAndMigrate } from '#server/storage/sqlite-storage.server.ts'
import { monthReport } from '#server/results/month-report.server.ts'
import { monthLeads } from '#server/results/report-leads.server.ts'

/** What the lead, relay, visits and rate-limit code relies on, held by both implementations. */

const lead = { ...validForm, contactWays: ['phone' as const] }
const T0 = Date.UTC(2026, 0, 15, 12)
const newLead = (overrides: Partial<NewLead> = {}): NewLead => ({
  pageId: 'p1',
  site: 'p1',
  lead,
  relayBody: buildRelayBody(lead, testRecord()),
  deliveries: relayOnly('https://relay.example/send'),
  now: T0,
  ...overrides,
})
const claim = (store: LeadStore, now: number, owner = 'a:1', limit = 10) => store.claimDue({ now, leaseMs: 60_000, limit, owner })
/** When a lease taken at `now` for 60 s ends: on the caller's clock (SQLite) or the database's (PostgreSQL, about now). */
const leaseEnd = (backend: string, now: number) =>
  backend === 'postgres' ? expect.toSatisfy((end: number) => Math.abs(end - (Date.now() + 60_000)) < 30_000) : now + 60_000
const email = {
  kind: 'email' as const,
  target: 'owner@acme.example,office@acme.example',
  detail: { lang: 'en' as const, company: 'Acme Fences', timeZone: 'America/Denver' },
}
const webhook = { kind: 'webhook' as const, target: 'https://crm.example/hook' }

afterEach(closeAll)

describe.each(backends)('storage contract on $name', (backend) => {
  const open = async (place?: string) => backend.open(place ?? (await backend.fresh()))

  test('a site’s leads from a time, oldest first, at most a limit, with their deliveries (the API’s sync)', async () => {
    const { leads } = await open()
    for (const [i, site] of ['p1', 'p2', 'p1', 'p1'].entries())
      await leads.insertLead(newLead({ site, pageId: site, now: T0 + i * 1000, idempotencyKey: `from-${i}` }))
    const from = await leads.leadsFrom('p1', T0 + 1, 10)
    expect(from.map((l) => l.createdAt)).toEqual([T0 + 2000, T0 + 3000])
    expect(from[0]!.deliveries.map((d) => d.kind)).toEqual(['relay'])
    expect((await leads.leadsFrom('p1', 0, 2)).map((l) => l.createdAt)).toEqual([T0, T0 + 2000])
    expect(await leads.leadsFrom('p3', 0, 10)).toEqual([])
  })

  test("a site's lead total counts each lead stored once, tombstones too; a range's count leaves tombstones out", async () => {
    const { leads } = await open()
    const stored = []
    for (const [i, site] of ['p1', 'p2', 'p1', 'p1'].entries())
      stored.push((await leads.insertLead(newLead({ site, pageId: site, now: T0 + i * 1000, idempotencyKey: `total-${i}` }))).row)
    await leads.insertLead(newLead({ now: T0, idempotencyKey: 'total-0' })) // a repeated submission: the first lead
    expect(await leads.importLead({ ...stored[0]!, id: 'imported', idempotencyKey: 'imported' })).toBe(true)
    expect(await leads.importLead({ ...stored[0]!, id: 'imported', idempotencyKey: 'imported' })).toBe(false)
    expect([await leads.leadTotal('p1'), await leads.leadTotal('p2'), await leads.leadTotal('p3')]).toEqual([4, 1, 0])
    expect(await leads.countLeads('p1', T0, T0 + 3000)).toBe(3) // [T0, T0 + 3 s): the two at T0 and the one at T0 + 2 s

    await leads.eraseLeads([stored[0]!.id], 'erased on request', T0 + 5000)
    expect(await leads.leadTotal('p1')).toBe(4) // the tombstone stays counted, as it stays listed
    expect(await leads.countLeads('p1', T0, T0 + 3000)).toBe(2)
    expect(await leads.countLeads('p1', T0 + 1, T0 + 3001)).toBe(2) // from included, before not
    expect(await leads.countLeads('p2', 0, T0)).toBe(0)
  })

  test('the month report\'s "and N more" counts no erased lead, wherever it lies in the month', async () => {
    const { leads } = await open()
    const ids = []
    for (let i = 0; i < 45; i++) ids.push((await leads.insertLead(newLead({ now: T0 + i * 60_000, idempotencyKey: `month-${i}` }))).row.id)
    // Two among the first ten listed, five beyond the first thirty rows the report reads.
    await leads.eraseLeads([ids[3]!, ids[7]!, ...ids.slice(35, 40)], 'erased on request', T0 + 3_600_000)
    const report = await monthLeads(leads, { site: 'p1', month: '2026-01', timeZone: 'UTC', lang: 'en', consoleUrl: null })
    expect(report.leads).toHaveLength(10)
    expect(report.leads.every((l) => l.name === 'Ana L.')).toBe(true)
    expect(report.more).toBe(45 - 7 - 10)
  })

  test('delivery counts by site, kind and state, with the oldest queued time of each (the metrics)', async () => {
    const { leads } = await open()
    expect(await leads.deliveryCounts()).toEqual([])
    await leads.insertLead(newLead({ now: T0 }))
    await leads.insertLead(newLead({ now: T0 + 10, deliveries: [...relayOnly('https://relay.example/send'), webhook] }))
    await leads.insertLead(newLead({ site: 'p2', pageId: 'p2', deliveries: relayOnly(null), now: T0 + 20 }))
    const [claimed] = await claim(leads, T0 + 30, 'a:1', 1)
    await leads.markDelivered(claimed!, T0 + 40)
    const counts = await leads.deliveryCounts()
    expect(counts.sort((a, b) => `${a.site}${a.kind}${a.state}`.localeCompare(`${b.site}${b.kind}${b.state}`))).toEqual([
      { site: 'p1', kind: 'relay', state: 'delivered', count: 1, oldestQueuedAt: T0 },
      { site: 'p1', kind: 'relay', state: 'pending', count: 1, oldestQueuedAt: T0 + 10 },
      { site: 'p1', kind: 'webhook', state: 'pending', count: 1, oldestQueuedAt: T0 + 10 },
      { site: 'p2', kind: 'relay', state: 'held', count: 1, oldestQueuedAt: T0 + 20 },
    ])
  })

  test('a lead is stored with everything the relay and the contractor need, and read back the same', async () => {
    const { leads } = await open()
    // Where the visit began (issue 45): kept with the lead, read back the same.
    const arrival = { source: 'Google', utmSource: 'google', medium: 'cpc', campaign: 'fall' }
    const { row, created } = await leads.insertLead(newLead({ idempotencyKey: 'form-1', arrival }))
    expect(created).toBe(true)
    expect(row).toEqual({
      id: expect.any(String),
      pageId: 'p1',
      site: 'p1',
      createdAt: T0,
      lead,
      relayBody: buildRelayBody(lead, testRecord()),
      form: null,
      arrival,
      idempotencyKey: 'form-1',
      erased: null,
      deliveries: [
        {
          id: row.id, // the relay's Idempotency-Key is the lead's id, as it was before leads had other destinations
          leadId: row.id,
          kind: 'relay',
          position: 0,
          target: 'https://relay.example/send',
          detail: null,
          state: 'pending',
          attempts: 0,
          queuedAt: T0,
          nextAttemptAt: T0,
          claimedUntil: 0,
          claimedBy: null,
          lastError: null,
          deliveredAt: null,
        },
      ],
    })
    expect(await leads.getLead(row.id)).toEqual(row)
    expect(await leads.getLead('no-such-id')).toBeUndefined()
    expect(await leads.insertLead(newLead({ idempotencyKey: 'form-1', now: T0 + 5 }))).toEqual({ row, created: false })
    expect(relayOf((await leads.insertLead(newLead({ deliveries: relayOnly(null) }))).row)!.state).toBe('held')
  })

  test('a lead has a delivery per destination, each its own: claimed, retried and settled apart', async () => {
    const { leads } = await open()
    const { row } = await leads.insertLead(
      newLead({ form: 'modal', deliveries: [...relayOnly(null), email, webhook, { kind: 'webhook', target: 'https://crm.example/two' }] }),
    )
    expect(row.form).toBe('modal')
    expect(row.deliveries.map((d) => [d.kind, d.position, d.target, d.state])).toEqual([
      ['relay', 0, null, 'held'],
      ['email', 1, 'owner@acme.example,office@acme.example', 'pending'],
      ['webhook', 2, 'https://crm.example/hook', 'pending'],
      ['webhook', 3, 'https://crm.example/two', 'pending'],
    ])
    expect(row.deliveries[1]!.detail).toEqual(email.detail)
    expect(new Set(row.deliveries.map((d) => d.id)).size).toBe(4)
    // The held relay is not due; the three others are, each a claim of its own carrying the lead.
    const due = await claim(leads, T0)
    expect(due.map((d) => d.kind).sort()).toEqual(['email', 'webhook', 'webhook'])
    expect(due.every((d) => d.lead.id === row.id && d.lead.lead.email === lead.email && d.attempts === 1)).toBe(true)
    const [first, second, third] = due.sort((a, b) => a.position - b.position)
    expect(await leads.markDelivered(first!, T0 + 1)).toBe(true)
    expect(await leads.scheduleRetry(second!, T0 + 5_000, 'HTTP 503')).toBe(true)
    expect(await leads.markFailed(third!, 'HTTP 410: the receiver stopped this webhook')).toBe(true)
    expect((await leads.getLead(row.id))!.deliveries.map((d) => [d.kind, d.state, d.lastError])).toEqual([
      ['relay', 'held', null],
      ['email', 'delivered', null],
      ['webhook', 'pending', 'HTTP 503'],
      ['webhook', 'failed', 'HTTP 410: the receiver stopped this webhook'],
    ])
    expect((await claim(leads, T0 + 5_000)).map((d) => d.id)).toEqual([second!.id])
  })

  test('a destination in trouble: noted once, paused stays paused, one notice a day, re-enabled wakes its waiting deliveries', async () => {
    const { leads } = await open()
    const key = { site: 'p1', kind: 'webhook' as const, target: webhook.target }
    expect(await leads.troubles()).toEqual([])
    await leads.noteTrouble({ ...key, paused: false, error: 'gave up after 9 attempts: HTTP 503', at: T0 })
    await leads.clearTrouble(key) // it delivered since: no longer in trouble
    expect(await leads.troubles('p1')).toEqual([])
    await leads.noteTrouble({ ...key, paused: true, error: 'HTTP 410: the receiver stopped this webhook', at: T0 })
    await leads.noteTrouble({ ...key, paused: false, error: 'HTTP 503', at: T0 + 1 })
    await leads.clearTrouble(key) // a paused destination stays paused until someone re-enables it
    expect(await leads.troubles()).toEqual([{ ...key, paused: true, since: T0, lastError: 'HTTP 503', notifiedDay: null }])
    expect(await leads.troubles('p2')).toEqual([])
    expect(await leads.claimTroubleNotice(key, '2026-01-15')).toBe(true)
    expect(await leads.claimTroubleNotice(key, '2026-01-15')).toBe(false)
    expect(await leads.claimTroubleNotice(key, '2026-01-16')).toBe(true)

    // A later lead's delivery to it is parked (no attempt counted), then due once the destination is re-enabled.
    const { row } = await leads.insertLead(newLead({ deliveries: [...relayOnly(null), webhook] }))
    const [due] = await claim(leads, T0)
    expect(await leads.park(due!, T0 + 3_600_000, 'waiting: paused')).toBe(true)
    expect(await claim(leads, T0 + 1)).toEqual([])
    expect((await leads.getLead(row.id))!.deliveries[1]).toMatchObject({ state: 'pending', attempts: 0, lastError: 'waiting: paused' })
    expect(await leads.reenable(key, T0 + 2)).toBe(1)
    expect(await leads.troubles()).toEqual([])
    expect((await claim(leads, T0 + 2)).map((d) => d.id)).toEqual([due!.id])
  })

  test("a resend queues a lead's deliveries again, due now, ids kept; never a held one or one being sent", async () => {
    const place = await backend.fresh()
    const { leads } = await open(place)
    const { row } = await leads.insertLead(newLead({ deliveries: [...relayOnly('https://relay.example/send'), email, webhook] }))
    const claimed = await claim(leads, T0)
    const byKind = (kind: string) => claimed.find((d) => d.kind === kind)!
    await leads.markDelivered(byKind('relay'), T0 + 1)
    await leads.markFailed(byKind('email'), 'SMTP 550: Mailbox unavailable')
    // The webhook is still being sent (its lease runs until T0 + 60 s).
    const again = await leads.resend({ leadId: row.id, now: T0 + 10 })
    expect(again.map((d) => [d.kind, d.state, d.attempts, d.nextAttemptAt, d.deliveredAt])).toEqual([
      ['relay', 'pending', 0, T0 + 10, null],
      ['email', 'pending', 0, T0 + 10, null],
    ])
    expect(again.map((d) => d.id)).toEqual([row.id, row.deliveries[1]!.id])
    await backend.leasesPass(place, 60_000)
    expect((await leads.resend({ leadId: row.id, kind: 'webhook', now: T0 + 60_000 })).map((d) => d.kind)).toEqual(['webhook'])
    expect(await leads.resend({ leadId: 'no-such-lead', now: T0 })).toEqual([])
    const held = (await leads.insertLead(newLead({ deliveries: relayOnly(null) }))).row
    expect(await leads.resend({ leadId: held.id, now: T0 })).toEqual([])
  })

  test('a lead keeps no address or browser, even when something still writes them (the previous version)', async () => {
    const place = await backend.fresh()
    const { leads } = await open(place)
    const { row } = await leads.insertLead(newLead())
    const sql = await rawSql(backend.name, place)
    try {
      // What the version before issue 30 wrote: the same insert, with the two columns filled.
      await sql.run(
        `INSERT INTO leads (id, idempotency_key, page_id, site, created_at, lead_json, relay_body_json, state, queued_at, next_attempt_at,
           client_ip, user_agent) VALUES ('old-version', 'old-version', 'p1', 'p1', ${T0}, '{}', '{}', 'held', ${T0}, ${T0},
           '203.0.113.5', 'Mozilla/5.0 old-version')`,
      )
      const rows = await sql.all('SELECT id, client_ip, user_agent FROM leads')
      expect(rows).toHaveLength(2)
      expect(rows).toEqual(
        expect.arrayContaining([
          { id: 'old-version', client_ip: null, user_agent: null },
          { id: row.id, client_ip: null, user_agent: null },
        ]),
      )
    } finally {
      await sql.close()
    }
  })

  test('leads are listed newest first, for every site or one', async () => {
    const { leads } = await open()
    for (const [site, now] of [
      ['a', T0],
      ['b', T0 + 1],
      ['a', T0 + 2],
      ['a', T0 + 2],
    ] as const)
      await leads.insertLead(newLead({ site, now }))
    const all = await leads.listLeads()
    expect(all.map((l) => [l.site, l.createdAt])).toEqual([
      ['a', T0 + 2],
      ['a', T0 + 2],
      ['b', T0 + 1],
      ['a', T0],
    ])
    expect((await leads.listLeads({ site: 'a' })).map((l) => l.createdAt)).toEqual([T0 + 2, T0 + 2, T0])
    const sameTime = all.slice(0, 2).map((l) => l.id)
    expect(sameTime).toEqual((await leads.listLeads({ site: 'a' })).slice(0, 2).map((l) => l.id)) // a stable order
  })

  test('instances claiming at once never get the same lead, and a lease keeps it until it ends', async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).leads, (await open(place)).leads]
    const ids = new Set<string>()
    for (let i = 0; i < 30; i++) ids.add((await a.insertLead(newLead())).row.id)
    const batches = await Promise.all([
      claim(a, T0, 'a:1', 4),
      claim(b, T0, 'b:2', 4),
      claim(a, T0, 'a:1', 7),
      claim(b, T0, 'b:2', 7),
      claim(a, T0, 'a:1', 8),
      claim(b, T0, 'b:2', 8),
    ])
    const claimed = batches.flat().map((l) => l.id)
    expect(claimed).toHaveLength(30)
    expect(new Set(claimed)).toEqual(ids)
    expect(batches.flat().every((l) => l.attempts === 1)).toBe(true)
    for (const l of batches.flat()) expect(l.claimedUntil).toEqual(leaseEnd(backend.name, T0))
    expect(await claim(a, T0 + 59_999)).toEqual([])
    await backend.leasesPass(place, 60_000)
    const again = await claim(b, T0 + 60_000, 'b:2', 100)
    expect(again).toHaveLength(30)
    expect(again.every((l) => l.attempts === 2 && l.claimedBy === 'b:2')).toBe(true)
  })

  test('only the holder of the current lease settles a lead, once', async () => {
    const place = await backend.fresh()
    const { leads } = await open(place)
    const { row } = await leads.insertLead(newLead())
    const [stale] = await claim(leads, T0, 'dead:1')
    await backend.leasesPass(place, 60_000)
    const [current] = await claim(leads, T0 + 60_000, 'live:2')
    expect(await leads.markDelivered(stale!, T0 + 60_001)).toBe(false)
    expect(await leads.scheduleRetry(stale!, T0 + 99_000, 'late')).toBe(false)
    expect(await leads.markDelivered(current!, T0 + 60_002)).toBe(true)
    expect(await leads.markDelivered(current!, T0 + 60_003)).toBe(false)
    expect(relayOf(await leads.getLead(row.id))).toMatchObject({
      state: 'delivered',
      deliveredAt: T0 + 60_002,
      claimedUntil: 0,
      claimedBy: 'live:2',
      attempts: 2,
    })
  })

  test('a retried lead waits until it is due; a failed one is kept and never claimed again', async () => {
    const { leads } = await open()
    const first = (await leads.insertLead(newLead())).row
    const second = (await leads.insertLead(newLead())).row
    const claimed = await claim(leads, T0)
    const byId = (id: string) => claimed.find((l) => l.id === id)!
    expect(await leads.scheduleRetry(byId(first.id), T0 + 5_000, 'HTTP 503')).toBe(true)
    expect(await leads.markFailed(byId(second.id), 'HTTP 422')).toBe(true)
    expect(await claim(leads, T0 + 4_999)).toEqual([])
    expect((await claim(leads, T0 + 5_000)).map((l) => [l.id, l.lastError])).toEqual([[first.id, 'HTTP 503']])
    expect(relayOf(await leads.getLead(second.id))).toMatchObject({ state: 'failed', lastError: 'HTTP 422' })
  })

  test('held leads of one page are released to a relay URL', async () => {
    const { leads } = await open()
    const mine = (await leads.insertLead(newLead({ deliveries: relayOnly(null) }))).row
    const other = (await leads.insertLead(newLead({ deliveries: relayOnly(null), pageId: 'p2', site: 'p2' }))).row
    expect(await leads.releaseHeld('https://relay.example/new', T0 + 10, 'p1')).toBe(1)
    expect(relayOf(await leads.getLead(mine.id))).toMatchObject({
      state: 'pending',
      target: 'https://relay.example/new',
      queuedAt: T0 + 10,
      nextAttemptAt: T0 + 10,
    })
    expect(relayOf(await leads.getLead(other.id))!.state).toBe('held')
    expect(await leads.releaseHeld('https://relay.example/new', T0 + 20)).toBe(1)
  })

  test('an imported lead keeps its id, state and times; importing it again adds nothing', async () => {
    const source = (await open()).leads
    const { row } = await source.insertLead(newLead({ idempotencyKey: 'k-1' }))
    const [claimed] = await claim(source, T0)
    await source.scheduleRetry(claimed!, T0 + 5_000, 'HTTP 503')
    const original = (await source.getLead(row.id))!
    const target = (await open()).leads
    expect(await target.importLead(original)).toBe(true)
    expect(await target.importLead(original)).toBe(false)
    expect(await target.listLeads()).toEqual([original])
    const [reclaimed] = await claim(target, T0 + 5_000, 'new:1')
    expect(reclaimed).toMatchObject({ id: row.id, attempts: 2 })
  })

  test('visit counts are per site and day, and shared by instances on one storage', async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).visits, (await open(place)).visits]
    expect(await a.countView('s1', '2026-01-15')).toEqual({ today: 1, total: 1 })
    expect(await b.countView('s1', '2026-01-15')).toEqual({ today: 2, total: 2 })
    expect(await b.countView('s1', '2026-01-16')).toEqual({ today: 1, total: 3 })
    expect(await a.countView('s2', '2026-01-16')).toEqual({ today: 1, total: 1 })
    expect(await a.counts('s1', '2026-01-16')).toEqual({ today: 1, total: 3 })
    expect(await a.counts('nobody', '2026-01-16')).toEqual({ today: 0, total: 0 })
    const together = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).countView('s3', '2026-01-16')))
    expect(together.map((c) => c.today).toSorted((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
  })

  test('visit days move to another storage once; a day counted there already is left alone', async () => {
    const source = (await open()).visits
    await source.countView('s1', '2026-01-15')
    await source.countView('s1', '2026-01-15')
    await source.countView('s2', '2026-01-16')
    const target = (await open()).visits
    await target.countView('s2', '2026-01-16')
    const days = await source.allDays()
    expect(days).toEqual([
      { site: 's1', day: '2026-01-15', views: 2 },
      { site: 's2', day: '2026-01-16', views: 1 },
    ])
    expect(await Promise.all(days.map((d) => target.importDay(d)))).toEqual([true, false])
    expect(await target.allDays()).toEqual(days)
  })

  test('rate-limit windows count hits, start over when they end, and are shared by instances', async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).rateLimits, (await open(place)).rateLimits]
    // SQLite times windows on the caller's clock (`now`); PostgreSQL, shared by origins whose clocks may disagree, on its own.
    let now = T0
    const timePasses = async (ms: number) => {
      now += ms
      if (backend.name !== 'postgres') return
      const sql = await rawSql('postgres', place)
      await sql.run(`UPDATE rate_limits SET reset_at = reset_at - ${ms}`).finally(() => sql.close())
    }
    const window = await a.hit('ip-1', now, 1_000)
    expect(window.hits).toBe(1)
    expect(await b.hit('ip-1', now + 10, 1_000)).toEqual({ hits: 2, resetAt: window.resetAt })
    expect((await a.hit('ip-2', now + 10, 1_000)).hits).toBe(1)
    await b.unhit('ip-1')
    expect(await a.hit('ip-1', now + 20, 1_000)).toEqual({ hits: 2, resetAt: window.resetAt })
    await timePasses(1_000)
    expect((await a.hit('ip-1', now, 1_000)).hits).toBe(1) // the window ended: a new one
    await a.reset('ip-1')
    expect((await b.hit('ip-1', now + 1, 1_000)).hits).toBe(1)
    await timePasses(10)
    await a.prune(now) // ip-2's window has ended
    expect((await b.hit('ip-2', now + 1, 1_000)).hits).toBe(1)
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).hit('ip-3', now, 1_000)))
    expect(burst.map((h) => h.hits).toSorted((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
  })

  test("results: one salt per time zone's day for every instance, made once; a day that is over goes with its once-keys", async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).results, (await open(place)).results]
    let made = 0
    const make = () => `salt-${++made}`
    const laEnd = Date.parse('2026-01-16T08:00:00Z') // midnight in Los Angeles
    const la = (r: typeof a) => r.salt('America/Los_Angeles', '2026-01-15', laEnd, make)
    const together = await Promise.all([la(a), la(b), la(a)])
    expect(new Set(together).size).toBe(1)
    const utc = await b.salt('UTC', '2026-01-16', Date.parse('2026-01-17T00:00:00Z'), make)
    expect(utc).not.toBe(together[0]) // another zone's day, another salt
    const once = (key: string, at = laEnd - 60_000) => ({ zone: 'America/Los_Angeles', key, at, data: `data of ${key}` })
    const visitor = { counts: [{ metric: 'visitors', label: '', device: 'phone' as const }] }
    const record = (r: typeof a, key: string) => r.record('s1', '2026-01-15', [{ once: once(key), ...visitor }], options)
    expect(await record(a, 'k1')).toEqual([true])
    expect(await record(b, 'k1')).toEqual([false]) // the same visitor that day
    expect(await b.remembered('America/Los_Angeles', '2026-01-15', 'k1')).toBe('data of k1')

    expect(await a.sweep(laEnd - 1)).toBe(0) // not over yet in Los Angeles
    expect(await b.remembered('America/Los_Angeles', '2026-01-15', 'k1')).toBe('data of k1')
    expect(await a.sweep(laEnd)).toBe(1)
    // Its salt and once-keys are gone; UTC's day goes on. Asked again, the day gets a new salt (nobody can recompute yesterday's visitors).
    expect(await b.remembered('America/Los_Angeles', '2026-01-15', 'k1')).toBeNull()
    expect(await record(a, 'k1')).toEqual([true])
    expect(await la(b)).not.toBe(together[0])
    expect(await a.salt('UTC', '2026-01-16', 0, () => 'not made')).toBe(utc)
    expect(await a.sweep(Date.parse('2026-01-17T00:00:00Z'))).toBe(2)
  })

  const options = { labelLimit: 3, now: Date.parse('2026-01-15T12:00:00Z') }

  test('results: day counts add per site, day, metric, label and device; a once-key counts once from any instance, or again after its time', async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).results, (await open(place)).results]
    const view = { metric: 'views', label: '', device: 'phone' } as const
    const step = { counts: [view] }
    await a.record('s1', '2026-01-15', [step, step, { counts: [{ ...view, device: 'desktop' }] }], options)
    await b.record('s1', '2026-01-16', [step], options)
    await b.record('s2', '2026-01-15', [step], options)
    const tap = { metric: 'action:phone', label: '', device: 'phone' } as const
    const once = { zone: 'UTC', key: 'visitor-1-phone', at: options.now }
    const taps = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).record('s1', '2026-01-15', [{ once, counts: [tap] }], options)),
    )
    expect(taps.flat().filter(Boolean)).toHaveLength(1)
    // A view again within its time is not counted; after it, it is (and the time starts again).
    const again = (at: number) =>
      a.record('s1', '2026-01-15', [{ once: { zone: 'UTC', key: 'page-view', at, againAfterMs: 1_000 }, ...step }], options)
    expect([await again(10_000), await again(10_999), await again(11_000), await again(11_500)]).toEqual([[true], [false], [true], [false]])
    expect(await b.counts('s1', '2026-01-01', '2026-01-15')).toEqual([
      { day: '2026-01-15', metric: 'action:phone', label: '', device: 'phone', n: 1 },
      { day: '2026-01-15', metric: 'views', label: '', device: 'desktop', n: 1 },
      { day: '2026-01-15', metric: 'views', label: '', device: 'phone', n: 4 },
    ])
    expect(await a.counts('s2', '2026-01-15', '2026-01-16')).toEqual([
      { day: '2026-01-15', metric: 'views', label: '', device: 'phone', n: 1 },
    ])
    expect(await a.sites()).toEqual(['s1', 's2'])
    await a.prune('2026-01-16')
    expect(await b.counts('s1', '2000-01-01', '2100-01-01')).toEqual([
      { day: '2026-01-16', metric: 'views', label: '', device: 'phone', n: 1 },
    ])
  })

  test('results: a dimension keeps its labels with the most visitors; a label seen once cannot push out one seen more; the rest is "(other)"', async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).results, (await open(place)).results]
    let clock = options.now
    const count = (r: typeof a, label: string, figures: Record<string, number>, dimension = 'source') =>
      r.record('s1', '2026-01-15', [{ labels: [{ dimension, label, figures }] }], { labelLimit: 3, now: ++clock })
    for (let visitor = 0; visitor < 3; visitor++) await count(a, 'Nextdoor', { visitors: 1 })
    await count(b, 'Yelp', { visitors: 1 })
    await count(b, 'Yelp', { visitors: 1 })
    await count(a, 'Nextdoor', { estimates: 1, phone: 1 })
    // One visitor's flood of made-up sources: each pushes out the last one-visitor label, never the two above.
    for (let i = 0; i < 30; i++) await count(i % 2 ? a : b, `spam-${i}.example`, { visitors: 1 })
    await count(a, 'Google', { visitors: 1 }) // a real new one still comes in (and pushes out the last spam)
    await count(a, 'Google', { visitors: 1 })
    await count(b, 'spam-0.example', { estimates: 1 }) // work for a label not kept: "(other)"
    await count(a, '(direct)', { visitors: 1 }) // our own names are always kept, beyond the limit
    await count(a, '/', { views: 1 }, 'page') // another dimension: its own limit
    const labels = await b.labels('s1', '2026-01')
    const zero = { visitors: 0, views: 0, actions: 0, estimates: 0, phone: 0, chat: 0, email: 0, map: 0 }
    expect(labels).toEqual([
      { ...zero, dimension: 'page', label: '(other)', views: 1 }, // no visitor brought "/" in
      { ...zero, dimension: 'source', label: '(direct)', visitors: 1 },
      { ...zero, dimension: 'source', label: '(other)', visitors: 30, estimates: 1 },
      { ...zero, dimension: 'source', label: 'Google', visitors: 2 },
      { ...zero, dimension: 'source', label: 'Nextdoor', visitors: 3, estimates: 1, phone: 1 },
      { ...zero, dimension: 'source', label: 'Yelp', visitors: 2 },
    ])
    expect(await a.labels('s1', '2026-02')).toEqual([])
    // Two instances bringing in new labels at the same moment: exactly the limit is kept, and no visitor is lost.
    const flood = Array.from({ length: 40 }, (_, i) => count(i % 2 ? a : b, `/p${i}`, { visitors: 1 }, 'page'))
    await Promise.all(flood)
    const pages = (await a.labels('s1', '2026-01')).filter((l) => l.dimension === 'page')
    expect(pages.filter((l) => !l.label.startsWith('(')).length).toBe(3)
    expect(pages.reduce((n, l) => n + l.visitors, 0)).toBe(40)
  })

  test("results: a month's report is claimed by one instance at a time, settled once, and tried again when due", async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).results, (await open(place)).results]
    const t = options.now
    const claims = await Promise.all([a, b, a, b].map((r, i) => r.claimReport('s1', '2026-01', `origin-${i}`, t, 60_000)))
    const held = claims.filter((c) => c !== null)
    expect(held).toHaveLength(1)
    expect(held[0]).toMatchObject({ site: 's1', month: '2026-01', state: 'pending', attempts: 1, claimedUntil: t + 60_000 })
    expect(await b.claimReport('s2', '2026-01', 'origin-9', t, 60_000)).not.toBeNull() // another site's
    // The mail server is down: tried again in a minute, by whoever comes then.
    expect(await b.settleReport(held[0]!, { state: 'pending', retryAt: t + 60_000, error: 'ECONNREFUSED' })).toBe(true)
    expect(await a.claimReport('s1', '2026-01', 'origin-1', t + 59_999, 60_000)).toBeNull()
    const second = (await a.claimReport('s1', '2026-01', 'origin-1', t + 60_000, 60_000))!
    expect(second).toMatchObject({ attempts: 2, lastError: 'ECONNREFUSED', claimedBy: 'origin-1' })
    // Its holder stalls past its lease: another takes it, and the stale one can no longer settle it.
    const third = (await b.claimReport('s1', '2026-01', 'origin-2', t + 120_000, 60_000))!
    expect(third).toMatchObject({ attempts: 3, claimedBy: 'origin-2' })
    expect(await a.settleReport(second, { state: 'sent', at: t + 120_001 })).toBe(false)
    expect(await b.settleReport(third, { state: 'sent', at: t + 120_002 })).toBe(true)
    expect(await a.claimReport('s1', '2026-01', 'origin-1', t + 999_999, 60_000)).toBeNull() // sent: never again
    expect(await a.reportDelivery('s1', '2026-01')).toMatchObject({ state: 'sent', sentAt: t + 120_002, claimedUntil: 0 })
    expect(await a.reportDelivery('s1', '2026-02')).toBeNull()
  })

  test("results: a site's share token is made once, the same for every instance, and revoked for all", async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).results, (await open(place)).results]
    expect(await a.shareToken('s1')).toBeNull()
    const made = await Promise.all([a.makeShareToken('s1', 'token-a', 1), b.makeShareToken('s1', 'token-b', 2)])
    expect(made[0]).toBe(made[1])
    expect(await b.shareToken('s1')).toBe(made[0])
    expect(await a.shareToken('s2')).toBeNull()
    expect(await b.revokeShareToken('s1')).toBe(true)
    expect(await a.shareToken('s1')).toBeNull()
    expect(await a.revokeShareToken('s1')).toBe(false)
    expect(await a.makeShareToken('s1', 'token-c', 3)).toBe('token-c')
  })
})

describe('PostgreSQL start-up', () => {
  test('instances starting together migrate once, under the advisory lock', async () => {
    const url = await freshDatabase(inject('postgresUrl'))
    await Promise.all(Array.from({ length: 6 }, () => backends[1]!.open(url)))
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    const { rows } = await client.query('SELECT version FROM schema_version')
    await client.end()
    expect(rows).toEqual([{ version: POSTGRES_MIGRATIONS.length }])
  })

  test('an unreachable database stops the start with an error naming DATABASE_URL, without the password', async () => {
    const url = new URL(inject('postgresUrl'))
    url.port = '1' // nothing listens there
    url.password = 'hunter2'
    const attempt = openStorage({ databaseUrl: url.toString(), dataDir: '/nonexistent', defaultSite: 'p1' })
    await expect(attempt).rejects.toThrow(
      /^Cannot reach the PostgreSQL database in DATABASE_URL \(postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/postgres\): .*ECONNREFUSED/,
    )
    await attempt.catch((e: Error) => expect(e.message).not.toContain('hunter2'))
  })
})

describe('SQLite files from before', () => {
  test('are migrated in place: leads gain their site, visit counts their default site, nothing is lost', async () => {
    const dir = await backends[0]!.fresh()
    const old = new Database(path.join(dir, 'leads.sqlite'))
    old.exec(`CREATE TABLE leads (id TEXT PRIMARY KEY, idempotency_key TEXT NOT NULL UNIQUE, page_id TEXT NOT NULL, created_at INTEGER NOT NULL,
      lead_json TEXT NOT NULL, relay_body_json TEXT NOT NULL, relay_url TEXT, state TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
      queued_at INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL, claimed_until INTEGER NOT NULL DEFAULT 0, last_error TEXT,
      delivered_at INTEGER, client_ip TEXT, user_agent TEXT); PRAGMA user_version = 1`)
    old
      .prepare(
        `INSERT INTO leads VALUES ('old-1', 'old-1', 'acme', ?, ?, '{}', 'https://relay.example', 'pending', 2, ?, ?, 0, 'HTTP 503', NULL, NULL, NULL)`,
      )
      .run(T0, JSON.stringify(lead), T0, T0 + 10_000)
    old.close()
    const oldVisits = new Database(path.join(dir, 'visits.sqlite'))
    oldVisits.exec(
      `CREATE TABLE visit_days (day TEXT PRIMARY KEY, views INTEGER NOT NULL); INSERT INTO visit_days VALUES ('2025-06-01', 7), ('2025-06-02', 3)`,
    )
    oldVisits.close()

    const storage = await openStorage({ dataDir: dir, defaultSite: 'acme' })
    expect(await storage.leads.listLeads()).toEqual([
      expect.objectContaining({
        id: 'old-1',
        pageId: 'acme',
        site: 'acme',
        lead,
        deliveries: [
          expect.objectContaining({ id: 'old-1', kind: 'relay', state: 'pending', attempts: 2, lastError: 'HTTP 503', claimedBy: null }),
        ],
      }),
    ])
    expect(await storage.visits.counts('acme', '2025-06-02')).toEqual({ today: 3, total: 10 })
    await storage.close()
  })
})

describe('Databases from before issue 30 (leads with an address and a browser, rate limits keyed by address)', () => {
  const before = (sql: RawSql) => [
    sql.run(`INSERT INTO leads (id, idempotency_key, page_id, site, created_at, lead_json, relay_body_json, state, queued_at, next_attempt_at,
       client_ip, user_agent) VALUES ('old-1', 'old-1', 'acme', 'acme', ${T0}, '${JSON.stringify(lead)}', '{}', 'held', ${T0}, ${T0},
       '203.0.113.5', 'Mozilla/5.0 before')`),
    sql.run(`INSERT INTO rate_limits (key, hits, reset_at) VALUES ('contact:203.0.113.5', 3, ${T0})`),
  ]
  const after = async (storage: Awaited<ReturnType<typeof openStorage>>, sql: RawSql) => {
    expect(await storage.leads.listLeads()).toEqual([
      expect.objectContaining({ id: 'old-1', site: 'acme', lead, deliveries: [expect.objectContaining({ kind: 'relay', state: 'held' })] }),
    ])
    expect(await sql.all('SELECT id, client_ip, user_agent FROM leads')).toEqual([{ id: 'old-1', client_ip: null, user_agent: null }])
    expect(await sql.all('SELECT key FROM rate_limits')).toEqual([])
  }

  test('SQLite: the old leads stay readable without them, and the old rate-limit keys are gone', () =>
    fromVersionBefore('sqlite', 2, async (sql) => void (await Promise.all(before(sql))), after))

  test('PostgreSQL: the same', () =>
    fromVersionBefore(
      'postgres',
      2,
      async (sql) => {
        for (const step of before(sql)) await step
      },
      after,
    ))
})

describe('Databases from before issue 36 (the relay was the only destination, its state on the lead)', () => {
  // Now: the in-flight lead's lease (T + 60 s) is still running on PostgreSQL's own clock too.
  const T = Date.now()
  const createsDeliveries = (migration: unknown) => String(migration).includes('CREATE TABLE lead_deliveries')
  /** What the version before wrote: one delivered lead, one retrying, one held, one claimed by a worker mid-send. */
  const before = (sql: RawSql) =>
    sql.run(`INSERT INTO leads (id, idempotency_key, page_id, site, created_at, lead_json, relay_body_json, relay_url, state, attempts,
       queued_at, next_attempt_at, claimed_until, claimed_by, last_error, delivered_at) VALUES
       ('done', 'done', 'acme', 'acme', ${T}, '${JSON.stringify(lead)}', '{}', 'https://relay.example', 'delivered', 1, ${T}, ${T}, 0, 'a:1', NULL, ${T + 5}),
       ('retrying', 'retrying', 'acme', 'acme', ${T}, '${JSON.stringify(lead)}', '{}', 'https://relay.example', 'pending', 3, ${T}, ${T + 9_000}, 0, 'a:1', 'HTTP 503', NULL),
       ('held', 'held', 'acme', 'acme', ${T}, '${JSON.stringify(lead)}', '{}', NULL, 'held', 0, ${T}, ${T}, 0, NULL, NULL, NULL),
       ('in-flight', 'in-flight', 'acme', 'acme', ${T}, '${JSON.stringify(lead)}', '{}', 'https://relay.example', 'pending', 1, ${T}, ${T}, ${T + 60_000}, 'a:1', NULL, NULL)`)
  /** The old version's own claim, on the leads table. */
  const oldClaim = `UPDATE leads SET claimed_until = ${T + 120_000} WHERE state = 'pending' AND next_attempt_at <= ${T + 100_000}
    AND claimed_until <= ${T + 100_000} RETURNING id`
  async function after(storage: Awaited<ReturnType<typeof openStorage>>, sql: RawSql) {
    const relays = Object.fromEntries((await storage.leads.listLeads()).map((l) => [l.id, relayOf(l)]))
    expect(relays).toEqual({
      done: expect.objectContaining({ id: 'done', state: 'delivered', attempts: 1, deliveredAt: T + 5, target: 'https://relay.example' }),
      retrying: expect.objectContaining({ state: 'pending', attempts: 3, nextAttemptAt: T + 9_000, lastError: 'HTTP 503' }),
      held: expect.objectContaining({ state: 'held', target: null }),
      'in-flight': expect.objectContaining({ state: 'pending', claimedUntil: T + 60_000, claimedBy: 'a:1' }),
    })
    // The in-flight one waits for its worker's lease; the retrying one is due at its time.
    for (const [at, id] of [
      [T + 9_000, 'retrying'],
      [T + 60_000, 'in-flight'],
    ] as const) {
      if (id === 'in-flight' && sql.client) await sql.run(leasesPassSql(60_000))
      const due = await claim(storage.leads, at)
      expect(due.map((d) => d.id)).toEqual([id])
      await storage.leads.markDelivered(due[0]!, at)
    }
    // An instance of the version before, still running (a rolling deploy), claims nothing now…
    expect(await sql.all(oldClaim)).toEqual([])
    // …and a lead it stores gets its relay delivery, which this version sends.
    await sql.run(`INSERT INTO leads (id, idempotency_key, page_id, site, created_at, lead_json, relay_body_json, relay_url, state, queued_at,
       next_attempt_at) VALUES ('from-old', 'from-old', 'acme', 'acme', ${T}, '${JSON.stringify(lead)}', '{}', 'https://relay.example', 'pending', ${T}, ${T})`)
    expect(await sql.all(oldClaim)).toEqual([])
    expect((await claim(storage.leads, T + 100_000)).map((d) => [d.id, d.kind, d.target])).toEqual([
      ['from-old', 'relay', 'https://relay.example'],
    ])
  }

  test("SQLite: every relay keeps its state as the lead's relay delivery; the previous version claims nothing", () =>
    fromVersionBefore('sqlite', LEAD_MIGRATIONS.findIndex(createsDeliveries), before, after))

  test('PostgreSQL: the same', () => fromVersionBefore('postgres', POSTGRES_MIGRATIONS.findIndex(createsDeliveries), before, after))
})

describe("Databases from before issue 44's lead totals (the Leads page counted every row)", () => {
  const row = (id: string, site: string) =>
    `('${id}', '${id}', '${site}', '${site}', ${T0}, '${JSON.stringify(lead)}', '{}', 'held', ${T0}, ${T0})`
  const insert = (...rows: string[]) => `INSERT INTO leads (id, idempotency_key, page_id, site, created_at, lead_json, relay_body_json,
    state, queued_at, next_attempt_at) VALUES ${rows.join(', ')}`
  const before = (sql: RawSql) => sql.run(insert(row('a1', 'acme'), row('a2', 'acme'), row('b1', 'birch')))
  async function after(storage: Awaited<ReturnType<typeof openStorage>>, sql: RawSql) {
    expect([await storage.leads.leadTotal('acme'), await storage.leads.leadTotal('birch')]).toEqual([2, 1])
    // An origin of the version before, still running (a rolling deploy), stores leads its own way: counted too.
    await sql.run(insert(row('a3', 'acme'), row('c1', 'cedar')))
    expect([await storage.leads.leadTotal('acme'), await storage.leads.leadTotal('cedar')]).toEqual([3, 1])
  }
  const addsTotals = (migration: unknown) => String(migration).includes('CREATE TABLE lead_totals')

  test('SQLite: the totals start from the leads there, and count what the previous version adds', () =>
    fromVersionBefore('sqlite', LEAD_MIGRATIONS.findIndex(addsTotals), before, after))

  test('PostgreSQL: the same', () => fromVersionBefore('postgres', POSTGRES_MIGRATIONS.findIndex(addsTotals), before, after))
})

/**
 * A database as a previous version left it (its first `version` migrations), with what that version wrote
 * (`before`), then opened by this version and checked (`after`).
 */
async function fromVersionBefore(
  kind: 'sqlite' | 'postgres',
  version: number,
  before: (sql: RawSql) => Promise<unknown>,
  after: (storage: Awaited<ReturnType<typeof openStorage>>, sql: RawSql) => Promise<void>,
) {
  const place = await backends[kind === 'sqlite' ? 0 : 1]!.fresh()
  if (kind === 'sqlite') openAndMigrate(path.join(place, 'leads.sqlite'), LEAD_MIGRATIONS.slice(0, version)).close()
  const sql = await rawSql(kind, place)
  try {
    if (kind === 'postgres') await migrate(sql.client!, POSTGRES_MIGRATIONS.slice(0, version))
    await before(sql)
    const storage = await openStorage({
      databaseUrl: kind === 'postgres' ? place : undefined,
      dataDir: kind === 'sqlite' ? place : '/nonexistent',
      defaultSite: 'acme',
    })
    await after(storage, sql).finally(() => storage.close())
  } finally {
    await sql.close()
  }
}
describe("SQLite: a day's salt, once deleted, is gone", () => {
  test('its bytes are in neither the database file nor its write-ahead log after the sweep', async () => {
    const dir = await backends[0]!.fresh()
    const storage = await openStorage({ dataDir: dir, defaultSite: 's1' })
    const salt = 'a-salt-nobody-may-find-'.repeat(4)
    const files = () => ['visits.sqlite', 'visits.sqlite-wal'].map((f) => path.join(dir, f)).filter((f) => fs.existsSync(f))
    const holding = () => files().filter((f) => fs.readFileSync(f).includes(salt))
    try {
      await storage.results.salt('UTC', '2026-01-15', Date.parse('2026-01-16T00:00:00Z'), () => salt)
      expect(holding().length).toBeGreaterThan(0) // it is on disk while its day lasts
      expect(await storage.results.sweep(Date.parse('2026-01-16T00:00:00Z'))).toBe(1)
      expect(holding()).toEqual([])
    } finally {
      await storage.close()
    }
  })
})

describe('Databases from before issue 37 (one salt for every site, labels admitted first come, counts by page per day)', () => {
  const rows = [
    ['2026-10-05', 'views', '/', 'phone', 3],
    ['2026-10-05', 'views', '/contact', 'desktop', 1],
    ['2026-10-05', 'visitors', '', 'phone', 2],
    ['2026-10-05', 'page_visitors', '/', 'phone', 2],
    ['2026-10-05', 'source', 'google.com', 'phone', 2],
    ['2026-10-06', 'source', 'google.com', 'desktop', 1],
    ['2026-10-05', 'utm_campaign', 'fall', 'phone', 1],
    ['2026-10-05', 'action:phone', '/contact', 'phone', 1],
    ['2026-10-06', 'action:phone', '/', 'phone', 1],
    ['2026-10-05', 'estimate', 'modal', 'phone', 1],
    ['2026-10-05', 'form_started', 'modal', 'phone', 2],
  ]
  const before = [
    ...rows.map(
      ([day, metric, label, device, n]) =>
        `INSERT INTO results_counts VALUES ('acme', '${day}', '${metric}', '${label}', '${device}', ${n})`,
    ),
    "INSERT INTO results_labels VALUES ('acme', '2026-10', 'source', 'google.com')",
    "INSERT INTO results_salts VALUES ('2026-11-20', 'the old salt')",
    "INSERT INTO results_once VALUES ('2026-11-20', 'an old key')",
  ]
  const after = async (storage: Awaited<ReturnType<typeof openStorage>>) => {
    const report = await monthReport(storage.results, 'acme', '2026-10', { timeZone: 'UTC', now: Date.parse('2026-11-20T12:00:00Z') })
    const totals = Object.fromEntries(Object.entries(report.totals).map(([name, t]) => [name, t.month]))
    expect(totals).toMatchObject({ visitors: 2, views: 4, phone: 2, estimates: 1, formsStarted: 2, formsNotSent: 1 })
    expect(report.days.find((d) => d.day === '2026-10-05')).toEqual({ day: '2026-10-05', visitors: 2, views: 4, actions: 1, estimates: 1 })
    expect(report.pages).toEqual([
      { name: '/', views: 3, visitors: 2, actions: 1 },
      { name: '/contact', views: 1, visitors: 0, actions: 1 },
    ])
    const work = { estimates: 0, phone: 0, chat: 0, email: 0, map: 0 }
    expect(report.sources).toEqual([{ name: 'google.com', visitors: 3, ...work }])
    expect(report.campaigns.utm_campaign).toEqual([{ name: 'fall', visitors: 1, ...work }])
    expect(await storage.results.remembered('UTC', '2026-11-20', 'an old key')).toBeNull()
  }

  test('SQLite: every figure is kept, moved to the month labels; the old salt and keys are gone', async () => {
    const dir = await backends[0]!.fresh()
    const visits = new Database(path.join(dir, 'visits.sqlite'))
    // The visits file as issue 30 left it (user_version 3).
    visits.exec(`CREATE TABLE visit_days (site TEXT NOT NULL, day TEXT NOT NULL, views INTEGER NOT NULL, PRIMARY KEY (site, day));
      CREATE TABLE results_salts (day TEXT PRIMARY KEY, salt TEXT NOT NULL);
      CREATE TABLE results_once (day TEXT NOT NULL, key TEXT NOT NULL, PRIMARY KEY (day, key));
      CREATE TABLE results_labels (site TEXT NOT NULL, month TEXT NOT NULL, dimension TEXT NOT NULL, label TEXT NOT NULL,
        PRIMARY KEY (site, month, dimension, label));
      CREATE TABLE results_counts (site TEXT NOT NULL, day TEXT NOT NULL, metric TEXT NOT NULL, label TEXT NOT NULL, device TEXT NOT NULL,
        n INTEGER NOT NULL, PRIMARY KEY (site, day, metric, label, device));
      ${before.join(';\n')};
      PRAGMA user_version = 3`)
    visits.close()
    const storage = await openStorage({ dataDir: dir, defaultSite: 'acme' })
    await after(storage).finally(() => storage.close())
  })

  test('PostgreSQL: the same', async () => {
    const url = await freshDatabase(inject('postgresUrl'))
    const sql = await rawSql('postgres', url)
    try {
      // Every migration before issue 37's (the one that makes the share links' table).
      await migrate(
        sql.client!,
        POSTGRES_MIGRATIONS.slice(
          0,
          POSTGRES_MIGRATIONS.findIndex((m) => m.includes('results_share_links')),
        ),
      )
      for (const statement of before) await sql.run(statement)
      const storage = await openStorage({ databaseUrl: url, dataDir: '/nonexistent', defaultSite: 'acme' })
      await after(storage).finally(() => storage.close())
      // The day keys' tables are never in the write-ahead log.
      expect(
        await sql.all("SELECT relname, relpersistence FROM pg_class WHERE relname IN ('results_salts', 'results_once') ORDER BY 1"),
      ).toEqual([
        { relname: 'results_once', relpersistence: 'u' },
        { relname: 'results_salts', relpersistence: 'u' },
      ])
    } finally {
      await sql.close()
    }
  })
})

interface RawSql {
  run(sql: string): Promise<void>
  all(sql: string): Promise<unknown[]>
  close(): Promise<void>
  client?: pg.Client
}

/** The tables themselves, past the storage code: SQLite's leads.sqlite in a DATA_DIR, or a PostgreSQL database. */
async function rawSql(kind: 'sqlite' | 'postgres', place: string): Promise<RawSql> {
  if (kind === 'sqlite') {
    const db = new Database(path.join(place, 'leads.sqlite'))
    return {
      run: async (sql) => void db.exec(sql),
      all: async (sql) => db.prepare(sql).all(),
      close: async () => void db.close(),
    }
  }
  const client = new pg.Client({ connectionString: place })
  await client.connect()
  return {
    run: async (sql) => void (await client.query(sql)),
    all: async (sql) => (await client.query(sql)).rows,
    close: () => client.end(),
    client,
  }
}
