import { execFile } from 'node:child_process'
import os from 'node:os'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { startFakeRelay } from '#tests/fake-relay.ts'
import { startFakeSmtp } from '#tests/fake-smtp.ts'
import { startFakeWebhook } from '#tests/fake-webhook.ts'
import { acmeRecord, contactPoster, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { freshDatabase } from './postgres.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * Three real server processes on one PostgreSQL, behind no balancer but our own round robin:
 * leads, their outbox, visits and the contact rate limit are shared, and an instance killed in the
 * middle of relaying loses nothing; each lead also goes to the site's inbox and its CRM's webhook,
 * each destination once. The outbox's clock is shortened through the RELAY_* settings.
 */

const LEADS = 150
const RELAY_TIMEOUT_MS = 2_000 // the lease is 6 × this: 12 s for the killed instance's leads to return
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

let relay: Awaited<ReturnType<typeof startFakeRelay>>
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>
let hook: Awaited<ReturnType<typeof startFakeWebhook>>
let provider: Awaited<ReturnType<typeof startFakeProvider>>
let databaseUrl: string
let db: pg.Client
let sites: Awaited<ReturnType<typeof startSite>>[] = []

beforeAll(async () => {
  ensureBuilt()
  relay = await startFakeRelay()
  await relay.down()
  smtp = await startFakeSmtp()
  hook = await startFakeWebhook()
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
    OUTBOUND_ALLOW_ORIGINS: `${relay.url},${hook.url}`, // the fakes are on loopback, as an operator's internal relay may be
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Acme Leads <leads@agency.example>',
    LEAD_EMAIL: 'owner@acme.example',
    LEAD_WEBHOOK_URL: hook.url,
    LEAD_WEBHOOK_SECRET: hook.secret,
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
  await smtp?.close()
  await hook?.close()
})

const count = async (sql: string, values: unknown[] = []) => Number((await db.query<{ n: string }>(sql, values)).rows[0]!.n)
/** The relay's deliveries (a lead's relay delivery has the lead's id). */
const RELAYS = `lead_deliveries WHERE kind = 'relay'`

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
    // Refused posts count to 4 × CONTACT_RATE_LIMIT (12), spread over the three instances.
    const statuses = []
    for (let i = 0; i < 13; i++) {
      const post = contactPoster(sites[i % sites.length]!)
      statuses.push((await post({ ...validLead, firstName: '' }, '198.51.100.7')).status)
    }
    expect(statuses).toEqual([...Array<number>(12).fill(400), 429])
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
        .query<{ id: string }>(`SELECT id FROM ${RELAYS} AND claimed_by = $1 AND claimed_until > $2`, [victimOwner, Date.now()])
        .then((r) => r.rows.map((x) => x.id))
    // Longer than the suite's bound: the victim claims only on its outbox's next poll, after its retries' back-off.
    await expect.poll(async () => (await heldByVictim()).length, { timeout: 20_000 }).toBeGreaterThan(0)
    await victim.kill()
    const stranded = await heldByVictim() // claimed by a dead process: only their lease can free them
    expect(stranded.length).toBeGreaterThan(0)
    for (let n = 120; n < LEADS; n++) await postLead(n, [0, 2])

    relay.respondWith(200) // the relay is back (hanging requests are dropped, unanswered)
    // Longer than the suite's bound: every lead is delivered, the stranded ones only once their dead holder's lease
    // ran out, and the others at their retries' back-off.
    await expect
      .poll(() => count(`SELECT count(*) AS n FROM ${RELAYS} AND state = 'delivered'`), { timeout: 60_000, interval: 250 })
      .toBe(LEADS)

    const stored = await db.query<{ id: string; claimed_by: string }>(`SELECT lead_id AS id, claimed_by FROM ${RELAYS}`)
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
      attemptsInAll: await count(`SELECT sum(attempts) AS n FROM ${RELAYS}`),
    }
    console.info('[multi-instance] exactly-once figures', figures)
    expect(figures).toMatchObject({ posted: LEADS, answered200: LEADS, stored: LEADS, relayed: LEADS, duplicates: 0 })
    expect(acceptedKeys.toSorted()).toEqual(stored.rows.map((r) => r.id).toSorted())
    // The dead instance's leads went out through the others once its lease ran out.
    const strandedRows = stored.rows.filter((r) => stranded.includes(r.id))
    expect(strandedRows.every((r) => r.claimed_by !== victimOwner)).toBe(true)

    // The contractor's list is the same whichever instance's machine runs it, the killed one's too.
    // Run without blocking this process: a synchronous child held the event loop for seconds on a busy machine, so
    // the instances' closing of idle keep-alive sockets went unseen and the next test's first POST met a dead one.
    for (const site of sites) {
      const { stdout } = await promisify(execFile)(process.execPath, ['server/cli/leads.js'], {
        env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: site.dataDir },
        encoding: 'utf8',
      })
      expect(stdout).toContain(`${LEADS} lead(s)`)
    }
  }, 150_000)

  test('two origins left, the CRM refusing and the mail server busy now and then: each lead reaches each destination once', async () => {
    const [a, b] = [sites[0]!, sites[2]!] // the killed instance's peers
    const posters = [a, b].map(contactPoster)
    hook.refuse(8, 503)
    smtp.refuse(5, 451)
    const emails = Array.from({ length: 30 }, (_, n) => `both-${n}@example.com`)
    for (const [n, email] of emails.entries()) expect((await posters[n % 2]!({ ...validLead, email }, `192.0.2.${n}`)).status).toBe(200)
    const ids = (await db.query<{ id: string }>(`SELECT id FROM leads WHERE lead_json->>'email' LIKE 'both-%'`)).rows.map((r) => r.id)
    expect(ids).toHaveLength(30)
    const undelivered = () => count(`SELECT count(*) AS n FROM lead_deliveries WHERE lead_id = ANY($1) AND state <> 'delivered'`, [ids])
    // Longer than the suite's bound: 90 deliveries, the refused ones again at their retries' back-off.
    await expect.poll(undelivered, { timeout: 60_000, interval: 250 }).toBe(0)
    expect(await count(`SELECT count(*) AS n FROM lead_deliveries WHERE lead_id = ANY($1)`, [ids])).toBe(90) // relay, email, webhook

    const once = (keys: string[]) => ids.every((id) => keys.filter((key) => key.includes(id)).length === 1)
    expect(once(relay.accepted().map((r) => String(r.headers['idempotency-key'])))).toBe(true)
    expect(once(smtp.messages.map((m) => m.messageId ?? ''))).toBe(true)
    const webhooks = hook.accepted().filter((r) => ids.includes(r.body.data.id))
    expect(webhooks).toHaveLength(30)
    expect(new Set(webhooks.map((r) => r.body.data.id)).size).toBe(30)
    // A refused webhook was retried with its own webhook-id, never a new one.
    const idsOf = (lead: string) => new Set(hook.requests.filter((r) => r.body.data?.id === lead).map((r) => r.id))
    expect(ids.every((lead) => idsOf(lead).size === 1)).toBe(true)
    expect(hook.unverified()).toEqual([])
    // Every lead of this file went to the inbox and the CRM, the 150 of the test above included.
    expect(await count(`SELECT count(*) AS n FROM lead_deliveries WHERE kind <> 'relay' AND state <> 'delivered'`)).toBe(0)
    expect(await count(`SELECT count(*) AS n FROM lead_deliveries WHERE kind <> 'relay'`)).toBe(2 * (LEADS + 30))
  })
})
