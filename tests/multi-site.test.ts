import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { validForm } from '#tests/lead-fixtures.ts'
import { startFakeRelay } from '#tests/fake-relay.ts'
import sharp from 'sharp'
import { startFakeProvider } from './fake-provider.ts'
import { startImageHost } from './image-host.ts'
import { ensureBuilt, startSite, type RequestOptions } from './site-server.ts'

/** Two contractors, each with its own provider (a per-site pageApiUrl), its own email relay and its own logo. */
const contractor = (name: string, relayUrl: string, logo: string) => ({
  dbPrincipal: { name, logo, emails: [{ email: `owner@${name.split(' ')[0]!.toLowerCase()}.example` }] },
  dbServices: [{ name: 'Deck Repair' }, { name: `${name.split(' ')[0]} Special` }],
  labels: { formLabel: { isenglish: true } },
  linkPostEmail: relayUrl,
})

let relays: Awaited<ReturnType<typeof startFakeRelay>>[]
let providers: Awaited<ReturnType<typeof startFakeProvider>>[]
let site: Awaited<ReturnType<typeof startSite>>
let images: Awaited<ReturnType<typeof startImageHost>>

/** A plain PNG logo of one colour, so each contractor's logo has its own bytes. */
const logoPng = (red: number) =>
  sharp({ create: { width: 400, height: 120, channels: 3, background: { r: red, g: 40, b: 40 } } })
    .png()
    .toBuffer()

beforeAll(async () => {
  ensureBuilt()
  relays = [await startFakeRelay(), await startFakeRelay()]
  images = await startImageHost({
    '/ironwood.png': { type: 'image/png', body: await logoPng(200) },
    '/cedar.png': { type: 'image/png', body: await logoPng(20) },
  })
  providers = [
    await startFakeProvider({ kind: 'ok', record: contractor('Ironwood Fences', relays[0]!.url, images.url('/ironwood.png')) }),
    await startFakeProvider({ kind: 'ok', record: contractor('Cedar Decks', relays[1]!.url, images.url('/cedar.png')) }),
  ]
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sites-'))
  const sitesFile = path.join(dir, 'sites.json')
  fs.writeFileSync(
    sitesFile,
    JSON.stringify([
      {
        hosts: ['ironwood.test', 'www.ironwood.test'],
        pageId: 'ironwood-1',
        siteUrl: 'https://ironwood.test',
        pageApiUrl: providers[0]!.url,
      },
      { hosts: ['cedar.test'], pageId: 'cedar-2', siteUrl: 'https://cedar.test', pageApiUrl: providers[1]!.url },
    ]),
  )
  site = await startSite({
    SITES_FILE: sitesFile,
    PAGE_API_URL: providers[0]!.url,
    // The fake relays and image host are on loopback, as an operator's internal ones may be.
    OUTBOUND_ALLOW_ORIGINS: [...relays.map((relay) => relay.url), images.origin].join(','),
  })
}, 180_000)
afterAll(async () => {
  await site?.stop()
  for (const p of providers ?? []) await p.close()
  for (const r of relays ?? []) await r.close()
  await images?.close()
})

/** A request as a browser sends it to one host name. */
const request = (host: string, pathname: string, options?: RequestOptions) => site.request(host, pathname, options)

test('each host gets its own contractor in the HTML, canonical links, sitemap and robots', async () => {
  const ironwood = await request('ironwood.test', '/about')
  const cedar = await request('Cedar.test:8080', '/about')
  expect(ironwood.text).toContain('<title>About | Ironwood Fences</title>')
  expect(ironwood.text).toContain('<link rel="canonical" href="https://ironwood.test/about"/>')
  expect(ironwood.text).not.toContain('Cedar')
  expect(cedar.text).toContain('<title>About | Cedar Decks</title>')
  expect(cedar.text).toContain('<link rel="canonical" href="https://cedar.test/about"/>')
  expect(cedar.text).not.toContain('Ironwood')
  expect((await request('www.ironwood.test', '/')).text).toContain('Ironwood Fences')
  expect((await request('cedar.test', '/cedar-special')).status).toBe(200)
  expect((await request('ironwood.test', '/cedar-special')).status).toBe(404)

  const sitemap = (await request('cedar.test', '/sitemap.xml')).text
  expect(sitemap).toContain('<loc>https://cedar.test/cedar-special</loc>')
  expect(sitemap).not.toContain('ironwood')
  expect((await request('ironwood.test', '/robots.txt')).text).toContain('Sitemap: https://ironwood.test/sitemap.xml')
})

