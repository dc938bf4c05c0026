import zlib from 'node:zlib'
import { expect, test } from 'vitest'
import { compressPage } from './page-cache.server.ts'
import { answerPage, matchesEtag, preferredEncoding } from './page-response.server.ts'

const html = '<!DOCTYPE html><title>Home</title>'

test('brotli when accepted, else gzip, else the plain bytes', () => {
  expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
  expect(preferredEncoding('br')).toBe('br')
  expect(preferredEncoding('gzip')).toBe('gzip')
  expect(preferredEncoding('deflate')).toBe('identity')
  expect(preferredEncoding('identity')).toBe('identity')
  expect(preferredEncoding('')).toBe('identity')
  expect(preferredEncoding(undefined)).toBe('identity')
})

test('q=0 refuses an encoding, also one `*` would otherwise admit', () => {
  expect(preferredEncoding('gzip, br;q=0')).toBe('gzip')
  expect(preferredEncoding('*, gzip;q=0')).toBe('br')
  expect(preferredEncoding('*, br;q=0, gzip;q=0')).toBe('identity')
  expect(preferredEncoding('*;q=0, gzip')).toBe('gzip')
  expect(preferredEncoding('BR;Q=0, GZIP')).toBe('gzip')
})

test('the client’s weights decide; brotli only breaks a tie', () => {
  expect(preferredEncoding('br;q=0.5, gzip')).toBe('gzip')
  expect(preferredEncoding('gzip;q=0.8, br;q=0.9')).toBe('br')
  expect(preferredEncoding('gzip;q=0.5, br;q=0.5')).toBe('br')
  expect(preferredEncoding('*')).toBe('br')
})

test('a malformed header is read as far as it makes sense, never thrown on', () => {
  expect(preferredEncoding(',,; ;q=, gzip;q=abc')).toBe('identity')
  expect(preferredEncoding('gzip;q=1;foo=bar , ,')).toBe('gzip')
})

test('each encoding has its own strong ETag, and any of them revalidates the page', async () => {
  const page = await compressPage(200, html, 'the-csp')
  const br = answerPage({ method: 'GET', headers: { 'accept-encoding': 'br' } }, page, 60)
  const gzip = answerPage({ method: 'GET', headers: { 'accept-encoding': 'gzip' } }, page, 60)
  const plain = answerPage({ method: 'GET', headers: {} }, page, 60)
  expect(new Set([br.headers.ETag, gzip.headers.ETag, plain.headers.ETag]).size).toBe(3)
  for (const etag of [br.headers.ETag, gzip.headers.ETag, plain.headers.ETag]) expect(etag).toMatch(/^"[^"]+"$/)
  expect(zlib.brotliDecompressSync(br.body!).toString()).toBe(html)
  expect(br.headers['Content-Encoding']).toBe('br')
  expect(plain.body!.toString()).toBe(html)
  expect(plain.headers['Content-Encoding']).toBeUndefined()
  expect(plain.headers['Content-Length']).toBe(String(Buffer.byteLength(html)))
  for (const tag of [br.headers.ETag!, `W/${gzip.headers.ETag}`, `"other", ${plain.headers.ETag}`, '*'])
    expect(matchesEtag(tag, page)).toBe(true)
  expect(matchesEtag('"other"', page)).toBe(false)
  const revalidated = answerPage({ method: 'GET', headers: { 'accept-encoding': 'br', 'if-none-match': gzip.headers.ETag } }, page, 60)
  expect(revalidated.status).toBe(304)
  expect(revalidated.body).toBeNull()
})

test('a CDN may keep the page for the record ttl; browsers revalidate; the page brings its own CSP', async () => {
  const page = await compressPage(404, html, 'the-csp')
  const answer = answerPage({ method: 'HEAD', headers: { 'accept-encoding': 'gzip' } }, page, 60)
  expect(answer.status).toBe(404)
  expect(answer.body).toBeNull()
  expect(answer.headers['Cache-Control']).toMatch(/^public, max-age=0, s-maxage=60, stale-while-revalidate=\d+/)
  expect(answer.headers.Vary).toBe('Accept-Encoding')
  expect(answer.headers['Content-Security-Policy']).toBe('the-csp')
})
