import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { chromium, type Browser } from '@playwright/test'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parsePageRecord } from '#app/record/schema.ts'
import { sitePaths } from '#app/record/site-paths.ts'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { startFakeProvider } from './fake-provider.ts'
import { anyValue, recordLike } from './records/arbitrary.ts'
import { hostileRecords, XSS_MARK } from './records/hostile.ts'
import { mangled } from './records/mangled.ts'
import { ensureBuilt, startSite } from './site-server.ts'

const demo = JSON.parse(fs.readFileSync('demo/record.json', 'utf8'))
const FIXED_PATHS = [
  '/',
  '/about',
  '/services',
  '/gallery',
  '/reviews',
  '/our-videos',
  '/contact',
  '/find-us-on',
  '/sitemap.xml',
  '/no-such-service',
  '/gallery/no-such-landing',
]

let provider: Awaited<ReturnType<typeof startFakeProvider>>
let site: Awaited<ReturnType<typeof startSite>>

beforeAll(async () => {
  ensureBuilt()
  provider = await startFakeProvider({ kind: 'ok', record: demo })
  site = await startSite({ PAGE_API_URL: provider.url, RECORD_TTL_SECONDS: '0.1' })
}, 180_000)
afterAll(async () => {
  await site?.stop()
  await provider?.close()
})

/** Switches the provider to a record and waits until the site serves it. */
async function serve(record: unknown) {
  const version = async () => (await (await site.get('/healthz')).json()).record.version
  const before = await version()
  provider.set({ kind: 'ok', record })
  await expect.poll(version).not.toBe(before)
}

function pathsFor(record: unknown) {
  return [...new Set([...FIXED_PATHS, ...sitePaths(parsePageRecord(record))])]
}

/** What must never reach the HTML, whatever the record says. */
function expectSafeHtml(html: string, path: string, csp: string) {
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\stype="application\/(ld\+)?json"/.test(attributes!)) {
      // Data, never run (the business's JSON-LD, the framework's boot data): JSON with no "<" that could end the element or open a comment.
      expect(text, `${path}: markup inside a data block`).not.toContain('<')
      expect(() => JSON.parse(text!), `${path}: a data block that is not JSON`).not.toThrow()
      continue
    }
    if (/\ssrc="/.test(attributes!)) expect(attributes, `${path}: a script from elsewhere`).toMatch(/\ssrc="\/assets\//)
    else
      expect(csp, `${path}: an inline script the CSP does not allow by hash`).toContain(
        `'sha256-${createHash('sha256').update(text!).digest('base64')}'`,
      )
  }
  expect(html, `${path}: the mark that tells our scripts apart`).not.toContain('nonce=')
  expect(html, `${path}: a dangerous URL`).not.toMatch(/(href|src|action|poster|srcset)="\s*(javascript|data|vbscript):/i)
  expect(
    attributeNames(html).filter((name) => /^on/i.test(name)),
    `${path}: event-handler attributes`,
  ).toEqual([])
  const theme = html.match(/<style id="theme-css">([^<]*)<\/style>/)?.[1] ?? ''
  expect(theme, `${path}: the theme block`).toMatch(/^:root\{[^{}<>]*\}$/)
}

