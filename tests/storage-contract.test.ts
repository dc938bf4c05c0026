import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterEach, describe, expect, inject, test } from 'vitest'
import { freshDatabase } from './postgres.ts'
import { backends, closeAll } from './storage-backends.ts'
import type { LeadStore, NewLead } from '#server/leads/lead-store.server.ts'
import { buildRelayBody } from '#server/leads/relay-body.server.ts'
import { testRecord, validForm } from './lead-fixtures.ts'
import { migrate, POSTGRES_MIGRATIONS } from '#server/storage/postgres-migrations.server.ts'
import { openStorage } from '#server/storage/storage.server.ts'

/** What the lead, relay, visits and rate-limit code relies on, held by both implementations. */

const lead = { ...validForm, contactWays: ['phone' as const] }
const T0 = Date.UTC(2026, 0, 15, 12)
const newLead = (overrides: Partial<NewLead> = {}): NewLead => ({
  pageId: 'p1',
  site: 'p1',
  lead,
  relayBody: buildRelayBody(lead, testRecord()),
  relayUrl: 'https://relay.example/send',
  now: T0,
  ...overrides,
})
const claim = (store: LeadStore, now: number, owner = 'a:1', limit = 10) => store.claimDue({ now, leaseMs: 60_000, limit, owner })

afterEach(closeAll)

