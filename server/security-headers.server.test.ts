import { expect, test } from 'vitest'
import { contentSecurityPolicy, HSTS, SECURITY_HEADERS, securityHeaders } from './security-headers.server.ts'

const directives = (csp: string) => Object.fromEntries(csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]))

test('the CSP allows scripts only by nonce and locks down objects, base and framing', () => {
  const csp = directives(contentSecurityPolicy('abc123'))
  expect(csp['script-src']).toContain("'nonce-abc123'")
  expect(csp['script-src']).not.toContain("'unsafe-inline'")
  expect(csp['script-src']).not.toContain("'unsafe-eval'")
  expect(csp['object-src']).toEqual(["'none'"])
  expect(csp['base-uri']).toEqual(["'none'"])
  expect(csp['frame-ancestors']).toEqual(["'self'"])
  expect(csp['frame-src']).toEqual(expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://www.google.com']))
  expect(csp['frame-src']).not.toContain('*')
  expect(csp['default-src']).toEqual(["'self'"])
})

function fakeExchange(secure: boolean) {
  const headers: Record<string, string> = {}
  const res = { locals: {} as Record<string, unknown>, setHeader: (n: string, v: string) => (headers[n] = v) }
  let called = false
  securityHeaders({ secure } as never, res as never, () => (called = true))
  return { headers, locals: res.locals, called }
}

test('the middleware sets every header, a fresh nonce each time, and HSTS only over HTTPS', () => {
  const plain = fakeExchange(false)
  const secure = fakeExchange(true)
  expect(plain.called).toBe(true)
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) expect(plain.headers[name]).toBe(value)
  expect(plain.headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
  expect(plain.headers['Strict-Transport-Security']).toBeUndefined()
  expect(secure.headers['Strict-Transport-Security']).toBe(HSTS)
  expect(plain.locals.nonce).not.toBe(secure.locals.nonce)
  expect(plain.headers['Content-Security-Policy']).toContain(`'nonce-${plain.locals.nonce}'`)
})