/** Every attribute name in the markup (React always double-quotes values, escaping quotes inside). */
function attributeNames(html: string): string[] {
  const names: string[] = []
  for (const tag of html.matchAll(/<[a-z][\w-]*((?:\s+[^\s=>"']+(?:="[^"]*")?)*)\s*\/?>/gi)) {
    for (const attr of tag[1]!.matchAll(/\s([^\s=>"']+)(?:="[^"]*")?/g)) names.push(attr[1]!)
  }
  return names
}

describe.each(hostileRecords(demo))('a record with %s', (_name, record) => {
  test('every route renders without a server error and no dangerous markup reaches the HTML', async () => {
    await serve(record)
    for (const path of pathsFor(record)) {
      const response = await site.get(path)
      expect(response.status, path).toBeLessThan(500)
      if (response.headers.get('content-type')?.includes('html'))
        expectSafeHtml(await response.text(), path, response.headers.get('content-security-policy') ?? '')
    }
  })
})

/** Every route of `record`, served: its status, and its HTML once checked by expectSafeHtml. */
async function renderAll(record: unknown) {
  await serve(record)
  const pages = new Map<string, string>()
  for (const path of pathsFor(record)) {
    const response = await site.get(path)
    expect(response.status, path).toBeLessThan(500)
    if (!response.headers.get('content-type')?.includes('html')) continue
    const html = await response.text()
    expectSafeHtml(html, path, response.headers.get('content-security-policy') ?? '')
    pages.set(path, html)
  }
  return pages
}

describe('a record mangled by hand (numbers for text, nulls, typo’d keys, a phone too short to dial)', () => {
  test('every route renders; the phones that can be dialled are links, "555" is text', async () => {
    const pages = await renderAll(mangled)
    const home = pages.get('/')!
    expect(home).toContain('<title>Home | 2024</title>')
    expect(home).toContain('href="tel:+13035550142"')
    expect(home).toContain('href="tel:+15555555555"')
    expect(home).toMatch(/Yard: (<!-- -->)?555</)
    for (const [path, html] of pages) expect(html, path).not.toMatch(/tel:\+?1?555"|wa\.me\/1?555\b/)
  })
})

describe('a record whose only phone is "555"', () => {
  const withPhones = (phones: unknown[]) => ({ ...demo, dbPrincipal: { ...demo.dbPrincipal, phones } })
  const headerCta = /<a href="([^"]*)"(?: lang="\w+")? class="btn-primary whitespace-nowrap/

  test('the demo with a number that can be dialled: call links, the call and chat widgets, JSON-LD telephone (the control)', async () => {
    const pages = await renderAll(withPhones([{ phone: '555-555-5555', name: 'Office' }]))
    const home = pages.get('/')!
    expect(home.match(headerCta)?.[1]).toBe('tel:+15555555555')
    expect(home).toContain('Call us now')
    expect(home).toContain('Chat with us')
    expect(home).toContain('"telephone":"+15555555555"')
    expect(pages.get('/find-us-on')).toContain('https://wa.me/15555555555')
  })

  test('is shown as text: no tel: link anywhere, no call or chat widget, no chat-app link, no JSON-LD telephone; the header button goes to /contact', async () => {
    const pages = await renderAll(withPhones([{ phone: '555', name: 'Office' }]))
    for (const [path, html] of pages) {
      // Links only: the page's results script names the tel: scheme it listens for.
      expect(html, path).not.toMatch(/href="tel:/)
      expect(html, path).not.toMatch(/href="[^"]*wa\.me/)
      expect(html, path).not.toContain('"telephone"')
      expect(html, path).not.toContain('Call us now')
      expect(html, path).not.toContain('Chat with us')
    }
    const home = pages.get('/')!
    expect(home.match(headerCta)?.[1]).toBe('/contact')
    expect(home).toMatch(/Office: (<!-- -->)?555</)
    expect(pages.get('/contact')).toMatch(/Office(<!-- -->)?:<\/span><span class="font-semibold text-heading">555</)
  })
})

describe('in a real browser', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  })
  afterAll(() => browser?.close())

  test('no script from the hostile record ever runs, on any route', async () => {
    const [, record] = hostileRecords(demo)[0]!
    await serve(record)
    const page = await browser.newPage()
    await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort())
    for (const path of pathsFor(record)) {
      await page.goto(site.url + path)
      await page.waitForLoadState('load')
      expect(await page.evaluate((mark) => (window as never)[mark], XSS_MARK), path).toBeUndefined()
    }
    await page.close()
  })
})

describe('random records (property-based)', () => {
  test('parsing never throws and always yields the full typed shape', () => {
    fc.assert(
      fc.property(fc.oneof(anyValue, recordLike), (raw) => {
        const record = parsePageRecord(raw)
        expect(Array.isArray(record.dbServices)).toBe(true)
        expect(typeof record.dbPrincipal.name).toBe('string')
      }),
      { numRuns: 500 },
    )
  })

  test('the site renders its main routes for random records', async () => {
    await fc.assert(
      fc.asyncProperty(recordLike, async (raw) => {
        await serve({ ...(raw as object), nonce: Math.random() })
        for (const path of ['/', '/services', '/gallery', '/contact', '/find-us-on', ...sitePaths(parsePageRecord(raw)).slice(0, 3)]) {
          const response = await site.get(path)
          expect(response.status, path).toBeLessThan(500)
          await response.arrayBuffer()
        }
      }),
      { numRuns: 15 },
    )
  }, 120_000)
})
