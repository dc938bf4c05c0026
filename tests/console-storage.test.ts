import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterEach, describe, expect, test } from 'vitest'
import { backends, closeAll } from './storage-backends.ts'
import type { ConsoleStorage, Invitation, NewPasskey } from '#server/storage/console-storage.ts'
import { leadsCsv, leadsCsvStream } from '#server/leads/leads-csv.server.ts'
import { deliveryCountsSql, dueDeliveriesSql, leadPageSql } from '#server/storage/lead-rows.server.ts'
import { sqliteDeliveriesSql } from '#server/storage/sqlite-storage.server.ts'
import { storeLead } from './lead-fixtures.ts'

/** What the console relies on (issue 35), held by both storages: people, passkeys, sessions, invitations, challenges, activity. */

const T0 = Date.UTC(2026, 2, 10, 9)
const HOUR = 3600 * 1000

const invitation = (overrides: Partial<Invitation> = {}): Invitation => ({
  tokenHash: 'hash-1',
  email: 'ana@agency.example',
  role: 'contractor',
  sites: ['acme', 'birch'],
  invitedBy: 'the command line',
  createdAt: T0,
  expiresAt: T0 + 24 * HOUR,
  usedAt: null,
  ...overrides,
})
const passkey = (id: string): NewPasskey => ({
  id,
  publicKey: new Uint8Array([1, 2, 3, 250]),
  counter: 0,
  transports: ['internal'],
  name: 'Laptop',
  createdAt: T0,
})

afterEach(closeAll)

