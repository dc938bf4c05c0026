import net from 'node:net'
import ipaddr from 'ipaddr.js'

/** ipaddr.js's range names, in words a log reader knows. */
const RANGE_WORDS: Record<string, string> = {
  loopback: 'a loopback',
  private: 'a private',
  uniqueLocal: 'a private (unique local)',
  linkLocal: 'a link-local (cloud metadata)',
  unspecified: 'an unspecified',
  carrierGradeNat: 'a carrier-grade NAT',
  multicast: 'a multicast',
  broadcast: 'a broadcast',
}

/**
 * Why a record's URL may not reach this IP address, or null for a public unicast one. Anything
 * ipaddr.js does not call `unicast` is refused (loopback, private, link-local and the cloud
 * metadata services on it, unspecified, reserved, NAT64 and other tunnels that could lead inside).
 */
export function refusalOf(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`
  // process() turns ::ffff:127.0.0.1 into 127.0.0.1, so a mapped address is judged as what it reaches.
  const range = ipaddr.process(address).range()
  if (range === 'unicast') return null
  return `${address} is ${RANGE_WORDS[range] ?? `a reserved (${range})`} address`
}

/**
 * Why the outbound client will never reach `url` whatever DNS says (its host is an address it refuses,
 * or this machine's name), so a setting naming it can be refused at start-up; null when it may be reached.
 */
export function neverReached(url: string, allowOrigins: Iterable<string>): string | null {
  const { origin, hostname } = new URL(url)
  if (Array.from(allowOrigins, (allowed) => new URL(allowed).origin).includes(origin)) return null
  const host = hostname.replace(/^\[|\]$/g, '')
  const reason = host === 'localhost' || host.endsWith('.localhost') ? `${host} is this machine` : net.isIP(host) ? refusalOf(host) : null
  return reason && `${reason}, which the server never sends to: list ${origin} in OUTBOUND_ALLOW_ORIGINS if that receiver is yours`
}