describe.each(backends)('storage contract on $name', (backend) => {
  const open = async (place?: string) => backend.open(place ?? (await backend.fresh()))

  test('lead counts by site and state, with the oldest queued time of each (the metrics)', async () => {
    const { leads } = await open()
    expect(await leads.leadCounts()).toEqual([])
    await leads.insertLead(newLead({ now: T0 }))
    await leads.insertLead(newLead({ now: T0 + 10 }))
    await leads.insertLead(newLead({ site: 'p2', pageId: 'p2', relayUrl: null, now: T0 + 20 }))
    const [claimed] = await claim(leads, T0 + 30, 'a:1', 1)
    await leads.markDelivered(claimed!, T0 + 40)
    const counts = await leads.leadCounts()
    expect(counts.sort((a, b) => `${a.site}${a.state}`.localeCompare(`${b.site}${b.state}`))).toEqual([
      { site: 'p1', state: 'delivered', count: 1, oldestQueuedAt: T0 },
      { site: 'p1', state: 'pending', count: 1, oldestQueuedAt: T0 + 10 },
      { site: 'p2', state: 'held', count: 1, oldestQueuedAt: T0 + 20 },
    ])
  })

  test('a lead is stored with everything the relay and the contractor need, and read back the same', async () => {
    const { leads } = await open()
    const { row, created } = await leads.insertLead(newLead({ idempotencyKey: 'form-1' }))
    expect(created).toBe(true)
    expect(row).toEqual({
      id: expect.any(String),
      pageId: 'p1',
      site: 'p1',
      createdAt: T0,
      lead,
      relayBody: buildRelayBody(lead, testRecord()),
      relayUrl: 'https://relay.example/send',
      state: 'pending',
      attempts: 0,
      queuedAt: T0,
      nextAttemptAt: T0,
      claimedUntil: 0,
      claimedBy: null,
      lastError: null,
      deliveredAt: null,
      idempotencyKey: 'form-1',
    })
    expect(await leads.getLead(row.id)).toEqual(row)
    expect(await leads.getLead('no-such-id')).toBeUndefined()
    expect(await leads.insertLead(newLead({ idempotencyKey: 'form-1', now: T0 + 5 }))).toEqual({ row, created: false })
    expect((await leads.insertLead(newLead({ relayUrl: null }))).row.state).toBe('held')
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
    expect(batches.flat().every((l) => l.attempts === 1 && l.claimedUntil === T0 + 60_000)).toBe(true)
    expect(await claim(a, T0 + 59_999)).toEqual([])
    const again = await claim(b, T0 + 60_000, 'b:2', 100)
    expect(again).toHaveLength(30)
    expect(again.every((l) => l.attempts === 2 && l.claimedBy === 'b:2')).toBe(true)
  })

  test('only the holder of the current lease settles a lead, once', async () => {
    const { leads } = await open()
    const { row } = await leads.insertLead(newLead())
    const [stale] = await claim(leads, T0, 'dead:1')
    const [current] = await claim(leads, T0 + 60_000, 'live:2')
    expect(await leads.markDelivered(stale!, T0 + 60_001)).toBe(false)
    expect(await leads.scheduleRetry(stale!, T0 + 99_000, 'late')).toBe(false)
    expect(await leads.markDelivered(current!, T0 + 60_002)).toBe(true)
    expect(await leads.markDelivered(current!, T0 + 60_003)).toBe(false)
    expect(await leads.getLead(row.id)).toMatchObject({
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
    expect(await leads.getLead(second.id)).toMatchObject({ state: 'failed', lastError: 'HTTP 422' })
  })

  test('held leads of one page are released to a relay URL', async () => {
    const { leads } = await open()
    const mine = (await leads.insertLead(newLead({ relayUrl: null }))).row
    const other = (await leads.insertLead(newLead({ relayUrl: null, pageId: 'p2', site: 'p2' }))).row
    expect(await leads.releaseHeld('https://relay.example/new', T0 + 10, 'p1')).toBe(1)
    expect(await leads.getLead(mine.id)).toMatchObject({
      state: 'pending',
      relayUrl: 'https://relay.example/new',
      queuedAt: T0 + 10,
      nextAttemptAt: T0 + 10,
    })
    expect((await leads.getLead(other.id))!.state).toBe('held')
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

  test("results: one salt per day for every instance, made once; a new day's salt deletes the old one and its once-keys", async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).results, (await open(place)).results]
    let made = 0
    const make = () => `salt-${++made}`
    const together = await Promise.all([a.salt('2026-01-15', make), b.salt('2026-01-15', make), a.salt('2026-01-15', make)])
    expect(new Set(together).size).toBe(1)
    expect(await b.salt('2026-01-15', make)).toBe(together[0])
    const count = { metric: 'visitors', label: '', device: 'phone' } as const
    expect(await a.add('s1', '2026-01-15', count, 'k1')).toBe(true)
    expect(await b.add('s1', '2026-01-15', count, 'k1')).toBe(false) // the same visitor that day
    const next = await a.salt('2026-01-16', make)
    expect(next).not.toBe(together[0])
    // Yesterday's salt is gone: asking for it again makes a new one (nobody can recompute yesterday's visitors).
    expect(await b.salt('2026-01-15', () => 'fresh')).toBe('fresh')
    expect(await a.add('s1', '2026-01-15', count, 'k1')).toBe(true) // its once-keys went with it
  })

  test('results: counts add per site, day, metric, label and device; a once-key counts once, from any instance', async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).results, (await open(place)).results]
    const view = { metric: 'views', label: '/', device: 'phone' } as const
    await a.add('s1', '2026-01-15', view)
    await b.add('s1', '2026-01-15', view)
    await a.add('s1', '2026-01-15', { ...view, device: 'desktop' })
    await a.add('s1', '2026-01-16', view)
    await a.add('s2', '2026-01-15', view)
    const tap = { metric: 'action:phone', label: '/', device: 'phone' } as const
    const taps = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).add('s1', '2026-01-15', tap, 'visitor-1-phone')))
    expect(taps.filter(Boolean)).toHaveLength(1)
    expect(await a.add('s1', '2026-01-15', tap, 'visitor-2-phone')).toBe(true)
    expect(await b.counts('s1', '2026-01-01', '2026-01-15')).toEqual([
      { day: '2026-01-15', metric: 'action:phone', label: '/', device: 'phone', n: 2 },
      { day: '2026-01-15', metric: 'views', label: '/', device: 'desktop', n: 1 },
      { day: '2026-01-15', metric: 'views', label: '/', device: 'phone', n: 2 },
    ])
    expect(await a.counts('s2', '2026-01-15', '2026-01-16')).toEqual([
      { day: '2026-01-15', metric: 'views', label: '/', device: 'phone', n: 1 },
    ])
    expect(await a.sites()).toEqual(['s1', 's2'])
    await a.prune('2026-01-16')
    expect(await b.counts('s1', '2000-01-01', '2100-01-01')).toEqual([
      { day: '2026-01-16', metric: 'views', label: '/', device: 'phone', n: 1 },
    ])
  })

  test('results: a dimension admits its first labels up to the limit per site and month, then only those', async () => {
    const place = await backend.fresh()
    const [a, b] = [(await open(place)).results, (await open(place)).results]
    expect(await a.admit('s1', '2026-01', 'source', 'google.com', 2)).toBe(true)
    expect(await b.admit('s1', '2026-01', 'source', 'google.com', 2)).toBe(true)
    expect(await b.admit('s1', '2026-01', 'source', 'bing.com', 2)).toBe(true)
    expect(await a.admit('s1', '2026-01', 'source', 'spam.example', 2)).toBe(false)
    expect(await a.admit('s1', '2026-01', 'source', 'google.com', 2)).toBe(true) // the first ones stay
    expect(await a.admit('s1', '2026-01', 'utm_source', 'spam.example', 2)).toBe(true) // another dimension
    expect(await a.admit('s2', '2026-01', 'source', 'spam.example', 2)).toBe(true) // another site
    expect(await a.admit('s1', '2026-02', 'source', 'spam.example', 2)).toBe(true) // another month
    const flood = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).admit('s3', '2026-01', 'page', `/p${i}`, 10)))
    // Two instances admitting at the same moment: exactly the limit, never one more.
    expect(flood.filter(Boolean).length).toBe(10)
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
        state: 'pending',
        attempts: 2,
        lastError: 'HTTP 503',
        claimedBy: null,
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
    expect(await storage.leads.listLeads()).toEqual([expect.objectContaining({ id: 'old-1', site: 'acme', lead, state: 'held' })])
    expect(await sql.all('SELECT id, client_ip, user_agent FROM leads')).toEqual([{ id: 'old-1', client_ip: null, user_agent: null }])
    expect(await sql.all('SELECT key FROM rate_limits')).toEqual([])
  }

  test('SQLite: the old leads stay readable without them, and the old rate-limit keys are gone', async () => {
    const dir = await backends[0]!.fresh()
    await (await openStorage({ dataDir: dir, defaultSite: 'acme' })).close()
    const sql = await rawSql('sqlite', dir)
    try {
      await sql.run('DROP TRIGGER leads_keep_no_client; PRAGMA user_version = 2') // the schema the version before left
      await Promise.all(before(sql))
      const storage = await openStorage({ dataDir: dir, defaultSite: 'acme' })
      await after(storage, sql).finally(() => storage.close())
    } finally {
      await sql.close()
    }
  })

  test('PostgreSQL: the same', async () => {
    const url = await freshDatabase(inject('postgresUrl'))
    const sql = await rawSql('postgres', url)
    try {
      await migrate(sql.client!, POSTGRES_MIGRATIONS.slice(0, 2))
      for (const step of before(sql)) await step
      const storage = await openStorage({ databaseUrl: url, dataDir: '/nonexistent', defaultSite: 'acme' })
      await after(storage, sql).finally(() => storage.close())
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
