import net from 'node:net'
import proxyAddr from 'proxy-addr'
import { z } from 'zod'

/**
 * Which hops in front of us may speak for the visitor (X-Forwarded-For, -Proto, -Host): none, the
 * nearest N, or the hops whose addresses are listed. `true` ("everyone") is refused: the left-most
 * X-Forwarded-For is whatever the client wrote, so each request could pick its own rate-limit bucket.
 */
export type TrustProxy = { hops: number } | { addresses: string[] } | null

const refusal =
  'trusting every hop lets each client choose its own IP through X-Forwarded-For; write the number of proxies in front of this server (e.g. 1) or their addresses/CIDRs (e.g. 10.0.0.0/8,127.0.0.1)'

export const trustProxySchema = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    if (!value) return null
    if (/^(true|yes|on|all|\*)$/i.test(value)) {
      ctx.addIssue({ code: 'custom', message: refusal })
      return z.NEVER
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value)
      if (hops >= 1 && hops <= 10) return { hops }
      ctx.addIssue({ code: 'custom', message: 'a hop count from 1 to 10' })
      return z.NEVER
    }
    const addresses = value
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
    const wrong = addresses.filter((a) => !isAddressOrCidr(a))
    if (wrong.length) {
      ctx.addIssue({ code: 'custom', message: `not an IP address or CIDR: ${wrong.join(', ')} (${refusal})` })
      return z.NEVER
    }
    return { addresses }
  })

function isAddressOrCidr(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true // proxy-addr's named ranges
  const [address = '', bits, ...rest] = value.split('/')
  const family = net.isIP(address)
  if (!family || rest.length) return false
  if (bits === undefined) return true
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
}

/** proxy-addr's trust function: (address, hop index from us) → may this hop speak for the one before it? */
export type TrustFn = (address: string, hop: number) => boolean

export function compileTrust(setting: TrustProxy): TrustFn {
  if (!setting) return () => false
  if ('hops' in setting) return (_address, hop) => hop < setting.hops
  return proxyAddr.compile(setting.addresses)
}