describe.each(backends)('console storage on $name', (backend) => {
  const open = async () => (await backend.open(await backend.fresh())).console

  async function member(store: ConsoleStorage, overrides: Partial<Invitation> = {}, key = 'cred-1', personId = 'person-1') {
    await store.createInvitation(invitation(overrides))
    return (await store.acceptInvitation(overrides.tokenHash ?? 'hash-1', T0 + HOUR, personId, passkey(key)))!
  }

  test('an invitation is used once, before it expires: it makes the person, with its access and passkey', async () => {
    const store = await open()
    await store.createInvitation(invitation())
    await store.createInvitation(invitation({ tokenHash: 'late', email: 'late@agency.example', expiresAt: T0 + HOUR }))
    expect(await store.invitationByHash('hash-1')).toEqual(invitation())

    const person = await store.acceptInvitation('hash-1', T0 + HOUR, 'person-1', passkey('cred-1'))
    expect(person).toEqual({
      id: 'person-1',
      email: 'ana@agency.example',
      role: 'contractor',
      sites: ['acme', 'birch'],
      createdAt: T0 + HOUR,
    })
    expect(await store.passkeys('person-1')).toEqual([{ ...passkey('cred-1'), personId: 'person-1', lastUsedAt: T0 + HOUR }])
    expect((await store.invitationByHash('hash-1'))?.usedAt).toBe(T0 + HOUR)

    // Used: a second acceptance (another tab, a replay) changes nothing.
    expect(await store.acceptInvitation('hash-1', T0 + 2 * HOUR, 'person-2', passkey('cred-2'))).toBeNull()
    expect(await store.passkeyById('cred-2')).toBeUndefined()
    // Expired, and unknown: nothing.
    expect(await store.acceptInvitation('late', T0 + HOUR, 'person-3', passkey('cred-3'))).toBeNull()
    expect(await store.acceptInvitation('nope', T0, 'person-4', passkey('cred-4'))).toBeNull()
    expect((await store.people()).map((p) => p.email)).toEqual(['ana@agency.example'])
  })

  test('a second invitation for the same address gives the person its access and one more passkey (recovery)', async () => {
    const store = await open()
    await member(store)
    await store.createInvitation(invitation({ tokenHash: 'hash-2', role: 'staff', sites: [] }))
    const again = await store.acceptInvitation('hash-2', T0 + 2 * HOUR, 'ignored-id', passkey('cred-2'))
    expect(again).toMatchObject({ id: 'person-1', role: 'staff', sites: [] })
    expect((await store.passkeys('person-1')).map((p) => p.id)).toEqual(['cred-1', 'cred-2'])
  })

  test('open invitations: listed newest first until used or expired; ending an address’s makes their links expired', async () => {
    const store = await open()
    await store.createInvitation(invitation())
    await store.createInvitation(invitation({ tokenHash: 'hash-2', email: 'bo@agency.example', createdAt: T0 + 1 }))
    await store.createInvitation(invitation({ tokenHash: 'hash-3', email: 'bo@agency.example', createdAt: T0 + 2 }))
    await store.createInvitation(invitation({ tokenHash: 'old', email: 'old@agency.example', expiresAt: T0 + HOUR }))
    expect((await store.openInvitations(T0 + 2 * HOUR)).map((i) => i.tokenHash)).toEqual(['hash-3', 'hash-2', 'hash-1'])
    await store.acceptInvitation('hash-1', T0 + 2 * HOUR, 'person-1', passkey('cred-1'))
    expect(await store.endInvitations('bo@agency.example', T0 + 3 * HOUR)).toBe(2)
    expect(await store.endInvitations('bo@agency.example', T0 + 3 * HOUR)).toBe(0)
    expect(await store.endInvitations('ana@agency.example', T0 + 3 * HOUR)).toBe(0) // used: not open
    expect(await store.openInvitations(T0 + 3 * HOUR)).toEqual([])
    expect(await store.acceptInvitation('hash-2', T0 + 3 * HOUR, 'person-2', passkey('cred-2'))).toBeNull()
    expect((await store.invitationByHash('hash-2'))?.expiresAt).toBe(T0 + 3 * HOUR) // kept: its page says "expired"
  })

  test('passkeys: renamed and removed by their owner only; a sign-in moves the counter only from the value it read', async () => {
    const store = await open()
    await member(store)
    await member(store, { tokenHash: 'hash-b', email: 'bo@agency.example' }, 'cred-b', 'person-b')
    expect(await store.renamePasskey('person-b', 'cred-1', 'Stolen')).toBe(false)
    expect(await store.renamePasskey('person-1', 'cred-1', 'Phone')).toBe(true)
    expect((await store.passkeyById('cred-1'))?.name).toBe('Phone')

    expect(await store.usePasskey('cred-1', 0, 5, T0 + 3 * HOUR)).toBe(true)
    expect(await store.usePasskey('cred-1', 0, 6, T0 + 3 * HOUR)).toBe(false) // a racing sign-in read the old counter
    expect(await store.passkeyById('cred-1')).toMatchObject({ counter: 5, lastUsedAt: T0 + 3 * HOUR })

    await store.createSession({ idHash: 's1', personId: 'person-1', passkeyId: 'cred-1', createdAt: T0, lastSeenAt: T0 })
    expect(await store.removePasskey('person-b', 'cred-1')).toBe(false)
    expect(await store.removePasskey('person-1', 'cred-1')).toBe(true)
    expect(await store.session('s1')).toBeUndefined() // its sessions end with it
    expect(await store.passkeys('person-1')).toEqual([])
  })

  test('sessions: read, seen, listed newest first, ended one by one or pruned when idle or too old', async () => {
    const store = await open()
    await member(store)
    const session = (idHash: string, createdAt: number, lastSeenAt = createdAt) =>
      store.createSession({ idHash, personId: 'person-1', passkeyId: 'cred-1', createdAt, lastSeenAt })
    await session('old', T0 - 8 * 24 * HOUR, T0)
    await session('idle', T0 - 20 * HOUR)
    await session('fresh', T0)
    await store.touchSession('fresh', T0 + HOUR)
    expect(await store.session('fresh')).toEqual({
      idHash: 'fresh',
      personId: 'person-1',
      passkeyId: 'cred-1',
      createdAt: T0,
      lastSeenAt: T0 + HOUR,
    })
    expect((await store.sessions('person-1')).map((s) => s.idHash)).toEqual(['fresh', 'old', 'idle'])

    await store.pruneSessions(T0 - 12 * HOUR, T0 - 7 * 24 * HOUR)
    expect((await store.sessions('person-1')).map((s) => s.idHash)).toEqual(['fresh'])
    expect(await store.deletePersonSession('person-2', 'fresh')).toBe(false)
    expect(await store.deletePersonSession('person-1', 'fresh')).toBe(true)
    expect(await store.deleteSession('fresh')).toBe(false)
  })

  test('revoking a person ends their sessions and removes their passkeys; their activity stays', async () => {
    const store = await open()
    await member(store)
    await store.createSession({ idHash: 's1', personId: 'person-1', passkeyId: 'cred-1', createdAt: T0, lastSeenAt: T0 })
    await store.record({ at: T0, email: 'ana@agency.example', action: 'viewed-leads', site: 'acme', detail: '' })
    expect(await store.deletePerson('person-1')).toBe(true)
    expect(await store.deletePerson('person-1')).toBe(false)
    expect(await store.session('s1')).toBeUndefined()
    expect(await store.passkeyById('cred-1')).toBeUndefined()
    expect(await store.personByEmail('ana@agency.example')).toBeUndefined()
    expect(await store.activity({ limit: 10 })).toMatchObject([{ email: 'ana@agency.example', action: 'viewed-leads' }])
  })

  test('access changes; people are listed by address', async () => {
    const store = await open()
    await member(store, { email: 'zoe@agency.example' })
    await member(store, { tokenHash: 'hash-b', email: 'bo@agency.example', role: 'admin', sites: [] }, 'cred-b', 'person-b')
    expect(await store.updatePerson('person-1', { role: 'staff', sites: [] })).toBe(true)
    expect(await store.updatePerson('nobody', { role: 'staff', sites: [] })).toBe(false)
    expect((await store.people()).map((p) => [p.email, p.role])).toEqual([
      ['bo@agency.example', 'admin'],
      ['zoe@agency.example', 'staff'],
    ])
  })

  test('a challenge is taken once, for its purpose, before it expires', async () => {
    const store = await open()
    await store.saveChallenge({ challenge: 'c1', purpose: 'register', subject: '{"personId":"p"}', expiresAt: T0 + 60_000 })
    await store.saveChallenge({ challenge: 'c2', purpose: 'authenticate', subject: '{}', expiresAt: T0 + 60_000 })
    await store.saveChallenge({ challenge: 'c3', purpose: 'authenticate', subject: '{}', expiresAt: T0 })
    expect(await store.takeChallenge('c1', 'authenticate', T0)).toBeNull() // the wrong ceremony spends it too
    expect(await store.takeChallenge('c1', 'register', T0)).toBeNull()
    expect(await store.takeChallenge('c2', 'authenticate', T0)).toBe('{}')
    expect(await store.takeChallenge('c2', 'authenticate', T0)).toBeNull()
    expect(await store.takeChallenge('c3', 'authenticate', T0 + 1)).toBeNull()
  })

  test('expired challenges are swept, the live ones kept', async () => {
    const store = await open()
    for (let i = 0; i < 5; i++) await store.saveChallenge({ challenge: `old-${i}`, purpose: 'register', subject: '{}', expiresAt: T0 - 1 })
    await store.saveChallenge({ challenge: 'live', purpose: 'authenticate', subject: '{}', expiresAt: T0 + 60_000 })
    expect(await store.sweepChallenges(T0)).toBe(5)
    expect(await store.sweepChallenges(T0)).toBe(0)
    expect(await store.takeChallenge('live', 'authenticate', T0)).toBe('{}')
  })

  test('activity: newest first, filtered by person, site and action, paged by id; old entries pruned', async () => {
    const store = await open()
    const entries = [
      { at: T0 - 400 * 24 * HOUR, email: 'a@x.example', action: 'signed-in' as const, site: null, detail: '' },
      { at: T0, email: 'a@x.example', action: 'viewed-leads' as const, site: 'acme', detail: '' },
      { at: T0 + 1, email: 'b@x.example', action: 'exported-leads' as const, site: 'acme', detail: '' },
      { at: T0 + 2, email: 'a@x.example', action: 'resent-lead' as const, site: 'birch', detail: 'lead-9' },
    ]
    for (const entry of entries) await store.record(entry)
    const all = await store.activity({ limit: 10 })
    expect(all.map((e) => e.at)).toEqual([T0 + 2, T0 + 1, T0, T0 - 400 * 24 * HOUR])
    expect((await store.activity({ site: 'acme', limit: 10 })).map((e) => e.email)).toEqual(['b@x.example', 'a@x.example'])
    expect((await store.activity({ email: 'a@x.example', action: 'resent-lead', limit: 10 })).map((e) => e.detail)).toEqual(['lead-9'])
    expect((await store.activity({ beforeId: all[1]!.id, limit: 1 })).map((e) => e.at)).toEqual([T0])

    await store.prune(T0, T0 - 396 * 24 * HOUR)
    expect(await store.activity({ limit: 10 })).toHaveLength(3)
  })

  test("the Sites page's aggregates: leads per site since a time, daily totals of chosen metrics", async () => {
    const storage = await backend.open(await backend.fresh())
    const insert = (site: string, now: number) => storeLead(storage.leads, site, now)
    await insert('acme', T0 - 10 * 24 * HOUR)
    await insert('acme', T0 - HOUR)
    await insert('acme', T0)
    await insert('birch', T0)
    const since = (await storage.leads.leadsSince(T0 - 7 * 24 * HOUR)).sort((a, b) => a.site.localeCompare(b.site))
    expect(since).toEqual([
      { site: 'acme', count: 2 },
      { site: 'birch', count: 1 },
    ])
    expect(await storage.leads.leadTotal('acme')).toBe(3) // one site's, all time (its Leads page)
    expect(await storage.leads.leadTotal('nobody')).toBe(0)

    for (const [site, day, metric, label, device] of [
      ['acme', '2026-03-01', 'visitors', '', 'phone'],
      ['acme', '2026-03-01', 'visitors', '', 'desktop'],
      ['acme', '2026-03-01', 'views', '/', 'phone'],
      ['acme', '2026-03-02', 'estimate', 'home', 'phone'],
      ['birch', '2026-02-28', 'visitors', '', 'phone'],
      ['birch', '2026-01-31', 'visitors', '', 'phone'],
    ] as const)
      await storage.results.record(site, day, [{ counts: [{ metric, label, device }] }], { labelLimit: 50, now: T0 })
    const totals = await storage.results.dailyTotals(['acme', 'birch'], ['visitors', 'estimate'], '2026-02-01', '2026-03-31')
    expect(totals.sort((a, b) => `${a.site}${a.day}${a.metric}`.localeCompare(`${b.site}${b.day}${b.metric}`))).toEqual([
      { site: 'acme', day: '2026-03-01', metric: 'visitors', n: 2 },
      { site: 'acme', day: '2026-03-02', metric: 'estimate', n: 1 },
      { site: 'birch', day: '2026-02-28', metric: 'visitors', n: 1 },
    ])
    expect(await storage.results.dailyTotals(['birch'], ['visitors'], '2026-01-01', '2026-01-31')).toEqual([
      { site: 'birch', day: '2026-01-31', metric: 'visitors', n: 1 },
    ])
    expect(await storage.results.dailyTotals([], ['visitors'], '2026-01-01', '2026-12-31')).toEqual([])
  })

  test("a site's leads by keyset pages (none repeated or skipped while leads arrive), the CSV streamed in batches, the partial index read", async () => {
    const place = await backend.fresh()
    const storage = await backend.open(place)
    const insert = (site: string, now: number) => storeLead(storage.leads, site, now)
    // 23 leads of acme, three to a millisecond (the id breaks ties), and birch's between them.
    for (let i = 0; i < 23; i++) await insert('acme', T0 + Math.floor(i / 3))
    for (let i = 0; i < 4; i++) await insert('birch', T0 + i)
    const listed = (await storage.leads.listLeads({ site: 'acme' })).map((l) => l.id)
    expect(listed).toHaveLength(23)

    const read = async (toward: 'older' | 'newer') => {
      const ids: string[] = []
      let from: { createdAt: number; id: string } | null = null
      for (;;) {
        const page = await storage.leads.pageLeads({ site: 'acme', from, toward, limit: 5 })
        await insert('acme', T0 + 100 + ids.length) // a lead arrives between two pages
        if (toward === 'older') ids.push(...page.map((l) => l.id))
        else ids.unshift(...page.map((l) => l.id))
        const edge = toward === 'older' ? page.at(-1) : page[0]
        if (page.length < 5 || !edge) return ids
        from = { createdAt: edge.createdAt, id: edge.id }
      }
    }
    expect(await read('older')).toEqual(listed)
    // From the oldest end toward newer ones: the same leads, then those that arrived meanwhile, each once.
    const fromOldest = await read('newer')
    expect(fromOldest).toEqual((await storage.leads.listLeads({ site: 'acme' })).slice(1).map((l) => l.id)) // the last came after

    // The export: every lead as the listing has them, the header then one chunk per batch of at most 4 rows.
    const count = (await storage.leads.listLeads({ site: 'acme' })).length
    const chunks: string[] = []
    for await (const chunk of leadsCsvStream(storage.leads, 'acme', 4)) chunks.push(new TextDecoder().decode(chunk))
    expect(chunks.join('')).toBe(leadsCsv(await storage.leads.listLeads({ site: 'acme' })))
    expect(chunks.length).toBe(1 + Math.ceil(count / 4))
    expect(chunks.slice(1).every((c) => c.split('\r\n').length - 1 <= 4)).toBe(true)

    // The outbox's due deliveries and the Sites page's counts read the partial index of deliveries not delivered.
    const queries = [dueDeliveriesSql({ now: '5', leaseNow: '5', limit: '10' }), deliveryCountsSql(true)]
    expect(await queryPlans(backend.name, place, queries)).toEqual([
      expect.stringContaining('lead_deliveries_undelivered'),
      expect.stringContaining('lead_deliveries_undelivered'),
    ])
    if (backend.name === 'sqlite') {
      // A page's deliveries are looked up by lead, even when statistics gathered on small tables make a scan of every
      // delivery look cheap (a server keeps the statistics it read until its schema changes, while the tables grow).
      const analyzer = new Database(path.join(place, 'leads.sqlite'))
      analyzer.exec('ANALYZE')
      analyzer.close()
      const { where, tail } = leadPageSql(
        { site: 'acme', from: { createdAt: T0, id: 'x' }, toward: 'older' },
        { site: "'acme'", createdAt: String(T0), id: "'x'", limit: '500' },
      )
      const [plan] = await queryPlans(backend.name, place, [sqliteDeliveriesSql(`${where} ${tail}`)])
      expect(plan).toMatch(/SEARCH d USING INDEX/)
      expect(plan).not.toMatch(/SCAN (lead_deliveries|d)\b/)
    }
  })
})

/** Each query's plan, as text: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN (sequential scans off: a tiny table is read whole). */
async function queryPlans(kind: string, place: string, queries: string[]): Promise<string[]> {
  if (kind === 'sqlite') {
    const db = new Database(path.join(place, 'leads.sqlite'), { readonly: true })
    try {
      return queries.map((q) =>
        db
          .prepare<[], { detail: string }>(`EXPLAIN QUERY PLAN ${q}`)
          .all()
          .map((r) => r.detail)
          .join('\n'),
      )
    } finally {
      db.close()
    }
  }
  const client = new pg.Client({ connectionString: place })
  await client.connect()
  try {
    await client.query('SET enable_seqscan = off')
    const plans: string[] = []
    for (const q of queries)
      plans.push((await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${q}`)).rows.map((r) => r['QUERY PLAN']).join('\n'))
    return plans
  } finally {
    await client.end()
  }
}
