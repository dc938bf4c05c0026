import { expect, test } from 'vitest'
import { applySecurityHeaders, contentSecurityPolicy, HSTS, SECURITY_HEADERS, securityHeaders } from './security-headers.server.ts'

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))
const HASH = "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='"

test('the CSP allows inline scripts only by the hashes it is given, and locks down objects, base and framing', () => {
  const csp = directives(contentSecurityPolicy([HASH]))
  expect(csp['script-src']).toContain(HASH)
  expect(csp['script-src']).toContain("'strict-dynamic'")
  expect(csp['script-src']).not.toContain("'unsafe-inline'")
  expect(csp['script-src']).not.toContain("'unsafe-eval'")
  expect(csp['script-src']!.some((s: string) => s.startsWith("'nonce-"))).toBe(false)
  expect(csp['object-src']).toEqual(["'none'"])
  expect(csp['base-uri']).toEqual(["'none'"])
  expect(csp['frame-ancestors']).toEqual(["'self'"])
  expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://www.google.com']))
  expect(csp['frame-src']).not.toContain('*')
  expect(csp['default-src']).toEqual(["'self'"])
  expect(directives(contentSecurityPolicy())['script-src']!.filter((s: string) => s.startsWith("'sha256-"))).toEqual([])
})

test('the policy is exactly these directives; npm run dev sends the same one (tests/dev-server.test.ts, decision 031)', () => {
  const csp = directives(contentSecurityPolicy([HASH]))
  expect(csp).toEqual({
    'default-src': ["'self'"],
    'script-src': [
      "'self'",
      HASH,
      "'strict-dynamic'",
      'https://apps.elfsight.com',
      'https://static.elfsight.com',
      'https://universe-static.elfsightcdn.com',
    ],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'", 'https:'],
    'frame-src': [
      'https://www.youtube-nocookie.com',
      'https://www.youtube.com',
      'https://www.google.com',
      'https://maps.google.com',
      'https://*.elfsight.com',
      'https://*.elfsightcdn.com',
    ],
    'media-src': ["'self'", 'https:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'", 'https://wa.me'],
    'frame-ancestors': ["'self'"],
  })
  const sources = (Object.values(csp) as string[][]).flat()
  // Vite's hot-reload websocket is on the page's own origin, which 'self' covers: no ws: source is needed.
  expect(sources.filter((s) => /^wss?:/.test(s))).toEqual([])
  // The one unsafe-* source is for styles (style attributes, the theme's <style>); scripts have none.
  expect(sources.filter((s) => s.startsWith("'unsafe-"))).toEqual(["'unsafe-inline'"])
  expect(csp['style-src']).toContain("'unsafe-inline'")
})

function fakeExchange(secure: boolean, pageCsp?: string) {
  const headers: Record<string, string> = {}
  const res = {
    setHeader: (n: string, v: string) => (headers[n] = v),
    getHeader: (n: string) => headers[n],
    removeHeader: (n: string) => delete headers[n],
    writeHead() {},
  }
  let called = false
  securityHeaders({ secure } as never, res as never, () => (called = true))
  if (pageCsp) res.setHeader('Content-Security-Policy', pageCsp)
  res.writeHead() // on-headers fills in what is missing just before the headers leave
  return { headers, called }
}

test('the middleware sets every header, HSTS only over HTTPS, and the strict CSP unless the page brings its own', () => {
  const plain = fakeExchange(false)
  const secure = fakeExchange(true)
  expect(plain.called).toBe(true)
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(plain.headers[name]).toBe(value)
  expect(plain.headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
  expect(plain.headers['Strict-Transport-Security']).toBeUndefined()
  expect(secure.headers['Strict-Transport-Security']).toBe(HSTS)
  expect(plain.headers['Content-Security-Policy']).toBe(contentSecurityPolicy())
  const page = contentSecurityPolicy([HASH])
  expect(fakeExchange(false, page).headers['Content-Security-Policy']).toBe(page)
})

test('cached pages get the same headers through the same function', () => {
  const headers: Record<string, string> = {}
  applySecurityHeaders({ setHeader: (n: string, v: string) => void (headers[n] = v) } as never, true, 'csp-of-the-page')
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(headers[name]).toBe(value)
  expect(headers['Content-Security-Policy']).toBe('csp-of-the-page')
  expect(headers['Strict-Transport-Security']).toBe(HSTS)
})
