import addressparser from 'nodemailer/lib/addressparser'
import { z } from 'zod'
import { withoutTrailingSlashes } from '#app/record/absolute-url.ts'

/**
 * The fields the environment (env.server.ts) and the sites file (server/sites/site-config.server.ts)
 * share: one rule for each kind of value, so a site's setting and the single site's variable are
 * judged alike and their errors read alike.
 */

export const optionalUrl = z
  .string()
  .trim()
  .transform(withoutTrailingSlashes)
  .pipe(z.url({ protocol: /^https?$/ }))
  .optional()

export const pageId = z
  .string()
  .trim()
  .regex(/^[\w-]{1,100}$/, 'letters, digits, _ or - only')

/** An IANA time zone (America/Los_Angeles), as the runtime's own time-zone database knows it; its canonical spelling. */
export const timeZone = z
  .string()
  .trim()
  .refine((name) => canonicalTimeZone(name) !== null, 'an IANA time zone such as America/Los_Angeles or Europe/Madrid')
  .transform((name) => canonicalTimeZone(name)!)

function canonicalTimeZone(name: string): string | null {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return null
  }
}

const address = z.email('an email address such as owner@example.com')
/** Where a site's lead emails or reports go: at most 10 addresses, lower-cased, each once. */
export const emailList = z
  .array(z.string().trim().toLowerCase().pipe(address))
  .max(10, 'at most 10 addresses')
  .transform((list) => [...new Set(list)])

/** The same list written in one variable, comma-separated. */
export const emailListVariable = z
  .string()
  .transform((v) =>
    v
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
  )
  .pipe(emailList)

/** A sender as mail clients show it: `leads@agency.example` or `Ironwood Fence <leads@agency.example>`. */
export const mailbox = z
  .string()
  .trim()
  .refine((value) => {
    const parsed = addressparser(value, { flatten: true })
    return parsed.length === 1 && address.safeParse(parsed[0]!.address).success
  }, 'an address such as leads@agency.example, or "Name <leads@agency.example>"')

/** The agency's mail server: smtp:// (STARTTLS when offered, port 587 by default) or smtps:// (TLS from the start, 465). */
export const smtpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value)
      return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && !!url.hostname && (url.pathname === '' || url.pathname === '/')
    } catch {
      return false
    }
  }, 'a URL such as smtp://user:password@smtp.example.com:587 or smtps://user:password@smtp.example.com:465 (user and password URL-encoded)')

/** A CRM's "catch hook": an http(s) URL with no credentials in it (the signature proves who sent it). */
export const webhookUrl = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/, message: 'an http:// or https:// URL' }))
  .refine((value) => {
    const url = new URL(value)
    return !url.username && !url.password
  }, 'no user or password in the URL: the signature authenticates each delivery')

/** A Standard Webhooks signing secret: `whsec_` and the base64 of 24 to 64 random bytes. */
export const webhookSecret = z
  .string()
  .trim()
  .refine((value) => {
    const match = /^whsec_([A-Za-z\d+/]+={0,2})$/.exec(value)
    const bytes = match ? Buffer.from(match[1]!, 'base64').length : 0
    return bytes >= 24 && bytes <= 64
  }, 'whsec_ followed by the base64 of 24 to 64 random bytes (e.g. `echo whsec_$(openssl rand -base64 32)`)')

/**
 * The console's public origin (issue 35): the passkeys' relying party is its host name, so it is a name, not
 * an address, and https, but for localhost (browsers treat it as secure: trying the console on one machine).
 */
export const consoleUrl = z
  .string()
  .trim()
  .pipe(z.url({ protocol: /^https?$/ }))
  .transform((value) => new URL(value))
  .refine(
    (url) => url.pathname === '/' && !url.search && !url.hash && !url.username,
    'an origin only, such as https://console.agency.example',
  )
  .refine((url) => url.protocol === 'https:' || url.hostname === 'localhost', 'https, or http://localhost:PORT to try it on this machine')
  .refine((url) => !/^[\d.]+$|^\[/.test(url.hostname), 'a host name, not an IP address: passkeys are bound to a name')
  .transform((url) => url.origin)
