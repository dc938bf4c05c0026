import type { IncomingHttpHeaders } from 'node:http'
import zlib from 'node:zlib'
import Negotiator from 'negotiator'
import type { CachedPage } from './page-cache.server.ts'

/**
 * How a cached page is answered: the encoding the client prefers, a strong ETag per encoding,
 * 304 when the client (or a CDN) already holds it, and a Cache-Control any shared cache honours:
 * browsers revalidate every time (cheap, a 304), CDNs keep it for the record's refresh interval.
 */
export type Encoding = 'br' | 'gzip' | 'identity'

/** A CDN may keep serving a page this long while it fetches a fresh one, and a day when we are down. */
const STALE_WHILE_REVALIDATE_S = 600
const STALE_IF_ERROR_S = 86_400

export const pageCacheControl = (ttlSeconds: number) =>
  `public, max-age=0, s-maxage=${Math.max(1, Math.round(ttlSeconds))}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}, stale-if-error=${STALE_IF_ERROR_S}`

const ENCODINGS: readonly Encoding[] = ['br', 'gzip', 'identity']

/**
 * The encoding to send, by RFC 9110's rules (negotiator, as Express reads it): the client's highest q
 * wins, brotli first among equals; q=0 refuses, also through `*`. None acceptable: the plain bytes.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding ?? '' } })
  return (negotiator.encoding(ENCODINGS, { preferred: ENCODINGS }) as Encoding | undefined) ?? 'identity'
}

const SUFFIX: Record<Encoding, string> = { br: '-br', gzip: '-gz', identity: '' }
export const etagOf = (page: CachedPage, encoding: Encoding) => `"${page.hash}${SUFFIX[encoding]}"`

/** Any listed tag of the same content matches, whatever its encoding (the weak comparison RFC 9110 asks of If-None-Match). */
export function matchesEtag(ifNoneMatch: string | undefined, page: CachedPage): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some(
    (tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"|"$/g, '')
        .replace(/-(br|gz)$/, '') === page.hash,
  )
}

export type PageAnswer = { status: number; headers: Record<string, string>; body: Buffer | null }

/** The answer to one request for a cached page; the same function serves cache hits and fresh renders. */
export function answerPage(request: { method: string; headers: IncomingHttpHeaders }, page: CachedPage, ttlSeconds: number): PageAnswer {
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': page.csp,
    'Cache-Control': pageCacheControl(ttlSeconds),
    Vary: 'Accept-Encoding',
    ETag: etagOf(page, encoding),
  }
  if (matchesEtag(request.headers['if-none-match'], page)) return { status: 304, headers, body: null }
  const body = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : zlib.gunzipSync(page.gzip)
  if (encoding !== 'identity') headers['Content-Encoding'] = encoding
  headers['Content-Length'] = String(body.length)
  return { status: page.status, headers, body: request.method === 'HEAD' ? null : body }
}
