import os from 'node:os'
import { z } from 'zod'
import { secretsKeyBytes } from '../storage/secrets-key.server.ts'
import { maskCredentials } from '../observability/mask-credentials.js'
import {
  consoleUrl,
  emailListVariable,
  mailbox,
  optionalUrl,
  pageId,
  smtpUrl,
  timeZone,
  webhookSecret,
  webhookUrl,
} from './config-fields.server.ts'
import { trustProxySchema } from './trust-proxy.server.ts'
import { DEFAULT_DELIVERY_TIMING, type DeliveryTiming } from './delivery-timing.ts'
import { neverReached } from '../outbound/address-policy.server.ts'
import { StartupError } from '../observability/startup-error.js'
import { POSTGRES_DEFAULTS, type PostgresSettings } from '../storage/postgres-settings.ts'

const port = z.coerce.number().int().min(0).max(65535)
const milliseconds = z.coerce
  .number()
  .int()
  .min(10)
  .max(24 * 3600 * 1000)
export const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** SIGTERM: how long pages are still served after /healthz turned 503, before the listener closes (server/process/start.js). */
  DRAIN_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Set → Prometheus metrics (/metrics) and every site's state (/sites) on this port; unset → no metrics listener. */
  METRICS_PORT: port.optional(),
  /** The metrics listener's address: loopback unless the operator opens it wider. */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  PAGE_API_URL: optionalUrl,
  PAGE_ID: pageId.default('demo'),
  RECORD_TTL_SECONDS: z.coerce.number().positive().max(86_400).default(60),
  RECORD_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(5_000),
  /** The largest record answer read from a provider; a bigger one is a provider error (the last good record stays). */
  RECORD_MAX_MB: z.coerce.number().positive().max(100).default(5),
  DATA_DIR: z.string().min(1).default('./data'),
  SITE_URL: optionalUrl,
  /** JSON list of the sites this process serves by host name (server/sites/site-config.server.ts). */
  SITES_FILE: z.string().trim().min(1).optional(),
  /** Upper bound of the rendered-page cache (pre-compressed bytes, all sites together). */
  PAGE_CACHE_MB: z.coerce.number().positive().max(4096).default(64),
  /**
   * Each page carries the stylesheet rules its markup uses and the symbols of the icons it draws, and
   * fetches the stylesheet and the sprite only once the visitor acts (server/pages/first-paint.server.ts,
   * decisions 230 and 231): the first screen painted with what the first round trip brought. Off: pages
   * link both files, smaller pages but one more round trip before the first paint.
   */
  INLINE_PAGE_ASSETS: z.stringbool().default(true),
  /** Upper bound of the sites held in memory (record, derived views, picture manifest), all sites together: the least recently visited leave first. */
  SITE_CACHE_MB: z.coerce.number().positive().max(4096).default(32),
  WEATHER_API_URL: optionalUrl,
  WEATHER_GEOCODING_URL: optionalUrl,
  /** Which proxies in front of us may speak for the visitor: a hop count or addresses/CIDRs (server/config/trust-proxy.server.ts). */
  TRUST_PROXY: trustProxySchema,
  /**
   * Origins on this machine or a private network that record URLs (relay, images) may reach, beside the
   * providers' own: an internal relay or image host. Comma-separated; only scheme, host and port count.
   */
  OUTBOUND_ALLOW_ORIGINS: z
    .string()
    .transform((v, ctx) => {
      const origins: string[] = []
      for (const [i, entry] of v
        .split(',')
        .map((e) => e.trim())
        .entries()) {
        if (!entry) continue
        const origin = allowedOrigin(entry)
        if (origin) origins.push(origin)
        else
          ctx.addIssue({
            code: 'custom',
            message: `entry ${i + 1}, "${entry.slice(0, 100)}", is not an http:// or https:// address (e.g. http://10.0.0.5:8025)${/^smtps?:/i.test(entry) ? '; the mail server (SMTP_URL) needs no listing here' : ''}`,
          })
      }
      return origins
    })
    .default([]),
  /** Disk the record images' variants may take under DATA_DIR/images (with DATABASE_URL: the cache under DATA_DIR/image-cache). */
  IMAGE_DISK_MB: z.coerce.number().positive().default(2048),
  /** With DATABASE_URL: the variant bytes the fleet keeps in PostgreSQL; past it no new photo is encoded. */
  IMAGE_DATABASE_MB: z.coerce.number().positive().default(4096),
  /** With DATABASE_URL: how long an origin holds a photo it took to encode; if it dies, another takes it after this. */
  IMAGE_LEASE_SECONDS: z.coerce.number().positive().max(3600).default(60),
  /** How long fetching one record image may take. */
  IMAGE_TIMEOUT_MS: z.coerce.number().int().positive().max(300_000).default(20_000),
  /** Contact-form posts one client IP may make per 10 minutes. */
  CONTACT_RATE_LIMIT: z.coerce.number().int().positive().max(10_000).default(5),
  /** Visit-counter posts one client IP may make per 10 minutes (one per page view; a client counts once a day anyway). */
  VISITS_RATE_LIMIT: z.coerce.number().int().positive().max(1_000_000).default(60),
  /** Results beacons (a page view, a tap, a form started) one client IP may send per 10 minutes. */
  RESULTS_RATE_LIMIT: z.coerce.number().int().positive().max(1_000_000).default(120),
  /** Unset → SQLite in DATA_DIR; set → leads and their outbox, visits and limits in this PostgreSQL, shared by every instance. */
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/\S+$/, 'a postgres://user:password@host:5432/database URL')
    .optional(),
  /** This origin's name among those sharing DATABASE_URL: /healthz says which one fetched each record (default: originName()). */
  ORIGIN_NAME: z.string().trim().min(1).max(200).optional(),
  /** With DATABASE_URL: the pool's connections for everything this process does; the listening connection is one more. */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(POSTGRES_DEFAULTS.poolMax),
  /** With DATABASE_URL: how long PostgreSQL may take to connect or answer; past it the database counts as away. */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(POSTGRES_DEFAULTS.timeoutMs),
  /** The lead outbox's clock, for every destination (server/leads/delivery-outbox.server.ts); shorter values only make sense in tests. */
  RELAY_TIMEOUT_MS: milliseconds.default(DEFAULT_DELIVERY_TIMING.timeoutMs),
  RELAY_RETRY_BASE_MS: milliseconds.default(DEFAULT_DELIVERY_TIMING.retryBaseMs),
  RELAY_RETRY_CAP_MS: milliseconds.default(DEFAULT_DELIVERY_TIMING.retryCapMs),
  RELAY_POLL_MS: milliseconds.default(DEFAULT_DELIVERY_TIMING.pollMs),
  /** The agency's mail server, for lead emails and monthly reports (server/mail/); unset → no email is sent. */
  SMTP_URL: smtpUrl.optional(),
  /** The sender of every email: `leads@agency.example` or `Agency <leads@agency.example>`. */
  MAIL_FROM: mailbox.optional(),
  /** A site's days and months (results, reports) are its own: the single site's zone, and any site's without `timeZone`. */
  SITE_TIME_ZONE: timeZone.default('UTC'),
  /** The single site's lead destinations besides the relay (with SITES_FILE: `leads` per site). */
  LEAD_EMAIL: emailListVariable.default([]),
  LEAD_WEBHOOK_URL: webhookUrl.optional(),
  LEAD_WEBHOOK_SECRET: webhookSecret.optional(),
  /** Seals the stored sites' webhook secrets (AES-256-GCM): 32 bytes as hex or base64; needed once a stored site has a webhook. */
  SECRETS_KEY: z
    .string()
    .trim()
    .refine((v) => secretsKeyBytes(v) !== null, '32 random bytes as 64 hex digits or base64 (`openssl rand -base64 32`)')
    .optional(),
  /** The single site's monthly report recipients (with SITES_FILE: `reports` per site). */
  REPORT_EMAIL: emailListVariable.default([]),
  /** The agency's console (server/console/): its own listener; unset → no console. */
  CONSOLE_PORT: port.optional(),
  /** The console's address: loopback, behind the TLS proxy on the same machine, unless the operator opens it. */
  CONSOLE_HOST: z.string().min(1).default('127.0.0.1'),
  /** The console's public origin: the passkeys' relying party and every link it prints (default http://localhost:CONSOLE_PORT). */
  CONSOLE_URL: consoleUrl.optional(),
  /** The proxies in front of the console (the TLS proxy alone: 1), as TRUST_PROXY is the site's. */
  CONSOLE_TRUST_PROXY: trustProxySchema,
  /** Sign-in and invitation attempts one client may make per 10 minutes. */
  CONSOLE_RATE_LIMIT: z.coerce.number().int().positive().max(10_000).default(20),
  /** Leads older than this many days are erased every day (a tombstone keeps site and time); unset: kept. */
  LEAD_RETENTION_DAYS: z.coerce.number().int().positive().max(36_500).optional(),
  /** Requests one API token may make per minute (the console's /api/v1). */
  CONSOLE_API_RATE_LIMIT: z.coerce.number().int().positive().max(1_000_000).default(600),
})

