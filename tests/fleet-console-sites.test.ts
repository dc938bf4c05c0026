import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { openStorage } from '#server/storage/storage.server.ts'
import type { Storage } from '#server/storage/storage-contract.server.ts'
import { signedInSession } from './console-server.ts'
import { startFakeProvider } from './fake-provider.ts'
import { freshDatabase } from './postgres.ts'
import { freePort } from './spawn-listening.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * The console is the fleet's view of every site, not one origin's (issue 43). Each origin holds only the sites its
 * visitors ask it for (SITE_CACHE_MB, a few sites' worth here; Varnish sends each host to one origin), so an origin's
 * Sites page lists the sites another origin serves from the fleet's copy of their record (name, when, by whom), and a
 * site no origin was asked for as not read yet, without flagging it as broken. An origin on its own (SQLite) lists the
 * sites it let go from its saved copies.
 */

const SITES = 12
const LAST = `site-${SITES}`
type Origin = Awaited<ReturnType<typeof startSite>> & { console: string; cookie: string }
/** Two origins on one PostgreSQL, and one on its own (SQLite), each with the same sites. */
const origins: Origin[] = []
let provider: Awaited<ReturnType<typeof startFakeProvider>>
const storages: Storage[] = []

beforeAll(async () => {
  ensureBuilt()
  const databaseUrl = await freshDatabase(inject('postgresUrl'))
  provider = await startFakeProvider({
    kind: 'ok',
    record: {
      dbPrincipal: { name: 'Cedar Decks', emails: [{ email: 'owner@cedar.example' }] },
      labels: { formLabel: { isenglish: true } },
    },
  })
  const sitesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fleet-console-')), 'sites.json')
  fs.writeFileSync(
    sitesFile,
    JSON.stringify(Array.from({ length: SITES }, (_, i) => ({ hosts: [`site-${i + 1}.test`], pageId: `site-${i + 1}` }))),
  )
  const fleet = await openStorage({ databaseUrl, dataDir: '/nonexistent', defaultSite: 'demo' })
  storages.push(fleet)
  for (const name of ['origin-1', 'origin-2', 'alone']) {
    const port = await freePort()
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'))
    const origin = await startSite(
      {
        ...(name === 'alone' ? {} : { DATABASE_URL: databaseUrl, ORIGIN_NAME: name }),
        CONSOLE_PORT: String(port),
        SITES_FILE: sitesFile,
        PAGE_API_URL: provider.url,
        RECORD_TTL_SECONDS: '3600',
        SITE_CACHE_MB: '0.2', // a few sites held at a time: the start holds the first few, the rest wait for a visitor
      },
      dataDir,
    )
    const storage = name === 'alone' ? await openStorage({ dataDir, defaultSite: 'demo' }) : fleet
    if (storage !== fleet) storages.push(storage)
    const { token } = await signedInSession(storage.console, `admin@${name}.example`, 'admin')
    origins.push({ ...origin, console: `http://localhost:${port}`, cookie: `tradesite-console=${token}` })
  }
}, 120_000)

afterAll(async () => {
  await Promise.all(origins.map((origin) => origin.stop()))
  await Promise.all(storages.map((storage) => storage.close()))
  await provider?.close()
})

/** The text of a site's row on an origin's Sites page (a search for its id; the last site's id matches it alone). */
async function row(origin: Origin, id: string) {
  const html = await (await fetch(`${origin.console}/sites?q=${id}`, { headers: { Cookie: origin.cookie } })).text()
  const start = html.indexOf(`<h2 class="break-words"><a href="/sites/${id}/leads"`)
  expect(start, `${id} is listed`).toBeGreaterThan(-1)
  return html.slice(start, html.indexOf('</li>', html.indexOf('Parts of', start))).replace(/<[^>]+>/g, '')
}

test('the start holds the sites the bound has room for, each once: none is let go and held again by itself', async () => {
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  for (const origin of origins) {
    const starts = origin.logLines().filter((line) => line.event === 'site.started')
    expect(starts.length).toBeGreaterThan(0)
    expect(starts.length).toBe(new Set(starts.map((line) => line.site)).size)
  }
})

test('a site the start fetched and let go (more than the bound holds) is listed by its name from its copy', async () => {
  const fetched = [...new Set(provider.requests.map((r) => /\/(site-\d+)$/.exec(r.url)?.[1]).filter((id) => id !== undefined))]
  expect(fetched.length).toBeGreaterThan(4)
  for (const id of fetched) for (const origin of origins) expect(await row(origin, id)).toContain('Cedar Decks')
})

test('a site no origin was asked for is “not read yet”, not flagged as having no record', async () => {
  expect(provider.requests.some((r) => r.url.endsWith(`/${LAST}`))).toBe(false)
  for (const origin of origins) {
    const text = await row(origin, LAST)
    expect(text).toContain('Record not read yet on this origin')
    expect(text).toContain('Record report: made when the site is next visited')
    expect(text).not.toContain('no record yet')
  }
})

test('a site one origin serves is listed by the other from the fleet’s copy: its name, and when and by whom it was fetched', async () => {
  const health = await origins[0]!.request(`${LAST}.test`, '/healthz')
  expect(JSON.parse(health.text).record).toMatchObject({ source: 'provider' })
  const served = await row(origins[0]!, LAST)
  expect(served).toContain('Cedar Decks')
  expect(served).toContain('Record from the provider')

  const elsewhere = await row(origins[1]!, LAST)
  expect(elsewhere).toContain('Cedar Decks')
  expect(elsewhere).toMatch(/Record from the fleet’s copy, fetched [^.]+ by origin-1\./)
  expect(elsewhere).not.toContain('no record yet')
  // Origin 2 did not hold the site to list it: no fetch of its own, and its record report waits for a visit there.
  expect(elsewhere).toContain('Record report: made when the site is next visited')
  expect(provider.requests.filter((r) => r.url.endsWith(`/${LAST}`))).toHaveLength(1)
})
