import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { monthReport } from '#server/results/month-report.server.ts'
import { previousMonth, resultsReportSchema, type ResultsReport } from '#server/results/results-report.ts'
import { monthName } from '#server/results/results-report-words.ts'
import { REVOCATION_MS } from '#server/results/share-link.server.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import { acmeRecord, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { freshDatabase } from './postgres.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * What the site brought in (issues 30, 37), against the real server on each backend: the beacon's counts,
 * bots and prefetches not counted, hostile posts refused, sources by network and kept by visitors (a
 * flood of made-up referrers cannot push out a real one), the work a campaign brought counted under it,
 * nothing of a visitor's address or browser in any table.
 */

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36 results-test-a'
const DESKTOP_UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 results-test-b'
const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const IP_A = '198.51.100.23'
const IP_B = '198.51.100.77'
const IP_C = '198.51.100.131'
const UA_C =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15 results-test-c'
const month = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit' }).format(Date.now()).slice(0, 7)

const backends = [
  { name: 'sqlite', env: async (): Promise<Record<string, string>> => ({}) },
  { name: 'postgres', env: async () => ({ DATABASE_URL: await freshDatabase(inject('postgresUrl')) }) },
]

describe.each(backends)('results on $name', (backend) => {
  let site: Awaited<ReturnType<typeof startSite>>
  let provider: Awaited<ReturnType<typeof startFakeProvider>>
  let env: Record<string, string>
  let dir: string

  beforeAll(async () => {
    ensureBuilt()
    provider = await startFakeProvider({ kind: 'ok', record: acmeRecord() })
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'results-'))
    const sitesFile = path.join(dir, 'sites.json')
    fs.writeFileSync(
      sitesFile,
      JSON.stringify([
        { hosts: ['alpha.test'], pageId: 'alpha', siteUrl: 'http://alpha.test' },
        { hosts: ['beta.test'], pageId: 'beta', siteUrl: 'http://beta.test' },
        { hosts: ['gamma.test'], pageId: 'gamma', siteUrl: 'http://gamma.test' },
      ]),
    )
    env = { SITES_FILE: sitesFile, PAGE_API_URL: provider.url, TRUST_PROXY: '127.0.0.1', ...(await backend.env()) }
    site = await startSite(env, path.join(dir, 'data'))
  })

  afterAll(async () => {
    await site?.stop()
    provider?.close()
    fs.rmSync(dir, { recursive: true, force: true })
  })

  /** `npm run results -- …` on this server's storage. */
  const run = (args: string[], more: Record<string, string> = {}) =>
    promisify(execFile)(process.execPath, ['server/cli/results.js', ...args], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { ...process.env, ...env, DATA_DIR: site.dataDir, ...more },
    })

  /** A beacon as the page's script sends it (text/plain, same-origin) from one visitor. */
  const beacon = (host: string, event: unknown, { ip = IP_A, ua = PHONE_UA, headers = {} as Record<string, string> } = {}) =>
    site.request(host, '/api/results', {
      method: 'POST',
      body: typeof event === 'string' ? event : JSON.stringify(event),
      headers: {
        'Content-Type': 'text/plain;charset=UTF-8',
        'Sec-Fetch-Site': 'same-origin',
        'X-Forwarded-For': ip,
        ...(ua ? { 'User-Agent': ua } : {}),
        ...headers,
      },
    })

  /** The estimate form posted as a page without JavaScript sends it, from the form at `place`, by one visitor. */
  const sendEstimate = (host: string, place: string, submissionId: string, { ip, ua }: { ip: string; ua: string }) =>
    site.request(host, '/contact', {
      method: 'POST',
      body: new URLSearchParams({ ...validLead, contactWays: 'phone', place, submissionId }).toString(),
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Sec-Fetch-Site': 'same-origin',
        'X-Forwarded-For': ip,
        'User-Agent': ua,
      },
    })

  const report = async (id: string): Promise<ResultsReport> => {
    const storage = await openStorage({ databaseUrl: env.DATABASE_URL, dataDir: site.dataDir, defaultSite: 'alpha' })
    try {
      return await monthReport(storage.results, id, month)
    } finally {
      await storage.close()
    }
  }

  /**
   * The report once `ready` says so (an estimate request is counted just after the visitor's answer), asked for at most
   * the suite's bound for a wait (vitest.config.ts), then returned as it is for the test to say what is missing.
   */
  const reportOnce = async (id: string, ready: (r: ResultsReport) => boolean) => {
    for (const until = Date.now() + 15_000; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const r = await report(id)
      if (ready(r) || Date.now() > until) return r
    }
  }

  test('two visitors, their views, taps, a form started and one sent: exact counts; the same visitor twice is one; bots count nothing', async () => {
    const accepted = async (answer: Promise<{ status: number }>) => expect((await answer).status).toBe(204)
    // Visitor A, on a phone, lands from a Google ad, reads two pages, taps the phone twice, opens the chat, starts the modal's form.
    await accepted(
      beacon('alpha.test', { a: 'view', p: '/', r: 'www.google.com', q: '?utm_source=Google&utm_medium=cpc&utm_campaign=fall' }),
    )
    await accepted(beacon('alpha.test', { a: 'view', p: '/services', r: 'alpha.test' }))
    await accepted(beacon('alpha.test', { a: 'phone', p: '/services' }))
    await accepted(beacon('alpha.test', { a: 'phone', p: '/services' }))
    await accepted(beacon('alpha.test', { a: 'chat', p: '/services' }))
    await accepted(beacon('alpha.test', { a: 'form', p: '/services', f: 'modal' }))
    await accepted(beacon('alpha.test', { a: 'view', p: '/', r: 'alpha.test' })) // back home: the same visitor
    // Visitor B, on a desktop, types the address, reads the contact page, taps the email, sends the contact page's form.
    const b = { ip: IP_B, ua: DESKTOP_UA }
    await accepted(beacon('alpha.test', { a: 'view', p: '/contact', r: '' }, b))
    await accepted(beacon('alpha.test', { a: 'email', p: '/contact' }, b))
    await accepted(beacon('alpha.test', { a: 'form', p: '/contact', f: 'contact' }, b))
    expect((await sendEstimate('alpha.test', 'contact', 'results-0001', b)).status).toBe(200)
    await reportOnce('alpha', (counted) => counted.totals.estimates.month === 1)
    // Not visitors: a crawler, a client without a user agent, a prefetch.
    await accepted(beacon('alpha.test', { a: 'view', p: '/' }, { ua: BOT_UA, ip: '198.51.100.99' }))
    await accepted(beacon('alpha.test', { a: 'phone', p: '/' }, { ua: '', ip: '198.51.100.98' }))
    await accepted(beacon('alpha.test', { a: 'view', p: '/' }, { ip: '198.51.100.97', headers: { 'Sec-Purpose': 'prefetch' } }))

    const r = await report('alpha')
    expect(resultsReportSchema.parse(r)).toEqual(r)
    const totals = Object.fromEntries(Object.entries(r.totals).map(([k, t]) => [k, [t.phone, t.desktop]]))
    expect(totals).toEqual({
      visitors: [1, 1],
      views: [2, 1], // back home within 30 minutes: the same view
      phone: [1, 0],
      chat: [1, 0],
      email: [0, 1],
      map: [0, 0],
      social: [0, 0],
      estimates: [0, 1],
      formsStarted: [1, 1],
      formsNotSent: [1, 0],
    })
    expect(r.pages).toEqual([
      { name: '/', views: 1, visitors: 1, actions: 0 },
      { name: '/contact', views: 1, visitors: 1, actions: 1 },
      { name: '/services', views: 1, visitors: 1, actions: 2 },
    ])
    // The work each brought: A's calls and chat under Google and its campaign, B's email and estimate request under direct and no campaign.
    const none = { estimates: 0, phone: 0, chat: 0, email: 0, map: 0 }
    const byA = { visitors: 1, ...none, phone: 1, chat: 1 }
    const byB = { visitors: 1, ...none, estimates: 1, email: 1 }
    expect(r.sources).toEqual([
      { name: '(direct)', ...byB },
      { name: 'Google', ...byA },
    ])
    expect(r.campaigns).toEqual({
      utm_source: [
        { name: '(none)', ...byB },
        { name: 'google', ...byA },
      ],
      utm_medium: [
        { name: '(none)', ...byB },
        { name: 'cpc', ...byA },
      ],
      utm_campaign: [
        { name: '(none)', ...byB },
        { name: 'fall', ...byA },
      ],
    })
    expect(r.forms).toEqual([
      { name: 'home', requests: 0, started: 0, notSent: 0 },
      { name: 'contact', requests: 1, started: 1, notSent: 0 },
      { name: 'modal', requests: 0, started: 1, notSent: 1 },
    ])
    const today = r.days.find((d) => d.views)!
    expect(today).toMatchObject({ visitors: 2, views: 3, actions: 3, estimates: 1 })
    expect((await report('beta')).totals.views.month).toBe(0)
  })

  test('forged, cross-site, oversized and malformed events are refused, and count nothing', async () => {
    const before = await report('alpha')
    const answers = await Promise.all([
      beacon('alpha.test', { a: 'view', p: '/' }, { headers: { 'Sec-Fetch-Site': 'cross-site' } }),
      beacon('alpha.test', { a: 'view', p: '/', r: 'x'.repeat(2000) }),
      beacon('alpha.test', { a: 'delete', p: '/' }),
      beacon('alpha.test', { a: 'view', p: '/', site: 'beta' }),
      beacon('alpha.test', { a: 'view', p: '/About/' }),
      beacon('alpha.test', { a: 'form', p: '/', f: 'anywhere' }),
      beacon('alpha.test', 'not json'),
      beacon('alpha.test', { a: 'view', p: '/' }, { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
      beacon('nobody.test', { a: 'view', p: '/' }),
    ])
    expect(answers.map((a) => a.status)).toEqual([403, 413, 400, 400, 400, 400, 400, 415, 404])
    expect(await report('alpha')).toEqual(before)
  })

  test('a client beyond RESULTS_RATE_LIMIT (120 per 10 minutes) gets 429; an IPv6 client is its whole /64', async () => {
    const statuses: number[] = []
    // Each beacon from another address of one /64: one client.
    for (let i = 0; i < 121; i++)
      statuses.push((await beacon('alpha.test', { a: 'phone', p: '/' }, { ip: `2001:db8:37:64::${(i + 1).toString(16)}` })).status)
    expect(statuses.slice(0, 120).every((s) => s === 204)).toBe(true)
    expect(statuses[120]).toBe(429)
    expect((await beacon('alpha.test', { a: 'phone', p: '/' }, { ip: '2001:db8:37:65::1' })).status).toBe(204) // the next /64
  })

  test('sources nobody can split or freeze: four spellings of Facebook are one; made-up referrers and pages cannot push out real ones', async () => {
    const view = (r: string, visitor: number, p = '/') =>
      beacon('beta.test', { a: 'view', p, r }, { ip: `192.0.2.${visitor}`, ua: `${DESKTOP_UA} ${visitor}` })
    const facebook = ['l.facebook.com', 'm.facebook.com', 'lm.facebook.com', 'facebook.com']
    for (const [i, host] of facebook.entries()) expect((await view(host, 10 + i)).status).toBe(204)
    // 60 made-up referrers from one visitor (and made-up pages), then a real source from three visitors.
    for (let i = 0; i < 60; i++) expect((await view(`made-up-${i}.example`, 1, `/spam-${i}`)).status).toBe(204)
    for (const visitor of [21, 22, 23]) expect((await view('www.yelp.com', visitor)).status).toBe(204)
    const r = await report('beta')
    const sources = Object.fromEntries(r.sources.map((s) => [s.name, s.visitors]))
    expect(sources).toMatchObject({ Facebook: 4, Yelp: 3 })
    expect(Object.keys(sources).filter((name) => name.includes('facebook'))).toEqual([])
    expect(r.sources.filter((s) => !s.name.startsWith('(')).length).toBe(50) // the month's 50 kept, the rest "(other)"
    expect(r.sources.reduce((n, s) => n + s.visitors, 0)).toBe(4 + 60 + 3)
    // Made-up paths are no page of the site: every one is the one "(not found)" page.
    expect(r.pages.map((p) => p.name).sort()).toEqual(['(not found)', '/'])
  })

  test('a campaign visitor sends an estimate request: it is counted under the campaign, its source and its tags', async () => {
    const visitor = { ip: '192.0.2.77', ua: `${PHONE_UA} campaign` }
    await beacon(
      'beta.test',
      { a: 'view', p: '/', r: 'l.facebook.com', q: '?utm_source=facebook&utm_medium=paid&utm_campaign=Spring-Decks' },
      visitor,
    )
    await beacon('beta.test', { a: 'view', p: '/contact', r: 'beta.test' }, visitor)
    expect((await sendEstimate('beta.test', 'contact', 'results-campaign-1', visitor)).status).toBe(200)
    const r = await reportOnce('beta', (counted) => counted.totals.estimates.month === 1) // counted just after the answer
    const brought = (rows: { name: string; estimates: number }[], name: string) => rows.find((row) => row.name === name)?.estimates
    expect(brought(r.campaigns.utm_campaign, 'spring-decks')).toBe(1)
    expect(brought(r.campaigns.utm_source, 'facebook')).toBe(1)
    expect(brought(r.campaigns.utm_medium, 'paid')).toBe(1)
    expect(brought(r.sources, 'Facebook')).toBe(1)
    expect(r.totals.estimates.month).toBe(1)
  })

  test('1 000 beacons from 100 made-up visitors with made-up referrers and pages: bounded rows; the other site unchanged', async () => {
    const alpha = await report('alpha')
    const random = () => Math.random().toString(36).slice(2, 10)
    let next = 0
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let i = next++; i < 1_000; i = next++) {
          // 100 clients of 10 events each, each its own visitor.
          const answer = await beacon(
            'gamma.test',
            { a: i % 3 ? 'view' : 'map', p: `/${random()}`, r: `${random()}.example`, q: `?utm_campaign=${random()}` },
            { ip: `10.9.${Math.floor(i / 10)}.${(i % 10) + 1}`, ua: `${DESKTOP_UA} ${Math.floor(i / 10)}` },
          )
          expect(answer.status).toBe(204)
        }
      }),
    )
    const r = await report('gamma')
    expect(r.sources.filter((s) => !s.name.startsWith('(')).length).toBe(50)
    expect(r.campaigns.utm_campaign.filter((c) => !c.name.startsWith('(')).length).toBe(50)
    expect(await report('alpha')).toEqual(alpha)
    const rows = await countRows()
    console.info(`results rows after the flood on ${backend.name}: ${JSON.stringify(rows)}`)
    // Three sites, each dimension at most its 50 labels and our own few names.
    expect(rows.results_labels).toBeLessThanOrEqual(3 * 5 * 55)
  }, 120_000)

  test('no table of either database holds a visitor address or user agent: results, visit counter, rate limits, leads', async () => {
    // One more visitor through everything that keys on a client: the visit counter (its once-a-day key and its limit),
    // the contact form (its limit, and the lead), the beacon (its limit). X-Forwarded-For is trusted (TRUST_PROXY).
    const counted = await site.request('alpha.test', '/api/visits', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': IP_C, 'User-Agent': UA_C },
    })
    expect(counted.status).toBe(200)
    expect((await sendEstimate('alpha.test', 'home', 'results-0002', { ip: IP_C, ua: UA_C })).status).toBe(200)
    expect((await beacon('alpha.test', { a: 'view', p: '/' }, { ip: IP_C, ua: UA_C })).status).toBe(204)

    const tables = await everyTable()
    expect(Object.keys(tables)).toEqual(
      expect.arrayContaining(['leads', 'rate_limits', 'visit_days', 'results_counts', 'results_labels', 'results_once', 'results_salts']),
    )
    expect(tables.leads!.length).toBeGreaterThan(0) // the leads are there, without where they came from
    expect(tables.rate_limits!.length).toBeGreaterThan(0)
    const secrets = [IP_A, IP_B, IP_C, '10.9.', 'results-test-a', 'results-test-b', 'results-test-c', 'Googlebot', 'Mozilla']
    const found = Object.entries(tables).flatMap(([table, rows]) =>
      secrets.filter((secret) => JSON.stringify(rows).includes(secret)).map((secret) => `${table} holds ${secret}`),
    )
    expect(found).toEqual([])
  })

  test('npm run results prints the same report as JSON, and one HTML page', async () => {
    const html = path.join(dir, 'report.html')
    const { stdout } = await run(['--site', 'alpha', '--month', month, '--json'])
    expect(JSON.parse(stdout)).toEqual(await report('alpha'))
    // The provider away: the site's name comes from the last good record the server saved.
    await run(['--site', 'beta', '--month', month, '--html', html], { PAGE_API_URL: 'http://127.0.0.1:9/api' })
    const page = fs.readFileSync(html, 'utf8')
    expect(page).toContain('What your website brought in')
    expect(page).toContain(`${acmeRecord().dbPrincipal.name}: visits to your website`)
    expect(page).not.toMatch(/<script/i)
    const { stdout: csv } = await run(['--month', month, '--csv'])
    expect(csv.split('\n')[0]).toBe('site,month,section,name,figure,value')
    expect(csv).toContain(`alpha,${month},total,visitors,month,`)
    expect(csv).toContain(`beta,${month},source,Facebook,visitors,`)
  }, 120_000)

  test("a share link: the site's report on its own host, for its holder only, never cached or indexed; revoked, it stops working", async () => {
    const link = (await run(['--link', '--site', 'alpha'])).stdout.trim()
    expect(link).toMatch(/^http:\/\/alpha\.test\/reports\/[\da-f]{64}$/)
    const { pathname } = new URL(link)
    const page = await site.request('alpha.test', pathname)
    expect(page.status).toBe(200)
    expect(page.headers).toMatchObject({
      'cache-control': 'private, no-store',
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
      'content-security-policy': expect.stringMatching(/^default-src 'none'; img-src data:; style-src 'unsafe-inline'/),
    })
    expect(page.text).toContain(`What your website brought in: ${monthName(month, 'en')}`)
    expect(page.text).not.toMatch(/<script|src="https?:/i)
    const earlier = await site.request('alpha.test', `${pathname}?month=${previousMonth(month)}`)
    expect(earlier.status).toBe(200)
    const wrong = pathname.replace(/.$/, (c) => (c === '0' ? '1' : '0'))
    const refused = await Promise.all([
      site.request('beta.test', pathname), // another site's host
      site.request('alpha.test', wrong),
      site.request('alpha.test', `${pathname}?month=2000-01`),
      site.request('alpha.test', `${pathname}?month=nonsense`),
    ])
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404])
    expect(site.output()).not.toContain(pathname.slice('/reports/'.length)) // never in a log line

    await run(['--revoke-links', '--site', 'alpha'])
    // Every instance asks the storage again within REVOCATION_MS.
    let status = 200
    for (const until = Date.now() + REVOCATION_MS + 5_000; status === 200 && Date.now() < until;)
      status = (await site.request('alpha.test', pathname)).status
    expect(status).toBe(404)
  })

  async function everyTable(): Promise<Record<string, unknown[]>> {
    if (env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: env.DATABASE_URL })
      await client.connect()
      try {
        const names = (await client.query<{ tablename: string }>("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows
        const out: Record<string, unknown[]> = {}
        for (const { tablename } of names) out[tablename] = (await client.query(`SELECT * FROM "${tablename}"`)).rows
        return out
      } finally {
        await client.end()
      }
    }
    const out: Record<string, unknown[]> = {}
    for (const file of fs.readdirSync(site.dataDir).filter((f) => f.endsWith('.sqlite'))) {
      const db = new Database(path.join(site.dataDir, file), { readonly: true })
      for (const { name } of db.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'").all())
        out[name] = db.prepare(`SELECT * FROM "${name}"`).all()
      db.close()
    }
    return out
  }

  async function countRows() {
    const tables = await everyTable()
    return Object.fromEntries(
      Object.entries(tables)
        .filter(([t]) => t.startsWith('results_'))
        .map(([t, rows]) => [t, rows.length]),
    )
  }
})
