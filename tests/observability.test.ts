import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openStorage } from '#server/storage/storage.server.ts'
import { acmeRecord, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { startFakeRelay } from './fake-relay.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/** What an operator sees of a running process: JSON log lines, Prometheus metrics on their own port, the TLS ask. */

let providers: Awaited<ReturnType<typeof startFakeProvider>>[]
let relay: Awaited<ReturnType<typeof startFakeRelay>>
let site: Awaited<ReturnType<typeof startSite>>

beforeAll(async () => {
  ensureBuilt()
  relay = await startFakeRelay()
  providers = [
    await startFakeProvider({ kind: 'ok', record: acmeRecord(relay.url) }),
    await startFakeProvider({ kind: 'ok', record: acmeRecord() }),
  ]
  const sitesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sites-')), 'sites.json')
  fs.writeFileSync(
    sitesFile,
    JSON.stringify([
      { hosts: ['ironwood.test'], pageId: 'ironwood-1', pageApiUrl: providers[0]!.url },
      { hosts: ['cedar.test', 'www.cedar.test'], pageId: 'cedar-2', pageApiUrl: providers[1]!.url },
    ]),
  )
  site = await startSite({
    SITES_FILE: sitesFile,
    PAGE_API_URL: providers[0]!.url,
    METRICS_PORT: '0',
    RECORD_TTL_SECONDS: '1',
    OUTBOUND_ALLOW_ORIGINS: relay.url,
  })
  // Each site takes the lead only once its own record arrived (a busy machine may take a while).
  for (const host of ['ironwood.test', 'cedar.test']) {
    const hasRecord = async () => JSON.parse((await site.request(host, '/healthz')).text).record?.source === 'provider'
    for (let tries = 300; !(await hasRecord()); tries--) {
      if (tries === 0) throw new Error(`${host}: no record from its provider after 30 s`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
}, 120_000)
afterAll(async () => {
  await site?.stop()
  for (const p of providers ?? []) await p.close()
  await relay?.close()
})

const visitor = {
  ...validLead,
  firstName: 'Zelda-Visitor',
  lastName: 'Quartermain',
  email: 'zelda@visitor.example',
  phone: '(720) 555-0199',
  address: '77 Secret Lane',
  message: 'the gate code is 4321',
  contactWays: 'phone',
}

/** A same-origin form post to one host, as the site's own page sends it. */
const postLead = (host: string) =>
  site.request(host, '/contact?utm_source=ad', {
    method: 'POST',
    body: new URLSearchParams(visitor).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://${host}`, 'Sec-Fetch-Site': 'same-origin' },
  })

const requestLines = () => site.logLines().filter((line) => line.event === 'request')

test('one JSON line per request (id, site, method, path without query, status, bytes, ms, cache); lead events name no visitor', async () => {
  const first = await site.request('ironwood.test', '/about?gclid=abc123')
  const second = await site.request('ironwood.test', '/about?utm_source=news')
  expect(first.status).toBe(200)
  expect((await postLead('ironwood.test')).status).toBe(200)
  expect((await postLead('cedar.test')).status).toBe(200)
  await expect.poll(() => relay.requests.length).toBe(1)

  await expect.poll(() => requestLines().find((line) => line.reqId === second.headers['x-request-id'])).toBeDefined()
  const lines = site.logLines() // every line of stdout parses as JSON, or this throws
  const byId = (id: unknown) => lines.find((line) => line.event === 'request' && line.reqId === id)
  expect(byId(first.headers['x-request-id'])).toMatchObject({
    site: 'ironwood-1',
    method: 'GET',
    path: '/about',
    status: 200,
    cache: 'miss',
  })
  expect(byId(second.headers['x-request-id'])).toMatchObject({ site: 'ironwood-1', path: '/about', status: 200, cache: 'hit' })
  for (const line of requestLines()) {
    expect(Object.keys(line)).toEqual(expect.arrayContaining(['time', 'reqId', 'site', 'method', 'path', 'status', 'bytes', 'ms', 'cache']))
    expect(String(line.path)).not.toContain('?')
    expect(line.bytes).toBeGreaterThan(0)
  }
  // Lead events carry the lead's id and site. They are written after the answer (the relay, or the hold for a
  // site without a relay address, runs in the background): polled, not read once.
  const leadEvents = () => site.logLines().filter((line) => String(line.event).startsWith('lead.'))
  await expect
    .poll(() => leadEvents().map((line) => [line.event, line.site]))
    .toEqual(
      expect.arrayContaining([
        ['lead.stored', 'ironwood-1'],
        ['lead.held', 'cedar-2'],
        ['lead.relayed', 'ironwood-1'],
      ]),
    )
  const events = leadEvents()
  for (const line of events) expect(line.leadId).toMatch(/^[\w-]{8,}$/)
  // Nothing the visitor typed reaches the log.
  for (const detail of [visitor.firstName, visitor.lastName, visitor.email, visitor.phone, visitor.address, visitor.message, '555-0199'])
    expect(site.output()).not.toContain(detail)
})

test('/metrics on its own loopback port: every series, per-site labels after real requests', async () => {
  const metricsUrl = site.metricsUrl()!
  expect(new URL(metricsUrl).hostname).toBe('127.0.0.1')
  expect(new URL(metricsUrl).port).not.toBe(new URL(site.url).port)
  await site.request('cedar.test', '/')
  await site.request('cedar.test', '/')
  await site.request('nobody.test', '/')
  providers[1]!.set({ kind: 'status', status: 503 }) // cedar's provider fails from now on
  await expect.poll(() => site.logLines().find((line) => line.event === 'record.failed')).toMatchObject({ site: 'cedar-2' })

  // A CRM that answered 410 (the outbox notes it in the shared storage; here written as it would).
  const storage = await openStorage({ dataDir: site.dataDir, defaultSite: 'ironwood-1' })
  const target = 'https://crm.example/hook'
  await storage.leads.noteTrouble({ site: 'ironwood-1', kind: 'webhook', target, paused: true, error: 'HTTP 410', at: Date.now() })
  await storage.close()

  const text = await (await fetch(`${metricsUrl}/metrics`)).text()
  const value = (series: string) => Number(text.match(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm'))?.[1])
  expect(value('tradesite_http_requests_total{site="ironwood-1",status="200",cache="miss"}')).toBeGreaterThanOrEqual(1)
  expect(value('tradesite_http_requests_total{site="ironwood-1",status="200",cache="hit"}')).toBeGreaterThanOrEqual(1)
  expect(value('tradesite_http_requests_total{site="cedar-2",status="200",cache="hit"}')).toBeGreaterThanOrEqual(1)
  expect(value('tradesite_http_requests_total{site="unknown",status="404",cache="none"}')).toBeGreaterThanOrEqual(1)
  expect(value('tradesite_render_seconds_count')).toBeGreaterThanOrEqual(2)
  for (const id of ['ironwood-1', 'cedar-2']) expect(value(`tradesite_record_age_seconds{site="${id}"}`)).toBeGreaterThanOrEqual(0)
  expect(value('tradesite_record_fetch_failures_total{site="cedar-2"}')).toBeGreaterThanOrEqual(1)
  expect(value('tradesite_record_fetch_failures_total{site="ironwood-1"}')).toBe(0)
  expect(value('tradesite_leads{site="ironwood-1",state="delivered"}')).toBe(1)
  expect(value('tradesite_leads{site="cedar-2",state="held"}')).toBe(1)
  for (const kind of ['relay', 'email', 'webhook']) expect(value(`tradesite_lead_oldest_pending_seconds{kind="${kind}"}`)).toBe(0)
  expect(value('tradesite_lead_deliveries{site="ironwood-1",kind="relay",state="delivered"}')).toBe(1)
  expect(value('tradesite_lead_deliveries_total{site="ironwood-1",kind="relay"}')).toBe(1)
  expect(value('tradesite_lead_destinations_needing_attention{site="ironwood-1",kind="webhook",paused="true"}')).toBe(1)
  for (const id of ['ironwood-1', 'cedar-2']) expect(value(`tradesite_actions_total{site="${id}",action="estimate"}`)).toBe(1)
  for (const state of ['ready', 'pending', 'failed']) expect(value(`tradesite_images{state="${state}"}`)).toBeGreaterThanOrEqual(0)
  expect(value('tradesite_page_cache_bytes')).toBeGreaterThan(0)
  expect(value('process_resident_memory_bytes')).toBeGreaterThan(0)

  // The whole process's sites, there only: the public port answers per host.
  const sites = (await (await fetch(`${metricsUrl}/sites`)).json()) as { sites: { id: string; hosts: string[]; record: object }[] }
  expect(sites.sites.map(({ id, hosts }) => ({ id, hosts }))).toEqual([
    { id: 'ironwood-1', hosts: ['ironwood.test'] },
    { id: 'cedar-2', hosts: ['cedar.test', 'www.cedar.test'] },
  ])
  expect(sites.sites[1]!.record).toMatchObject({ source: 'provider', lastError: 'HTTP 503' })
  expect((await site.request('ironwood.test', '/metrics')).status).toBe(404)
  expect((await site.request('nobody.test', '/sites')).status).toBe(404)
})

test('the TLS ask: 200 for a listed host on any Host header, the same 404 for every other, 400 for what is not a domain', async () => {
  for (const host of ['nobody.test', '127.0.0.1', 'ironwood.test']) {
    const yes = await site.request(host, '/_tls/allowed?domain=WWW.Cedar.Test.')
    expect(yes.status).toBe(200)
    expect(yes.headers['cache-control']).toBe('no-store')
  }
  const misses = await Promise.all(
    ['evil.test', 'cedar.test.evil.test', 'test', 'ironwood.test.'.repeat(2)].map((domain) =>
      site.request('nobody.test', `/_tls/allowed?domain=${encodeURIComponent(domain)}`),
    ),
  )
  for (const miss of misses) expect({ status: miss.status, text: miss.text }).toEqual({ status: 404, text: misses[0]!.text })
  for (const bad of ['ironwood.test:443', 'https://ironwood.test', 'ironwood.test/x', '', 'a b'])
    expect((await site.request('nobody.test', `/_tls/allowed?domain=${encodeURIComponent(bad)}`)).status, bad).toBe(400)
  expect((await site.request('nobody.test', '/_tls/allowed')).status).toBe(400)
})