/**
 * Settings that only make sense together. `deliveries`: whether the lead and report destinations must be
 * usable (the server); a command that only reads figures (`npm run results`) does not send to them.
 */
const checkedEnvSchema = (deliveries: boolean) =>
  envSchema.superRefine((env, ctx) => {
    const problem = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
    if (!!env.LEAD_WEBHOOK_URL !== !!env.LEAD_WEBHOOK_SECRET)
      problem(env.LEAD_WEBHOOK_URL ? 'LEAD_WEBHOOK_SECRET' : 'LEAD_WEBHOOK_URL', 'LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET go together')
    if (env.SMTP_URL && !env.MAIL_FROM) problem('MAIL_FROM', 'needed with SMTP_URL: the address emails are sent from')
    const unreachable = deliveries && env.LEAD_WEBHOOK_URL && neverReached(env.LEAD_WEBHOOK_URL, operatorOrigins(env))
    if (unreachable) problem('LEAD_WEBHOOK_URL', unreachable)
    for (const name of ['LEAD_EMAIL', 'REPORT_EMAIL'] as const)
      if (deliveries && env[name].length && !env.SMTP_URL) problem(name, "emails need the agency's mail server: set SMTP_URL and MAIL_FROM")
    if (env.CONSOLE_PORT === 0) problem('CONSOLE_PORT', 'a fixed port: the console’s links and passkeys name it (CONSOLE_URL)')
    if (env.SITES_FILE)
      for (const name of ['LEAD_EMAIL', 'LEAD_WEBHOOK_URL', 'REPORT_EMAIL'] as const)
        if (env[name]?.length) problem(name, `the single site's setting: with SITES_FILE, give each site its own ("leads", "reports")`)
  })

