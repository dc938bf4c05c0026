import type { IncomingMessage } from 'node:http'
import proxyAddr from 'proxy-addr'
import type { Site } from '../services.server.ts'
import { hostOnly } from '../sites/site-config.server.ts'
import type { TrustFn } from '../config/trust-proxy.server.ts'

/**
 * A contact post the guards let through (post-guards.server.ts): over a limit (`rateLimited`: the action
 * answers 429 in the visitor's words), and `settle`, which the action calls with what the post came to.
 * The limit counts posts that stored a lead; posts refused (a short phone, a missing field, over the
 * limit) are counted apart, with a higher bound, so a visitor who mistyped twice can still send, while a
 * script posting garbage is stopped.
 */
export interface ContactPass {
  rateLimited: boolean
  settle(stored: boolean): Promise<void>
}

/**
 * What a request is, decided once by one set of rules: its site, the visitor's IP, the protocol and
 * host the visitor used (from X-Forwarded-* only when the hop that sent them is trusted), the public
 * origin for canonical links, and its canonical path. The page cache's fast path, Express and React
 * Router all read this, so they can never disagree about a request.
 */
export type ResolvedRequest = {
  /** The site the host names; undefined for a host no site lists. */
  site: Site | undefined
  clientIp: string
  protocol: 'http' | 'https'
  /** Lower-case host name with its port, if any, as the visitor's browser wrote it. */
  host: string
  /** `protocol://host`: what the visitor's browser calls this site (a form post's Origin). */
  requestOrigin: string
  /** The site's siteUrl, else the request's own origin: canonical links, sitemap, JSON-LD. */
  publicOrigin: string
  /** Canonical (server/http/canonical-path.server.ts). */
  pathname: string
  search: string
  /** A post's body, read (and bounded) by the gate. */
  body?: Buffer
  /** Set on a post that may reach the contact action, once its guards have passed it. */
  contact?: ContactPass
}

export type RequestResolverOptions = {
  trust: TrustFn
  siteFor: (hostname: string) => Site | undefined
}

// A host name or IPv4 address, or an IPv6 literal in brackets, with an optional port; nothing else.
const HOST = /^(?:[a-z\d.-]{1,253}|\[[a-f\d:.]{2,45}\])(?::\d{1,5})?$/

export function createRequestResolver({ trust, siteFor }: RequestResolverOptions) {
  return function resolve(req: IncomingMessage, pathname: string, search: string): ResolvedRequest | null {
    const trusted = trust(req.socket.remoteAddress ?? '', 0)
    const host = (trusted ? lastValue(req.headers['x-forwarded-host']) : undefined) ?? req.headers.host?.trim().toLowerCase()
    if (!host || !HOST.test(host)) return null
    const forwardedProto = trusted ? lastValue(req.headers['x-forwarded-proto']) : undefined
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true
    const protocol = forwardedProto === 'https' || forwardedProto === 'http' ? forwardedProto : encrypted ? 'https' : 'http'
    const site = siteFor(hostOnly(host))
    const requestOrigin = `${protocol}://${host}`
    return {
      site,
      clientIp: proxyAddr(req, trust),
      protocol,
      host,
      requestOrigin,
      publicOrigin: site?.config.siteUrl ?? requestOrigin,
      pathname,
      search,
    }
  }
}

/** The value the nearest hop wrote (proxies that append put theirs last). */
function lastValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header.at(-1) : header
  const last = value?.split(',').at(-1)?.trim().toLowerCase()
  return last || undefined
}
