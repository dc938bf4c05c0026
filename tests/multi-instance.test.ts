import { execFileSync } from 'node:child_process'
import os from 'node:os'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { startFakeRelay } from '#tests/fake-relay.ts'
import { acmeRecord, contactPoster, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { freshDatabase } from './postgres.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * Three real server processes on one PostgreSQL, behind no balancer but our own round robin:
 * leads, relay outbox, visits and the contact rate limit are shared, and an instance killed in the
 * middle of relaying loses nothing. The relay clock is shortened through the RELAY_* settings.
 */

const LEADS = 150
const RELAY_TIMEOUT_MS = 2_000 // the lease is 6 × this: 12 s for the killed instance's leads to return
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

let relay: Awaited<ReturnType<typeof startFakeRelay>>
let provider: Awaited<ReturnType<typeof startFakeProvider>>
let databaseUrl: string
let db: pg.Client
let sites: Awaited<ReturnType<typeof startSite>>[] = []

beforeAll(async () => {
  ensureBuilt()
  relay = await startFakeRelay()
  await relay.down()
  provider = await startFakeProvider({
    kind: 'ok',
    record: acmeRecord(relay.url),
  })
  databaseUrl = await freshDatabase(inject('postgresUrl'))
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const env = {
    PAGE_API_URL: provider.url,
    PAGE_ID: 'acme',
    OUTBOUND_ALLOW_ORIGINS: relay.url, // the fake relay is on loopback, as an operator's internal relay may be
    DATABASE_URL: databaseUrl,
    TRUST_PROXY: '1',
    CONTACT_RATE_LIMIT: '3',
    RELAY_TIMEOUT_MS: String(RELAY_TIMEOUT_MS),
    RELAY_RETRY_BASE_MS: '100',
    RELAY_RETRY_CAP_MS: '1000',
    RELAY_POLL_MS: '100',
  }
  sites = await Promise.all([startSite(env), startSite(env), startSite(env)])
}, 180_000)

afterAll(async () => {
  for (const site of sites) await site.stop()
  await db?.end()
  await provider?.close()
  await relay?.close()
})

const count = async (sql: string, values: unknown[] = []) => Number((await db.query<{ n: string }>(sql, values)).rows[0]!.n)

describe('three instances on one PostgreSQL', () => {
  test('each says so on /healthz', async () => {
    for (const site of sites) expect((await (await site.get('/healthz')).json()).storage).toBe('postgres')
  })

  test('visit counts are one count, whichever instance a visitor reaches, and a visitor counts once a day on all of them', async () => {
    const answers = []
    for (const [i, site] of sites.entries()) {
      for (const visitor of [`203.0.113.${i + 1}`, '203.0.113.1']) {
        const response = await site.get('/api/visits', {
          method: 'POST',
          body: '{}',
          headers: {
            'Content-Type': 'application/json',
            'Sec-Fetch-Site': 'same-origin',
            'User-Agent': BROWSER,
            'X-Forwarded-For': visitor,
          },
        })
        answers.push(await response.json())
      }
    }
    expect(answers.map((a) => a.total)).toEqual([1, 1, 2, 2, 3, 3])
    expect(await (await sites[0]!.get('/api/visits')).json()).toEqual({ today: 3, total: 3 })
  })

  test('the contact rate limit counts a client across instances instead of once per instance', async () => {
    const statuses = []
    for (const site of [...sites, sites[0]!]) {
      const post = contactPoster(site)
      statuses.push((await post({ ...validLead, firstName: '' }, '198.51.100.7')).status)
    }
    expect(statuses).toEqual([400, 400, 400, 429])
  })

  test(`${LEADS} leads posted across them while the relay is down, one instance killed mid-relay: every lead relayed exactly once`, async () => {
    const posters = sites.map(contactPoster)
    const victim = sites[1]!
    const victimOwner = `${os.hostname()}:${victim.pid}`
    const answers: number[] = []
    const postLead = async (n: number, instances: number[]) => {
      const response = await posters[instances[n % instances.length]!]!(
        { ...validLead, email: `lead-${n}@example.com` },
        `203.0.113.${n % 250}`,
      )
      expect(await response.text()).toContain('Thank you! Your request was sent.')
      answers.push(response.status)
    }

    // The relay refuses connections: every instance stores, tries, and schedules retries.
    for (let n = 0; n < 75; n++) await postLead(n, [0, 1, 2])
    // The relay takes requests and never answers: relays hang, so instances hold their leads' leases.
    await relay.up()
    relay.hold()
    for (let n = 75; n < 120; n++) await postLead(n, [0, 1, 2])
    const heldByVictim = () =>
      db
        .query<{ id: string }>('SELECT id FROM leads WHERE claimed_by = $1 AND claimed_until > $2', [victimOwner, Date.now()])
        .then((r) => r.rows.map((x) => x.id))
    await expect.poll(async () => (await heldByVictim()).length, { timeout: 20_000 }).toBeGreaterThan(0)
    await victim.kill()
    const stranded = await heldByVictim() // claimed by a dead process: only their lease can free them
    expect(stranded.length).toBeGreaterThan(0)
    for (let n = 120; n < LEADS; n++) await postLead(n, [0, 2])

    relay.respondWith(200) // the relay is back (hanging requests are dropped, unanswered)
    await expect
      .poll(() => count(`SELECT count(*) AS n FROM leads WHERE state = 'delivered'`), { timeout: 60_000, interval: 250 })
      .toBe(LEADS)

    const stored = await db.query<{ id: string; claimed_by: string }>('SELECT id, claimed_by FROM leads')
    const acceptedKeys = relay.accepted().map((r) => String(r.headers['idempotency-key']))
    const timesAccepted = new Map<string, number>()
    for (const key of acceptedKeys) timesAccepted.set(key, (timesAccepted.get(key) ?? 0) + 1)
    const figures = {
      posted: answers.length,
      answered200: answers.filter((s) => s === 200).length,
      stored: stored.rows.length,
      relayed: timesAccepted.size,
      duplicates: [...timesAccepted.values()].filter((n) => n > 1).length,
      strandedByKill: stranded.length,
      unansweredAttempts: relay.requests.filter((r) => r.status === 0).length,
      attemptsInAll: await count('SELECT sum(attempts) AS n FROM leads'),
    }
    console.info('[multi-instance] exactly-once figures', figures)
    expect(figures).toMatchObject({ posted: LEADS, answered200: LEADS, stored: LEADS, relayed: LEADS, duplicates: 0 })
    expect(acceptedKeys.toSorted()).toEqual(stored.rows.map((r) => r.id).toSorted())
    // The dead instance's leads went out through the others once its lease ran out.
    const strandedRows = stored.rows.filter((r) => stranded.includes(r.id))
    expect(strandedRows.every((r) => r.claimed_by !== victimOwner)).toBe(true)

    // The contractor's list is the same whichever instance's machine runs it, the killed one's too.
    for (const site of sites) {
      const out = execFileSync(process.execPath, ['server/cli/leads.js'], {
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: site.dataDir },
        encoding: 'utf8',
      })
      expect(out).toContain(`${LEADS} lead(s)`)
      expect(out).not.toMatch(/pending|failed|held/)
    }
  }, 150_000)
})
