import { randomBytes } from 'node:crypto'
import type { NextFunction, Request, Response } from 'express'

/** Third parties the site embeds: YouTube players, Google Maps, the Elfsight reviews widget. */
const EMBED_FRAMES = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://www.google.com', 'https://maps.google.com', 'https://*.elfsight.com', 'https://*.elfsightcdn.com']
const REVIEW_SCRIPTS = ['https://apps.elfsight.com', 'https://static.elfsight.com', 'https://universe-static.elfsightcdn.com']

export function contentSecurityPolicy(nonce: string): string {
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...REVIEW_SCRIPTS],
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

/** Headers every response carries; CSP is added per request because of its nonce. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
}

export const HSTS = 'max-age=31536000; includeSubDomains'

/** Express middleware: a fresh nonce in res.locals.nonce and every security header. */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const nonce = randomBytes(16).toString('base64')
  res.locals.nonce = nonce
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value)
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce))
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS)
  next()
}
