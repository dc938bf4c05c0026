import type { IncomingMessage, ServerResponse } from 'node:http'
import { canonicalPath } from '../http/canonical-path.server.ts'
import { formAnswers } from './form-answers.server.ts'
import { readBody } from './read-body.server.ts'
import { createRequestResolver, type ContactPass, type RequestResolverOptions, type ResolvedRequest } from './request-resolver.server.ts'

/**
 * The one gate every request passes before anything else runs (static files, the page cache, Express,
 * React Router). A stranger is not a visitor until it has judged the request: the method, the path's
 * spelling, the host, the body's size while it streams, and, for the contact form, where the post
 * comes from and how many this client has sent. What passes is a `ResolvedRequest`: the one view of
 * site, client, protocol and origin every later step reads.
 */

/** Paths that take a body, and how large it may be; every other path is GET and HEAD only. */
export const BODY_LIMITS: ReadonlyMap<string, number> = new Map([
  ['/contact', 64 * 1024], // every form on the site posts here; `.data` is React Router's fetcher post
  ['/contact.data', 64 * 1024],
  ['/api/visits', 1024],
  ['/api/results', 1024], // the page's beacon (server/pages/page-script.server.ts): a few dozen bytes
])
export const CONTACT_PATHS: ReadonlySet<string> = new Set(['/contact', '/contact.data'])
const METHODS = new Set(['GET', 'HEAD', 'POST'])
const MAX_URL_LENGTH = 4096

export type Refusal = { status: number; text: string; headers?: Record<string, string> }

export type GateOptions = RequestResolverOptions & {
  /** Judges a post that can reach the contact action: a refusal, or whether this client is over its limit. */
  contactGuard: (request: ResolvedRequest, req: IncomingMessage) => Promise<Refusal | ContactPass>
  /** Judges a visit count post (one client may not inflate the counter). */
  visitsGuard: (request: ResolvedRequest) => Promise<Refusal | null>
  /** Judges a results beacon: from the site's own pages, and not too many from one client. */
  resultsGuard: (request: ResolvedRequest, req: IncomingMessage) => Promise<Refusal | null>
}

/** Passes the request on (with its resolved view), or answers it and resolves null. */
export function createGate(options: GateOptions) {
  const resolve = createRequestResolver(options)

  return async function gate(req: IncomingMessage, res: ServerResponse): Promise<ResolvedRequest | null> {
    const refuse = (refusal: Refusal) => {
      answer(req, res, refusal)
      return null
    }
    const method = req.method ?? ''
    if (!METHODS.has(method)) return refuse({ status: 405, text: 'Method not allowed.', headers: { Allow: 'GET, HEAD, POST' } })
    const url = req.url ?? ''
    if (url.length > MAX_URL_LENGTH) return refuse({ status: 414, text: 'This address is too long.' })
    const at = url.indexOf('?')
    const rawPath = at === -1 ? url : url.slice(0, at)
    const search = at === -1 ? '' : url.slice(at)
    const pathname = canonicalPath(rawPath)
    if (!pathname) return refuse({ status: 400, text: 'This is not a valid address.' })
    const request = resolve(req, pathname, search)
    if (!request) return refuse({ status: 400, text: 'This request names no valid host.' })

    if (pathname !== rawPath) {
      // Another spelling of a page: one redirect, never a render (or a cache entry) of its own.
      const location = pathname + search.replace(/[^\x21-\x7e]/g, encodeURIComponent)
      return refuse({
        status: method === 'POST' ? 308 : 301,
        text: `Moved to ${location}`,
        headers: { Location: location, 'Cache-Control': 'public, max-age=3600' },
      })
    }

    const limit = BODY_LIMITS.get(pathname)
    if (method !== 'POST') {
      if (hasBody(req)) return refuse({ status: 413, text: 'This address takes no request body.' })
      return request
    }
    if (limit === undefined) return refuse({ status: 405, text: 'Method not allowed.', headers: { Allow: 'GET, HEAD' } })
    if (!request.site) return refuse({ status: 404, text: 'Not found.' })

    let passed: ContactPass | undefined
    if (CONTACT_PATHS.has(pathname)) {
      const verdict = await options.contactGuard(request, req)
      if ('status' in verdict) return refuse(verdict)
      passed = verdict
    } else {
      const refusal = pathname === '/api/results' ? await options.resultsGuard(request, req) : await options.visitsGuard(request)
      if (refusal) return refuse(refusal)
    }
    const body = await readBody(req, limit)
    if (body === 'too large') return refuse({ status: 413, text: contactTooLarge(request) })
    if (body === 'aborted') return null
    return { ...request, body, contact: passed }
  }
}

function contactTooLarge(request: ResolvedRequest): string {
  return request.site ? formAnswers(request.site).tooLarge : 'This request is too large.'
}

const hasBody = (req: IncomingMessage) => req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0

/**
 * A refusal is plain text, never cached (but a redirect). A request whose body we did not read gets
 * its connection closed, so a 300 MB upload stops at the first few kilobytes instead of being drained.
 */
function answer(req: IncomingMessage, res: ServerResponse, { status, text, headers = {} }: Refusal) {
  if (res.headersSent) return void res.destroy()
  const unread = !req.readableEnded && hasBody(req)
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    ...headers,
    ...(unread ? { Connection: 'close' } : {}),
  })
  res.end(req.method === 'HEAD' ? undefined : text, () => {
    // The answer and a FIN first, so the client can read why; the rest of its upload is cut off shortly after.
    if (unread) setTimeout(() => req.socket.destroy(), 1000).unref()
  })
}
