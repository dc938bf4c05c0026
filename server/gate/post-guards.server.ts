import type { IncomingMessage } from 'node:http'
import ipaddr from 'ipaddr.js'
import { isCrossOriginPost } from '../http/same-origin.server.ts'
import type { DayKeys } from '../visits/day-keys.server.ts'
import type { RateLimitStorage } from '../storage/storage-contract.server.ts'
import { formAnswers } from './form-answers.server.ts'
import type { Refusal } from './request-gate.server.ts'
import type { ContactPass, ResolvedRequest } from './request-resolver.server.ts'

const WINDOW_MS = 10 * 60 * 1000
const tooMany: Refusal = { status: 429, text: 'Too many requests.', headers: { 'Retry-After': String(WINDOW_MS / 1000) } }

/**
 * The guards of the things a stranger can post. Counters live in the storage, so instances sharing a
 * database share the limits. A counter's key is the kind and a keyed hash of the client's address with
 * the day's salt (visits/day-keys.server.ts; UTC's day), never the address: a window that spans
 * midnight UTC starts again with the new day's key.
 */
/**
 * Who a rate limit counts: an IPv4 address, or an IPv6 client's /64 (issue 37). One IPv6 subscriber
 * or server is usually given a whole /64 and can speak from any of its 2⁶⁴ addresses, so counting
 * addresses would let it post without limit. An IPv4 address written as IPv6 (::ffff:a.b.c.d) is that address.
 */
export function rateLimitAddress(clientIp: string): string {
  if (!ipaddr.isValid(clientIp)) return clientIp
  const address = ipaddr.process(clientIp)
  if (address.kind() === 'ipv4') return address.toString()
  return `${(address as ipaddr.IPv6).parts
    .slice(0, 4)
    .map((part) => part.toString(16))
    .join(':')}::/64`
}

/** Refused contact posts allowed per window, as a multiple of the stored leads' limit. */
export const REFUSED_CONTACT_FACTOR = 4

type Limits = {
  /** Posts that stored a lead, per client and window (CONTACT_RATE_LIMIT). */
  contactPostsPerWindow: number
  /** The visit counter is posted once per page view: a person reads fewer pages than this in ten minutes. */
  visitPostsPerWindow: number
  /** The results beacon is sent per page view and per tap: a person sends fewer than this in ten minutes. */
  resultPostsPerWindow: number
  counters: RateLimitStorage
  keys: DayKeys
}

export function createPostGuards({ contactPostsPerWindow, visitPostsPerWindow, resultPostsPerWindow, counters, keys }: Limits) {
  let prunedAt = 0
  /** This client's hits of one kind in the current window; null when the storage cannot say (the post goes on). */
  async function hits(kind: string, clientIp: string): Promise<number | null> {
    const now = Date.now()
    try {
      if (now - prunedAt >= WINDOW_MS) {
        prunedAt = now // ended windows are forgotten at most once a window per instance
        await counters.prune(now)
      }
      return (await counters.hit(await keys.client(kind, rateLimitAddress(clientIp)), now, WINDOW_MS)).hits
    } catch {
      return null
    }
  }

  return {
    /**
     * A post that can reach the contact action: refused (403) when another site's page sent it; over
     * the limit, it goes on marked, so the action answers in the page, in the visitor's language.
     * Storage unreachable: it goes on too, and the action answers with a readable error.
     */
    async contactGuard(request: ResolvedRequest, req: IncomingMessage): Promise<Refusal | ContactPass> {
      const headers = { get: (name: string) => [req.headers[name] ?? ''].flat()[0] || undefined }
      if (isCrossOriginPost(headers, request.requestOrigin)) return { status: 403, text: formAnswers(request.site!).crossOrigin }
      // Counted as both now (two posts at once must not both pass); the action takes back the one it was not.
      const [stored, refused] = [await hits('contact', request.clientIp), await hits('contact-refused', request.clientIp)]
      const rateLimited =
        (stored !== null && stored > contactPostsPerWindow) ||
        (refused !== null && refused > contactPostsPerWindow * REFUSED_CONTACT_FACTOR)
      return {
        rateLimited,
        async settle(wasStored) {
          const kind = wasStored ? 'contact-refused' : 'contact'
          if ((wasStored ? refused : stored) === null) return // not counted (the storage could not say), nothing to take back
          await counters.unhit(await keys.client(kind, rateLimitAddress(request.clientIp))).catch(() => {})
        },
      }
    },
    async visitsGuard(request: ResolvedRequest): Promise<Refusal | null> {
      const count = await hits('visits', request.clientIp)
      if (count === null || count <= visitPostsPerWindow) return null
      return tooMany
    },
    /** A beacon another site's page sent is refused (403); beyond the limit, 429. */
    async resultsGuard(request: ResolvedRequest, req: IncomingMessage): Promise<Refusal | null> {
      const headers = { get: (name: string) => [req.headers[name] ?? ''].flat()[0] || undefined }
      if (isCrossOriginPost(headers, request.requestOrigin)) return { status: 403, text: 'Not from this site.' }
      const count = await hits('results', request.clientIp)
      return count === null || count <= resultPostsPerWindow ? null : tooMany
    },
  }
}
