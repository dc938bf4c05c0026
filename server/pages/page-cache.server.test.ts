import zlib from 'node:zlib'
import { expect, test } from 'vitest'
import { compressPage, createPageCache } from './page-cache.server.ts'
import { notFoundKey, pageKey, pagePath, sitePrefix } from './page-key.server.ts'

const html = `<!DOCTYPE html><html><body>${'<p>Cedar fences built to last.</p>'.repeat(200)}</body></html>`

test('a page is kept brotli- and gzip-compressed, both decoding to the rendered bytes', async () => {
  const page = await compressPage(200, html, 'csp')
  expect(zlib.brotliDecompressSync(page.br).toString()).toBe(html)
  expect(zlib.gunzipSync(page.gzip).toString()).toBe(html)
  expect(page.br.length).toBeLessThan(html.length / 10)
  expect((await compressPage(200, html, 'csp')).hash).toBe(page.hash)
  expect((await compressPage(200, `${html} `, 'csp')).hash).not.toBe(page.hash)
})

test('the cache is bounded by bytes, the least recently used page leaving first', async () => {
  const page = await compressPage(200, html, 'csp')
  const size = page.br.length + page.gzip.length
  const cache = createPageCache(size * 2 + 600)
  cache.set('a', page)
  cache.set('b', page)
  cache.get('a')
  cache.set('c', page)
  expect(cache.get('b')).toBeUndefined()
  expect(cache.get('a')).toBe(page)
  expect(cache.get('c')).toBe(page)
  expect(cache.stats().pages).toBe(2)
  expect(cache.stats().bytes).toBeLessThanOrEqual(size * 2 + 600)
})

test("a site's pages can be dropped at once (its record changed), other sites' stay", async () => {
  const page = await compressPage(200, html, 'csp')
  const cache = createPageCache(10_000_000)
  const scope = (siteId: string) => ({ siteId, version: 'v1', origin: 'https://x.example' })
  cache.set(pageKey(scope('ironwood'), '/'), page)
  cache.set(notFoundKey(scope('ironwood'), 'routes/not-found'), page)
  cache.set(pageKey(scope('iron'), '/'), page)
  cache.dropPrefix(sitePrefix('ironwood'))
  expect(cache.stats().pages).toBe(1)
  expect(cache.get(pageKey(scope('iron'), '/'))).toBe(page)
})

test('tracking parameters never make a new page', () => {
  expect(pagePath('/about', '?utm_source=ad&utm_campaign=x&fbclid=IwAR1&gclid=Cj0')).toBe('/about')
  expect(pagePath('/about', '')).toBe('/about')
})
