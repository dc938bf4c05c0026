import pg from 'pg'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { acmeRecord, contactPoster, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { freshDatabase } from './postgres.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * Eight origins on one PostgreSQL with the shipped pool (DATABASE_POOL_MAX unset): under a burst of page-view beacons
 * and estimate requests each keeps to one pool of five and one listening connection, counted in pg_stat_activity by
 * the application_name each origin sets (its ORIGIN_NAME). Every request is answered and every lead stored: the
 * burst waits its turn for the pool, it does not open more.
 */

const ORIGINS = 8
const BEACONS = 30
const LEADS = 3
/** The shipped default: five pooled connections and the listening one. */
const MAX_PER_ORIGIN = 6

let provider: Awaited<ReturnType<typeof startFakeProvider>>
let databaseUrl: string
let db: pg.Client
const origins: Awaited<ReturnType<typeof startSite>>[] = []

beforeAll(async () => {
  ensureBuilt()
  const { logo: _none, ...principal } = acmeRecord().dbPrincipal
  provider = await startFakeProvider({ kind: 'ok', record: { ...acmeRecord(), dbPrincipal: principal } })
  databaseUrl = await freshDatabase(inject('postgresUrl'))
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const env = (i: number) => ({
    PAGE_API_URL: provider.url,
    PAGE_ID: 'acme',
    DATABASE_URL: databaseUrl,
    ORIGIN_NAME: `origin-${i}`,
    TRUST_PROXY: '1',
    RESULTS_RATE_LIMIT: '100000',
    CONTACT_RATE_LIMIT: '10000',
    // The burst queues on eight origins and PostgreSQL sharing a small machine: its waits say nothing of an outage here.
    DATABASE_TIMEOUT_MS: '30000',
  })
  // Two at a time: eight cold starts at once on a small machine would only measure the machine.
  for (let i = 1; i <= ORIGINS; i += 2) origins.push(...(await Promise.all([startSite(env(i)), startSite(env(i + 1))])))
}, 180_000)

afterAll(async () => {
  await Promise.all(origins.map((origin) => origin.stop()))
  await db?.end()
  await provider?.close()
})

test(`${ORIGINS} origins under a burst of beacons and form posts hold at most ${MAX_PER_ORIGIN} connections each`, async () => {
  const most = new Map<string, number>()
  let sampling = true
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await db.query<{ name: string; n: number }>(
        `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND application_name LIKE 'tradesite %' GROUP BY 1`,
      )
      for (const { name, n } of rows) most.set(name, Math.max(most.get(name) ?? 0, n))
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()

  const statuses = await Promise.all(
    origins.flatMap((origin, o) => {
      const post = contactPoster(origin)
      const beacon = (i: number) =>
        origin.get('/api/results', {
          method: 'POST',
          body: JSON.stringify({ a: 'view', p: '/', r: `ref-${i % 7}.example`, q: `?utm_source=burst${i % 5}` }),
          headers: {
            'Content-Type': 'text/plain;charset=UTF-8',
            'Sec-Fetch-Site': 'same-origin',
            'X-Forwarded-For': `198.51.${o}.${i % 250}`,
            'User-Agent': `Mozilla/5.0 (Linux; Android 14) Chrome/130.0.0.0 Mobile Safari/537.36 burst-${i}`,
          },
        })
      return [
        ...Array.from({ length: BEACONS }, (_, i) => beacon(i).then((r) => r.status)),
        ...Array.from({ length: LEADS }, (_, i) =>
          post({ ...validLead, firstName: `Burst ${o}-${i}`, submissionId: `burst-${o}-${i}` }, `203.0.${o}.${i}`).then((r) => r.status),
        ),
      ]
    }),
  )
  sampling = false
  await sampler

  console.info('[fleet-connections] most connections per origin', Object.fromEntries([...most].sort()))
  // A refusal comes with its reason in the failure (a beacon not counted logs why: the database's answer).
  const notCounted = origins.flatMap((origin) => origin.logLines().filter((line) => line.event === 'results.not-counted'))
  expect({ refused: statuses.filter((status) => status !== 204 && status !== 200), notCounted }).toEqual({ refused: [], notCounted: [] })
  expect(Number((await db.query(`SELECT count(*) AS n FROM leads WHERE lead_json->>'firstName' LIKE 'Burst %'`)).rows[0].n)).toBe(
    ORIGINS * LEADS,
  )
  expect([...most.keys()].sort()).toEqual(Array.from({ length: ORIGINS }, (_, i) => `tradesite origin-${i + 1}`).sort())
  expect(Math.max(...most.values())).toBeLessThanOrEqual(MAX_PER_ORIGIN)
}, 120_000)
