import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeProvider } from './fake-provider.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/** SITES_FILE changes while the process runs: sites come and go without a restart, the others keep everything. */

const record = (name: string) => ({
  dbPrincipal: { name, logo: '', emails: [{ email: 'owner@example.com' }] },
  dbServices: [{ name: 'Decks' }],
  labels: { formLabel: { isenglish: true } },
})

let providers: Awaited<ReturnType<typeof startFakeProvider>>[]
let site: Awaited<ReturnType<typeof startSite>>
let sitesFile: string

const ironwood = () => ({ hosts: ['ironwood.test'], pageId: 'ironwood-1', pageApiUrl: providers[0]!.url })
const cedar = (apiUrl = providers[1]!.url) => ({ hosts: ['cedar.test', 'www.cedar.test'], pageId: 'cedar-2', pageApiUrl: apiUrl })

/** As a deploy tool or an editor writes it: a new file renamed over the old one. */
function writeSites(content: unknown) {
  const tmp = `${sitesFile}.tmp`
  fs.writeFileSync(tmp, typeof content === 'string' ? content : JSON.stringify(content))
  fs.renameSync(tmp, sitesFile)
}

/** The server's word that it applied the file, one line per reload that changed something: logged once the new sites serve. */
const reloads = () => site.logLines().filter((line) => line.event === 'sites.reloaded')

/** The log line of the request that answered with this X-Request-Id (written once its connection let go of it). */
const requestLine = (id: string | string[] | undefined) =>
  expect.poll(() => site.logLines().find((line) => line.event === 'request' && line.reqId === id))

beforeAll(async () => {
  ensureBuilt()
  providers = [
    await startFakeProvider({ kind: 'ok', record: record('Ironwood Fences') }),
    await startFakeProvider({ kind: 'ok', record: record('Cedar Decks') }),
    await startFakeProvider({ kind: 'ok', record: record('Cedar Decks Moved') }),
  ]
  sitesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sites-')), 'sites.json')
  writeSites([ironwood()])
  // Every provider here is on loopback: only those a site names may be reached (the allow-list follows the file).
  site = await startSite({ SITES_FILE: sitesFile, PAGE_API_URL: providers[0]!.url, RECORD_TTL_SECONDS: '1', METRICS_PORT: '0' })
}, 120_000)
afterAll(async () => {
  await site?.stop()
  for (const p of providers ?? []) await p.close()
})

test('a site added to the file is served once the server says it read the file, without a restart; the others keep their cached pages and record', async () => {
  expect((await site.request('cedar.test', '/')).status).toBe(404)
  await site.request('ironwood.test', '/about')
  const cached = await site.request('ironwood.test', '/about')
  await requestLine(cached.headers['x-request-id']).toMatchObject({ site: 'ironwood-1', cache: 'hit' })

  const before = reloads().length
  const written = Date.now()
  writeSites([ironwood(), cedar()])
  // Waited for by its announcement, however long a busy machine takes: then it serves at once. The time is printed.
  await expect.poll(() => reloads()[before]).toMatchObject({ added: ['cedar-2'], changed: [], removed: [] })
  console.info('[sites-reload] a site added to the file served after', Date.now() - written, 'ms')
  expect((await site.request('www.cedar.test', '/about')).status).toBe(200)
  expect((await site.request('cedar.test', '/about')).text).toContain('Cedar Decks')
  // The unchanged site was not rebuilt: its page is still in the cache.
  const after = await site.request('ironwood.test', '/about')
  expect(after.text).toContain('Ironwood Fences')
  await requestLine(after.headers['x-request-id']).toMatchObject({ site: 'ironwood-1', cache: 'hit' })
})

test('a broken file keeps the current sites and says which site and field are wrong', async () => {
  writeSites('[{"hosts": ["ironwood.test"], ')
  await expect.poll(() => site.logLines().filter((line) => line.event === 'sites.invalid').length).toBe(1)
  writeSites([ironwood(), { ...cedar(), hosts: ['https://cedar.test/'] }])
  await expect
    .poll(
      () =>
        site
          .logLines()
          .filter((line) => line.event === 'sites.invalid')
          .at(-1)?.msg,
    )
    .toMatch(/site #2 \("cedar-2"\) hosts\[0\]: a host name such as www\.example\.com/)
  expect(site.logLines().filter((line) => line.event === 'sites.invalid')).toHaveLength(2)
  expect((await site.request('cedar.test', '/about')).status).toBe(200)
  expect((await site.request('ironwood.test', '/about')).status).toBe(200)
})

test('SIGHUP reads the file again instead of ending the process; a changed site is rebuilt on its new provider', async () => {
  writeSites([ironwood(), cedar(providers[2]!.url)])
  site.signal('SIGHUP')
  await expect.poll(async () => (await site.request('cedar.test', '/about')).text, { interval: 100 }).toContain('Cedar Decks Moved')
  await expect.poll(() => site.logLines().some((line) => line.event === 'sites.reload')).toBe(true)
  expect((await site.get('/healthz')).status).toBe(200) // still running
})

test("a removed site's hosts get 404 and its record is no longer fetched", async () => {
  writeSites([ironwood()])
  await expect.poll(async () => (await site.request('cedar.test', '/about')).status, { interval: 100 }).toBe(404)
  expect((await site.request('www.cedar.test', '/')).status).toBe(404)
  expect((await site.request('ironwood.test', '/about')).status).toBe(200)
  // Its refresh timer stopped: three ttls later its provider has heard nothing more.
  const asked = providers[2]!.requests.length
  await new Promise((resolve) => setTimeout(resolve, 3000))
  expect(providers[2]!.requests.length).toBe(asked)
  expect(providers[0]!.requests.length).toBeGreaterThan(1) // the site that stayed still refreshes
})

test("a removed site's series leave /metrics at once; the others' stay", async () => {
  const metrics = async () => (await fetch(`${site.metricsUrl()}/metrics`)).text()
  /** Every series line labelled with this site. */
  const seriesOf = (text: string, id: string) => text.split('\n').filter((line) => !line.startsWith('#') && line.includes(`site="${id}"`))
  writeSites([ironwood(), cedar()])
  await expect.poll(async () => (await site.request('cedar.test', '/about')).status, { interval: 100 }).toBe(200)
  await site.request('cedar.test', '/no-such-page')
  await site.request('ironwood.test', '/about')
  await expect
    .poll(async () => seriesOf(await metrics(), 'cedar-2').filter((line) => line.startsWith('tradesite_http_requests_total{')).length)
    .toBeGreaterThanOrEqual(2) // a 200 and a 404 at least

  writeSites([ironwood()])
  site.signal('SIGHUP')
  await expect.poll(async () => (await site.request('cedar.test', '/about')).status, { interval: 100 }).toBe(404)
  const text = await metrics()
  expect(seriesOf(text, 'cedar-2')).toEqual([])
  expect(seriesOf(text, 'ironwood-1')).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^tradesite_http_requests_total\{site="ironwood-1",status="200",cache="(hit|miss)"\} \d+$/),
      expect.stringMatching(/^tradesite_record_age_seconds\{site="ironwood-1"\} /),
    ]),
  )
  // The removed site's hosts are now nobody's: counted as unknown, like any host no site lists.
  expect(text).toMatch(/^tradesite_http_requests_total\{site="unknown",status="404",cache="none"\} \d+$/m)
})