test('an unknown host gets a plain 404 that names no site', async () => {
  for (const pathname of ['/', '/about', '/sitemap.xml', '/robots.txt', '/api/visits']) {
    const response = await request('evil.test', pathname)
    expect(response.status, pathname).toBe(404)
    expect(response.text).toBe('Not found.')
    expect(response.headers['set-cookie']).toBeUndefined()
  }
  const post = await request('evil.test', '/contact', {
    method: 'POST',
    body: 'firstName=x',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': '11' },
  })
  expect(post.status).toBe(404)
})

test("leads go to their own site's relay and are stored with their site; npm run leads -- --site filters them", async () => {
  const body = new URLSearchParams({ ...validForm, contactWays: 'phone', service: 'Deck Repair', firstName: 'Cedric' }).toString()
  const response = await request('cedar.test', '/contact', {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': String(Buffer.byteLength(body)),
      'Sec-Fetch-Site': 'same-origin',
    },
  })
  expect(response.status).toBe(200)
  await expect.poll(() => relays[1]!.accepted().length).toBe(1)
  expect(relays[1]!.accepted()[0]!.body).toMatchObject({ toEmail: 'owner@cedar.example', nombre: 'Cedric' })
  expect(relays[0]!.requests).toHaveLength(0)

  const leads = (...args: string[]) =>
    execFileSync(process.execPath, ['server/cli/leads.js', ...args], { env: { ...process.env, DATA_DIR: site.dataDir }, encoding: 'utf8' })
  expect(leads('--site', 'cedar-2')).toContain('Cedric')
  expect(leads('--site', 'ironwood-1')).toBe('No leads stored for site "ironwood-1".\n')
  expect(leads('--csv')).toMatch(/"site","page_id"[\s\S]*"cedar-2","cedar-2"/)
})

test('each site counts its own visits', async () => {
  const view = (host: string) =>
    request(host, '/api/visits', {
      method: 'POST',
      body: '{}',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': '2',
        'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36',
      },
    })
  expect(JSON.parse((await view('ironwood.test')).text)).toMatchObject({ today: 1, total: 1, counted: true })
  // The same client again, the same day: one visit.
  expect(JSON.parse((await view('ironwood.test')).text)).toMatchObject({ today: 1, total: 1, counted: false })
  expect(JSON.parse((await request('cedar.test', '/api/visits')).text)).toEqual({ today: 0, total: 0 })
})

test("/healthz shows a site's own record state on its host and nothing on any other; each site asked its own provider", async () => {
  const ironwood = JSON.parse((await request('www.ironwood.test', '/healthz')).text)
  expect(ironwood).toMatchObject({ ok: true, record: { source: 'provider', lastError: null } })
  expect(JSON.stringify(ironwood)).not.toMatch(/cedar/)
  // Its own photos only: the logo and nothing of the other site's. Longer than the suite's bound: the photos are
  // downloaded and encoded (every variant) first, seconds of CPU on a busy machine.
  await expect
    .poll(async () => JSON.parse((await request('cedar.test', '/healthz')).text).images, { timeout: 30_000 })
    .toEqual({ ready: 1, pending: 0, failed: 0 })
  for (const host of ['127.0.0.1', 'nobody.invalid']) expect(JSON.parse((await request(host, '/healthz')).text)).toEqual({ ok: true })
  expect(providers[0]!.requests[0]?.url).toBe('/api/paginas/ironwood-1')
  expect(providers[1]!.requests[0]?.url).toBe('/api/paginas/cedar-2')
})

test("each site's photos come from our own origin, fetched once from its record, and only its own", async () => {
  const logoOf = async (host: string) => {
    // The logo's largest fallback variant (an opaque PNG is re-encoded as JPEG), once it exists.
    return /<img src="(\/img\/[0-9a-f]{32}-400x120\/400\.jpg)"/.exec((await request(host, '/about')).text)?.[1]
  }
  // Longer than the suite's bound: each logo is encoded (every variant) before a page names it.
  await expect.poll(() => logoOf('ironwood.test'), { timeout: 30_000 }).toBeTruthy()
  await expect.poll(() => logoOf('cedar.test'), { timeout: 30_000 }).toBeTruthy()
  const [ironwoodLogo, cedarLogo] = [await logoOf('ironwood.test'), await logoOf('cedar.test')]
  expect(ironwoodLogo).not.toBe(cedarLogo)
  const ironwoodPage = (await request('ironwood.test', '/about')).text
  expect(ironwoodPage).not.toContain(cedarLogo!)
  expect(ironwoodPage).not.toContain(images.origin) // the browser never loads the provider's image host
  const variant = await request('ironwood.test', ironwoodLogo!.replace('/400.jpg', '/160.webp'))
  expect(variant.status).toBe(200)
  expect(variant.headers['content-type']).toBe('image/webp')
  expect(images.requests.filter((url) => url === '/ironwood.png')).toHaveLength(1)
  expect(images.requests.filter((url) => url === '/cedar.png')).toHaveLength(1)
})
