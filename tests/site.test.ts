import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeProvider } from './fake-provider.ts'
import { ensureBuilt, startSite } from './site-server.ts'

const record = {
  dbPrincipal: {
    name: 'Acme Fence Co',
    phones: [{ phone: '720-555-0199', name: 'Office' }],
    workdays: [{ day: 'Mon - Fri' }],
    workHours: [{ hour: '8 AM - 5 PM' }],
  },
  dbAbout: [{ text: 'We have built fences in the valley for thirty years and we stand behind every post we set.', list: [] }],
  dbSlogan: [{ slogan: 'Fences that last' }],
  dbServices: [{ name: 'Cedar Fence Installation', description: [{ text: 'Cedar fences built to last.', img: '', lists: [] }] }],
  landings: [{ name: 'Cedar Work', gallery: [] }],
}

beforeAll(() => ensureBuilt(), 180_000)

describe('with a working provider', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>
  let site: Awaited<ReturnType<typeof startSite>>
  beforeAll(async () => {
    provider = await startFakeProvider({ kind: 'ok', record })
    site = await startSite({ PAGE_API_URL: provider.url, PAGE_ID: 'acme-1' })
  })
  afterAll(async () => {
    await site.stop()
    await provider.close()
  })

  test('pages arrive server-rendered with the record content in the HTML', async () => {
    const response = await site.get('/')
    expect(response.status).toBe(200)
    const html = await response.text()
    expect(html).toContain('<title>Home | Acme Fence Co</title>')
    expect(html).toContain('href="tel:+17205550199"')
    expect(html).toContain('Mon - Fri')
    expect(html).toContain('Fences that last')
    expect(html).toContain('content="We have built fences in the valley')
    expect(provider.requests[0]?.url).toBe('/api/paginas/acme-1')
  })

  test('a page carries the rules its markup uses, then the stylesheet, one file for every page cached for a year, disabled', async () => {
    const about = await (await site.get('/about')).text()
    const home = await (await site.get('/')).text()
    const link = /<style>((?:(?!<\/style>)[\s\S])+)<\/style><link rel="stylesheet" href="([^"]+)" disabled=""\/>/
    const [, aboutRules, href] = about.match(link) ?? []
    expect(href).toMatch(/^\/assets\/app-[\w-]+\.css$/)
    expect(home.match(link)?.[2]).toBe(href)
    const response = await site.get(href!)
    expect(response.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/)
    const whole = await response.text()
    expect(whole).toMatch(/\.container-page\{/)
    expect(aboutRules).toMatch(/\.container-page\{/)
    expect(aboutRules!.length).toBeLessThan(whole.length * 0.8)
    expect(home.match(link)?.[1]).not.toBe(aboutRules)
    expect([...about.matchAll(/<style[^>]*>/g)].map((m) => m[0])).toEqual(['<style>', '<style id="theme-css">'])
  })

  test('a page draws its icons from symbols of its own, each one it uses once, first in the body', async () => {
    const html = await (await site.get('/about')).text()
    expect(html).toMatch(/<body[^>]*><svg hidden="" width="0" height="0" aria-hidden="true"><symbol id="icon-/)
    const pointed = [...html.matchAll(/<use href="([^"]+)"/g)].map((m) => m[1]!)
    expect(pointed).toContain('#icon-phone')
    for (const href of new Set(pointed)) expect(html, href).toContain(`<symbol id="${href.slice(1)}"`)
    expect(html.match(/<symbol /g)).toHaveLength(new Set(pointed).size)
  })

  test('service and landing slugs resolve, the spec form redirects, and unknown ones are 404', async () => {
    expect((await site.get('/cedar-fence-installation')).status).toBe(200)
    const redirect = await site.get('/cedar-fence%20installation')
    expect(redirect.status).toBe(301)
    expect(redirect.headers.get('location')).toBe('/cedar-fence-installation')
    expect((await site.get('/gallery/cedar-work')).status).toBe(200)
    const missing = await site.get('/no-such-service')
    expect(missing.status).toBe(404)
    const html = await missing.text()
    expect(html).toContain('<footer')
    expect(site.output()).toContain('Servicio no encontrado')
    expect((await site.get('/gallery/no-such-landing')).status).toBe(404)
    expect((await site.get('/a/deeper/unknown/path')).status).toBe(404)
  })

  test('each page sends the browser only what its interactive parts need; the rest is in the HTML only', async () => {
    const page = async (path: string) => {
      const html = await (await site.get(path)).text()
      // React Router's hydration stream, as the page keeps it until the framework starts (server/pages/inline-scripts.server.ts).
      const data = /<script type="application\/json" id="framework-boot">([^<]*)<\/script>/.exec(html)?.[1]
      const hydration = data ? (JSON.parse(data) as { s: string[] }).s.join('') : ''
      return { html, hydration }
    }
    // The service's description is the services page's content: in its HTML, never in data.
    const services = await page('/services')
    expect(services.html).toContain('Cedar fences built to last.')
    expect(services.hydration).not.toContain('Cedar fences built to last.')
    for (const path of ['/', '/about', '/services', '/cedar-fence-installation', '/gallery', '/contact', '/find-us-on']) {
      const { hydration } = await page(path)
      expect(hydration, path).not.toContain('Cedar fences built to last.')
      expect(Buffer.byteLength(hydration), path).toBeLessThan(6 * 1024)
    }
    // What the header needs in the browser (its menu) is data; the footer's text is not.
    const about = await page('/about')
    expect(about.hydration).toContain('Acme Fence Co')
    expect(about.html).toContain('All rights reserved.')
    expect(about.hydration).not.toContain('All rights reserved.')
  })

  test('blocks whose code loads later are complete in the server HTML, not hidden for a script to reveal', async () => {
    const html = await (await site.get('/')).text()
    expect(html).toContain('All rights reserved.') // the footer
    expect(html).toContain('Send Us A Message')
    expect(html).not.toMatch(/<div hidden id="S:/)
    expect(html).not.toContain('$RC(')
  })

  test('/healthz reports the record state', async () => {
    const health = await (await site.get('/healthz')).json()
    expect(health).toMatchObject({ ok: true, record: { source: 'provider', lastError: null }, storage: 'sqlite' })
    expect(health.record.fetchedAt).toMatch(/^\d{4}-/)
  })

  test('/find-us-on has its own head and no shared layout', async () => {
    const html = await (await site.get('/find-us-on')).text()
    expect(html).toMatch(/<title>[^<]*Acme Fence Co<\/title>/)
    expect(html).not.toContain('<footer')
    expect(html).not.toMatch(/<header/)
  })

  test('sitemap.xml lists every page with the public origin, robots.txt points to it', async () => {
    const xml = await (await site.get('/sitemap.xml')).text()
    for (const path of ['/', '/about', '/services', '/gallery', '/contact', '/cedar-fence-installation', '/gallery/cedar-work']) {
      expect(xml).toContain(`<loc>${site.url}${path}</loc>`)
    }
    expect(xml).not.toContain('/reviews')
    const robots = await (await site.get('/robots.txt')).text()
    expect(robots).toContain(`Sitemap: ${site.url}/sitemap.xml`)
  })

  test('pages carry a canonical link, Open Graph tags and the business JSON-LD', async () => {
    const html = await (await site.get('/about')).text()
    expect(html).toContain(`<link rel="canonical" href="${site.url}/about"/>`)
    expect(html).toContain('<meta property="og:title" content="About | Acme Fence Co"/>')
    const jsonLd = html.match(/<script id="json-ld" type="application\/ld\+json">(.*?)<\/script>/)?.[1]
    expect(JSON.parse(jsonLd!)).toMatchObject({
      '@type': ['GeneralContractor', 'HomeAndConstructionBusiness'],
      name: 'Acme Fence Co',
      telephone: '+17205550199',
    })
  })

  test("every response carries the security headers; a page's CSP allows exactly its own inline scripts, by hash", async () => {
    const response = await site.get('/')
    const csp = response.headers.get('content-security-policy')!
    expect(csp).not.toMatch(/'nonce-|'unsafe-inline'[^;]*; style-src/)
    expect(csp.split('; ').find((d) => d.startsWith('script-src'))).not.toContain("'unsafe-inline'")
    const allowed = [...csp.matchAll(/'(sha256-[^']+)'/g)].map((m) => m[1])
    const html = await response.text()
    // Data (JSON-LD, React Router's JSON until the framework starts) is not script.
    const inline = [...html.matchAll(/<script(?![^>]*(?:type="application\/(?:ld\+)?json"|src=))[^>]*>([\s\S]*?)<\/script>/g)].map(
      (m) => m[1]!,
    )
    expect(inline).toHaveLength(2) // the modal script and the page script (server/pages/page-script.server.ts)
    expect(allowed.sort()).toEqual(
      [...new Set(inline.map((text) => `sha256-${createHash('sha256').update(text).digest('base64')}`))].sort(),
    )
    expect(html).not.toContain('nonce=')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('x-powered-by')).toBeNull()
    const json = await site.get('/api/visits')
    expect(json.headers.get('content-security-policy')).toMatch(/script-src 'self' 'strict-dynamic'/)
    expect(json.headers.get('x-frame-options')).toBe('SAMEORIGIN')
  })

  test('a page is the same bytes for every visitor: no cookie, a strong ETag, 304 on revalidation, a Cache-Control a CDN honours', async () => {
    const headers = { 'accept-encoding': 'br, gzip' }
    const [a, b] = [await site.get('/services', { headers }), await site.get('/services?utm_source=ad&fbclid=IwAR9', { headers })]
    expect(Buffer.from(await a.arrayBuffer()).equals(Buffer.from(await b.arrayBuffer()))).toBe(true)
    for (const response of [a, b]) {
      expect(response.headers.get('set-cookie')).toBeNull()
      expect(response.headers.get('content-encoding')).toBe('br')
      expect(response.headers.get('vary')).toMatch(/Accept-Encoding/i)
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+/)
    }
    const etag = a.headers.get('etag')!
    expect(etag).toMatch(/^"[^"]+"$/)
    expect(b.headers.get('etag')).toBe(etag)
    expect(a.headers.get('content-security-policy')).toBe(b.headers.get('content-security-policy'))
    const revalidated = await site.get('/services', { headers: { ...headers, 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    const plain = await site.get('/services', { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toContain('<title>Services | Acme Fence Co</title>')
  })

  test('every unknown path of a route is one 404 page, not indexed and naming no URL', async () => {
    // Photos becoming ready make a new page version; wait for them so both requests see one version. Longer than the
    // suite's bound: the demo's photos are encoded, every variant, on a busy machine.
    await expect.poll(async () => (await (await site.get('/healthz')).json()).images.pending, { timeout: 20_000 }).toBe(0)
    const notes = () => site.output().match(/Servicio no encontrado/g)?.length ?? 0
    const [a, b] = [await site.get('/no-such-thing-1'), await site.get('/no-such-thing-2?gclid=1')]
    expect([a.status, b.status]).toEqual([404, 404])
    expect(b.headers.get('etag')).toBe(a.headers.get('etag'))
    const html = await a.text()
    expect(html).toContain('<meta name="robots" content="noindex"/>')
    expect(html).not.toContain('rel="canonical"')
    expect(html).not.toContain('no-such-thing')
    // Another unknown service, once its route's 404 is cached, comes from the cache: its loader never runs.
    const before = notes()
    expect((await site.get('/no-such-thing-3')).status).toBe(404)
    expect(notes()).toBe(before)
  })

  test('the favicon is served', async () => {
    const response = await site.get('/favicon.ico')
    expect(response.status).toBe(200)
  })
})

describe('with INLINE_PAGE_ASSETS=false', () => {
  let provider: Awaited<ReturnType<typeof startFakeProvider>>
  let site: Awaited<ReturnType<typeof startSite>>
  beforeAll(async () => {
    provider = await startFakeProvider({ kind: 'ok', record })
    site = await startSite({ PAGE_API_URL: provider.url, PAGE_ID: 'acme-1', INLINE_PAGE_ASSETS: 'false' })
  })
  afterAll(async () => {
    await site.stop()
    await provider.close()
  })

  test('the stylesheet is one file for every page, cached for a year; only the theme is inline', async () => {
    const about = await (await site.get('/about')).text()
    const home = await (await site.get('/')).text()
    const href = about.match(/<link rel="stylesheet" href="([^"]+)"/)?.[1]
    expect(href).toMatch(/^\/assets\/app-[\w-]+\.css$/)
    expect(home).toContain(`<link rel="stylesheet" href="${href}"`)
    const response = await site.get(href!)
    expect(response.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/)
    expect(await response.text()).toMatch(/\.container-page/)
    expect([...about.matchAll(/<style[^>]*>/g)].map((m) => m[0])).toEqual(['<style id="theme-css">'])
  })

  test('icons come from one sprite file, cached for a year', async () => {
    const html = await (await site.get('/about')).text()
    const sprite = html.match(/<use href="([^"#]+)#phone"/)?.[1]
    expect(sprite).toMatch(/^\/assets\/icon-sprite-[\w-]+\.svg$/)
    const response = await site.get(sprite!)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/)
    expect(await response.text()).toMatch(/<symbol id="phone"/)
  })
})

describe('when the provider fails from the start', () => {
  test.each([
    ['an HTTP 500', { kind: 'status', status: 500 } as const],
    ['garbage instead of JSON', { kind: 'garbage' } as const],
    ['no answer at all', { kind: 'hang' } as const],
  ])('%s: the shared layout still renders from the empty record', async (_name, mode) => {
    const provider = await startFakeProvider(mode)
    const site = await startSite({ PAGE_API_URL: provider.url, RECORD_TIMEOUT_MS: '500' })
    try {
      const response = await site.get('/about')
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).toContain('<footer')
      expect(html).toContain('data-testid="full-screen-loader"')
      expect((await (await site.get('/healthz')).json()).record.source).toBe('empty')
    } finally {
      await site.stop()
      await provider.close()
    }
  })
})

test('a restart during a provider outage keeps serving the last good record', async () => {
  const provider = await startFakeProvider({ kind: 'ok', record })
  const first = await startSite({ PAGE_API_URL: provider.url })
  await first.stop()
  provider.set({ kind: 'status', status: 502 })
  const second = await startSite({ PAGE_API_URL: provider.url }, first.dataDir)
  try {
    const html = await (await second.get('/')).text()
    expect(html).toContain('<title>Home | Acme Fence Co</title>')
    expect(html).not.toContain('full-screen-loader')
    expect((await (await second.get('/healthz')).json()).record.source).toBe('disk')
  } finally {
    await second.stop()
    await provider.close()
  }
})

test('a wrong environment variable stops the server with a readable message', async () => {
  await expect(startSite({ PAGE_API_URL: 'ftp://nope', RECORD_TTL_SECONDS: '-1' })).rejects.toThrow(/PAGE_API_URL[\s\S]*RECORD_TTL_SECONDS/)
})
