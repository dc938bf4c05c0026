import type { IncomingMessage, ServerResponse } from 'node:http'
import { HOST_NAME } from '../sites/site-config.server.ts'

/** Where a TLS proxy with on-demand certificates (Caddy's `ask`) asks whether a domain is ours. */
export const TLS_ASK_PATH = '/_tls/allowed'

/** "WWW.Example.com." → "www.example.com"; anything else (a port, a path, a scheme, garbage) → null. */
export function normaliseDomain(raw: string | null): string | null {
  if (raw === null || raw.length > 254) return null
  const domain = raw.trim().toLowerCase().replace(/\.$/, '')
  return HOST_NAME.test(domain) ? domain : null
}

/**
 * Answers `GET /_tls/allowed?domain=HOST` on any Host header: 200 when a site lists HOST, 404 when
 * none does, 400 when HOST is not a domain name. The body is one word and never cached, so the
 * answer tells a stranger nothing beyond yes or no. False when the request is not the ask.
 */
export function answerTlsAsk(req: IncomingMessage, res: ServerResponse, listsHost: (host: string) => boolean): boolean {
  const url = req.url ?? ''
  if (url !== TLS_ASK_PATH && !url.startsWith(`${TLS_ASK_PATH}?`)) return false
  if (req.method !== 'GET' && req.method !== 'HEAD') return false // the gate refuses it like any other path
  const domain = url.length <= 1024 ? normaliseDomain(new URLSearchParams(url.slice(TLS_ASK_PATH.length)).get('domain')) : null
  const [status, text] = !domain ? [400, 'bad domain'] : listsHost(domain) ? [200, 'allowed'] : [404, 'not allowed']
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' })
  res.end(req.method === 'HEAD' ? undefined : `${text}\n`)
  return true
}
