import type { NextFunction, Request, Response } from 'express'
import onHeaders from 'on-headers'

/** Third parties the site embeds: YouTube players, Google Maps, the Elfsight reviews widget. */
const EMBED_FRAMES = [
  'https://www.youtube-nocookie.com',
  'https://www.youtube.com',
  'https://www.google.com',
  'https://maps.google.com',
  'https://*.elfsight.com',
  'https://*.elfsightcdn.com',
]
const REVIEW_SCRIPTS = ['https://apps.elfsight.com', 'https://static.elfsight.com', 'https://universe-static.elfsightcdn.com']

/**
 * `scriptHashes` are the 'sha256-…' sources of one page's own inline scripts; a response
 * without any (JSON, text, a redirect) allows no inline script at all.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...scriptHashes, "'strict-dynamic'", ...REVIEW_SCRIPTS],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:', 'https:'],
    'connect-src': ["'self'", 'https:'],
    'frame-src': EMBED_FRAMES,
    'media-src': ["'self'", 'https:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'", 'https://wa.me'],
    'frame-ancestors': ["'self'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/** Headers every response carries; CSP depends on the page (its inline scripts' hashes). */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
}

export const HSTS = 'max-age=31536000; includeSubDomains'

const NO_INLINE_SCRIPTS = contentSecurityPolicy()

/** Sets every security header; `csp` is the page's own policy when it has one. */
export function applySecurityHeaders(res: { setHeader(name: string, value: string): unknown }, secure: boolean, csp = NO_INLINE_SCRIPTS) {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value)
  res.setHeader('Content-Security-Policy', csp)
  if (secure) res.setHeader('Strict-Transport-Security', HSTS)
}

/**
 * Express middleware: every security header. A rendered page brings its own CSP (with the hashes
 * of its scripts), so the strict default is only filled in when the response has none.
 */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  applySecurityHeaders(res, req.secure)
  res.removeHeader('Content-Security-Policy')
  onHeaders(res, function fillInCsp() {
    if (!this.getHeader('Content-Security-Policy')) this.setHeader('Content-Security-Policy', NO_INLINE_SCRIPTS)
  })
  next()
}

/**
 * The console's (issue 35): nothing but its own files and the inline scripts it hashed, never framed,
 * never cached, no referrer (its URLs name sites and leads). `frameSelf`: its report pages (a
 * self-contained document in a sandboxed frame of a console page) may be framed by the console itself.
 */
export function consoleContentSecurityPolicy(scriptHashes: readonly string[] = []): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'none'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'frame-src': ["'self'"],
    'form-action': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
  }
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

/**
 * A report page the console frames: its inline styles and data: pictures, no script at all, sandboxed even when opened
 * alone. The sandbox keeps the console's origin (allow-same-origin, never with allow-scripts: nothing runs in it) so the
 * console page can measure the report and size its frame to it (app/console/parts/report-frame.tsx, issue 44).
 */
export const CONSOLE_REPORT_CSP =
  "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'; sandbox allow-same-origin"

export const CONSOLE_HEADERS: Readonly<Record<string, string>> = {
  ...SECURITY_HEADERS,
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'private, no-store',
}

const CONSOLE_NO_INLINE_SCRIPTS = consoleContentSecurityPolicy()

/**
 * Express middleware of the console's listener: every header on every answer. A page brings its own CSP
 * (its scripts' hashes), a report page its own and SAMEORIGIN framing; whatever the route set, the answer is
 * `private, no-store`.
 */
export function consoleSecurityHeaders(secure: boolean) {
  return (_req: Request, res: Response, next: NextFunction) => {
    for (const [name, value] of Object.entries(CONSOLE_HEADERS)) res.setHeader(name, value)
    if (secure) res.setHeader('Strict-Transport-Security', HSTS)
    onHeaders(res, function fillIn() {
      if (!this.getHeader('Content-Security-Policy')) this.setHeader('Content-Security-Policy', CONSOLE_NO_INLINE_SCRIPTS)
      if (this.getHeader('Content-Security-Policy') === CONSOLE_REPORT_CSP) this.setHeader('X-Frame-Options', 'SAMEORIGIN')
      this.setHeader('Cache-Control', 'private, no-store')
    })
    next()
  }
}