export type Env = z.infer<typeof envSchema>

/** Origins the outbound client reaches whatever their address (besides each site's own provider): the operator's list and PAGE_API_URL. */
export const operatorOrigins = (env: Pick<Env, 'OUTBOUND_ALLOW_ORIGINS' | 'PAGE_API_URL'>) => [
  ...env.OUTBOUND_ALLOW_ORIGINS,
  ...(env.PAGE_API_URL ? [env.PAGE_API_URL] : []),
]

/** Parses the environment once, failing with a readable list of every wrong variable (one line: a start-up error). */
/** An entry of OUTBOUND_ALLOW_ORIGINS as the origin it allows (scheme, host and port), or null when it is not an http(s) URL. */
function allowedOrigin(entry: string): string | null {
  if (!URL.canParse(entry)) return null
  const url = new URL(entry)
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env, { deliveries = true } = {}): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''))
  const result = checkedEnvSchema(deliveries).safeParse(present)
  if (result.success) return result.data
  // A secret's value is never echoed; a URL's password is masked, even in a URL too broken to be read as one (`smtp//user:pass@host`).
  const shown = (name: string, text: string) => {
    const at = text.lastIndexOf('@')
    const colon = text.indexOf(':', text.lastIndexOf('/', at) + 1)
    return /_URL$/.test(name) && colon >= 0 && colon < at ? `${text.slice(0, colon)}:***${text.slice(at)}` : text
  }
  const got = (name: string) =>
    /SECRET/.test(name) ? '' : ` (got ${maskCredentials(shown(name, JSON.stringify(present[name]) ?? 'nothing'))})`
  const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}${got(String(i.path[0]))}`)
  throw new StartupError(`Invalid environment configuration: ${problems.join('; ')}. Fix these variables (docs/configuration.md).`)
}

export const relayTiming = (env: Env): DeliveryTiming => ({
  timeoutMs: env.RELAY_TIMEOUT_MS,
  retryBaseMs: env.RELAY_RETRY_BASE_MS,
  retryCapMs: env.RELAY_RETRY_CAP_MS,
  pollMs: env.RELAY_POLL_MS,
})

/** How this process talks to PostgreSQL: its pool, its timeout, and its name in pg_stat_activity (the origin's). */
export const postgresSettings = (env: Env): PostgresSettings => ({
  poolMax: env.DATABASE_POOL_MAX,
  timeoutMs: env.DATABASE_TIMEOUT_MS,
  applicationName: `tradesite ${originName(env)}`,
})

/** ORIGIN_NAME, or this machine and port (an origin restarted keeps its name); the process id when the port is chosen at random (0). */
export const originName = (env: Pick<Env, 'ORIGIN_NAME' | 'PORT'>) =>
  env.ORIGIN_NAME ?? `${os.hostname()}:${env.PORT || `pid${process.pid}`}`
