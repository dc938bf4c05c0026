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
