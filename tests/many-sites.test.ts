import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeProvider } from './fake-provider.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * Thousands of contractors in one production process on a small heap (issue 43): a site is held in memory only while
 * visited (SITE_CACHE_MB, here a few sites' worth), comes back from its last good record on its next request, and the
 * process never dies of its heap. Cheap on purpose: one server, each site's /healthz (its record held, a page of one in
 * a hundred rendered), a few at a time.
 */
const SITES = 2000
const CONCURRENCY = 8
const record = (name: string) => ({
  dbPrincipal: { name, logo: '', emails: [{ email: 'owner@example.com' }] },
  dbServices: [{ name: 'Fences' }],
  labels: { formLabel: { isenglish: true } },
})

let provider: Awaited<ReturnType<typeof startFakeProvider>>
let site: Awaited<ReturnType<typeof startSite>>
const host = (i: number) => `site-${i}.test`
const operatorState = async () =>
  (await fetch(`${site.metricsUrl()}/sites`)).json() as Promise<{ heldSites: { entries: number; bytes: number; evictions: number } }>

beforeAll(async () => {
  ensureBuilt()
  provider = await startFakeProvider({ kind: 'ok', record: record('Acme Fence Co') })
  const sitesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'many-sites-')), 'sites.json')
  const sites = Array.from({ length: SITES }, (_, i) => ({ hosts: [host(i + 1)], pageId: `site-${i + 1}` }))
  fs.writeFileSync(sitesFile, JSON.stringify(sites))
  site = await startSite({
    SITES_FILE: sitesFile,
    PAGE_API_URL: provider.url,
    METRICS_PORT: '0',
    SITE_CACHE_MB: '1', // a few sites at a time: most are let go and come back
    NODE_OPTIONS: '--max-old-space-size=96 --max-semi-space-size=8',
  })
}, 120_000)
afterAll(async () => {
  await site?.stop()
  await provider?.close()
})

test(`${SITES} sites start on a small heap, each holding its own record when asked; only the visited ones stay held`, async () => {
  // The start holds sites only while the bound has room: the others cost a row, not a record fetch.
  expect(provider.requests.length).toBeLessThan(100)
  let next = 1
  const wrong: string[] = []
  // Every site's health (its record read, fetched and reported: a site held and let go), a few of them rendered.
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next <= SITES) {
        const i = next++
        const answer = await site.request(host(i), i % 100 ? '/healthz' : '/')
        const ok =
          i % 100 ? JSON.parse(answer.text).record?.source === 'provider' : answer.text.includes('<title>Home | Acme Fence Co</title>')
        if (answer.status !== 200 || !ok) wrong.push(`${host(i)}: ${answer.status}`)
      }
    }),
  )
  expect(wrong).toEqual([])
  const { heldSites } = await operatorState()
  expect(heldSites.bytes).toBeLessThanOrEqual(1024 * 1024)
  expect(heldSites.entries).toBeLessThan(SITES / 10)
  expect(heldSites.evictions).toBeGreaterThan(SITES / 2)
}, 120_000)

test('a site let go comes back from its last good record, and a newer record is fetched at once', async () => {
  const before = provider.requests.filter((r) => r.url.endsWith('/site-1')).length
  provider.set({ kind: 'status', status: 502 })
  // Its saved copy serves it while the provider is down.
  expect((await site.request(host(1), '/')).text).toContain('<title>Home | Acme Fence Co</title>')
  expect(provider.requests.filter((r) => r.url.endsWith('/site-1')).length).toBeGreaterThan(before)
  // Let go again (the others are visited), it comes back with the provider's newer record.
  provider.set({ kind: 'ok', record: record('Acme Renamed') })
  for (let i = 2; i <= 40; i++) await site.request(host(i), '/healthz')
  await expect
    .poll(async () => (await site.request(host(1), '/')).text, { timeout: 15_000 })
    .toContain('<title>Home | Acme Renamed</title>')
  expect(site.output()).not.toMatch(/heap out of memory/i)
}, 60_000)
