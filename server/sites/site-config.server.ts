import fs from 'node:fs'
import { z } from 'zod'
import { operatorOrigins, type Env } from '../process/env.server.ts'
import { neverReached } from '../outbound/address-policy.server.ts'
import { emailList, optionalUrl, pageId, timeZone, webhookSecret, webhookUrl } from '../process/config-fields.server.ts'

/**
 * Which contractors this process serves. `SITES_FILE` names a JSON list, one entry per site:
 * `[{"hosts": ["ironwood.example", "www.ironwood.example"], "pageId": "…", "siteUrl": "https://ironwood.example"}]`,
 * each optionally with `timeZone`, `leads` (`{"email": [...], "webhooks": [{"url", "secret"}]}`) and
 * `reports` (`{"email": [...]}`). Without it there is one site, from PAGE_ID, SITE_URL, SITE_TIME_ZONE,
 * LEAD_EMAIL, LEAD_WEBHOOK_URL/_SECRET and REPORT_EMAIL, answering any host name.
 */

/** A CRM's endpoint for the site's leads, signed with its own secret (Standard Webhooks). */
export type WebhookDestination = { url: string; secret: string }
export type SiteConfig = {
  /** The site's id: its pageId (leads and visits are stored with it). */
  id: string
  pageId: string
  /** Lower-case host names without port; empty means "any host" (the single-site setup). */
  hosts: string[]
  siteUrl?: string
  /** Per-site provider, when one contractor's record lives elsewhere. */
  pageApiUrl?: string
  /** IANA time zone of the site's days and months (results, reports); SITE_TIME_ZONE when the entry has none. */
  timeZone: string
  /** Where each lead goes besides the record's relay: the contractor's inbox, their CRM. */
  leads: { email: string[]; webhooks: WebhookDestination[] }
  /** Who gets last month's results on the 1st. */
  reports: { email: string[] }
}

/**
 * What a sites file entry falls back to, whether email can be sent at all (SMTP_URL), and the origins the
 * outbound client reaches whatever their address (OUTBOUND_ALLOW_ORIGINS, PAGE_API_URL; each site's provider is added).
 */
/** `deliveries: false`: the lead and report destinations are not checked for use (a command that only reads figures). */
export type SiteDefaults = { timeZone: string; canEmail: boolean; allowOrigins?: string[]; deliveries?: boolean }

/** A lower-case host name without port: what a site may list, and what the TLS ask accepts. */
export const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/

const hostName = z.string().trim().toLowerCase().regex(HOST_NAME, 'a host name such as www.example.com (no scheme, port or path)')

const siteSchema = z.strictObject({
  hosts: z.array(hostName).min(1, 'list at least one host name'),
  pageId,
  siteUrl: optionalUrl,
  pageApiUrl: optionalUrl,
  timeZone: timeZone.optional(),
  leads: z
    .strictObject({
      email: emailList.default([]),
      webhooks: z
        .array(z.strictObject({ url: webhookUrl, secret: webhookSecret }))
        .max(10, 'at most 10 webhooks')
        .default([]),
    })
    .optional(),
  reports: z.strictObject({ email: emailList.default([]) }).optional(),
})

const NO_SMTP = 'emails need the agency\'s mail server: set SMTP_URL and MAIL_FROM (README, "Leads")'

const sitesSchema = ({ canEmail, allowOrigins = [], deliveries = true }: SiteDefaults) =>
  z
    .array(siteSchema)
    .min(1, 'list at least one site')
    .superRefine((sites, ctx) => {
      const hostOwner = new Map<string, number>()
      const pageOwner = new Map<string, number>()
      sites.forEach((site, i) => {
        if (pageOwner.has(site.pageId)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'pageId'],
            message: `pageId "${site.pageId}" is already site #${pageOwner.get(site.pageId)! + 1}; list all its hosts in one entry`,
          })
        }
        pageOwner.set(site.pageId, i)
        if (deliveries && !canEmail)
          for (const part of ['leads', 'reports'] as const)
            if (site[part]?.email.length) ctx.addIssue({ code: 'custom', path: [i, part, 'email'], message: NO_SMTP })
        const reachable = [...allowOrigins, ...sites.flatMap((s) => s.pageApiUrl ?? [])]
        site.leads?.webhooks.forEach(({ url }, w) => {
          const unreachable = deliveries && neverReached(url, reachable)
          if (unreachable) ctx.addIssue({ code: 'custom', path: [i, 'leads', 'webhooks', w, 'url'], message: unreachable })
        })
        site.hosts.forEach((host, h) => {
          if (hostOwner.has(host))
            ctx.addIssue({
              code: 'custom',
              path: [i, 'hosts', h],
              message: `host "${host}" already belongs to site #${hostOwner.get(host)! + 1}`,
            })
          hostOwner.set(host, i)
        })
      })
    })

/** Reads the sites of this process, failing with a readable list of what is wrong in SITES_FILE. */
export function loadSiteConfigs(env: Env, { deliveries = true } = {}): SiteConfig[] {
  const defaults: SiteDefaults = { timeZone: env.SITE_TIME_ZONE, canEmail: !!env.SMTP_URL, allowOrigins: operatorOrigins(env), deliveries }
  if (env.SITES_FILE) return parseSiteConfigs(readJson(env.SITES_FILE), env.SITES_FILE, defaults)
  const single: SiteConfig = {
    id: env.PAGE_ID,
    pageId: env.PAGE_ID,
    hosts: [],
    siteUrl: env.SITE_URL,
    timeZone: env.SITE_TIME_ZONE,
    leads: {
      email: env.LEAD_EMAIL,
      webhooks: env.LEAD_WEBHOOK_URL && env.LEAD_WEBHOOK_SECRET ? [{ url: env.LEAD_WEBHOOK_URL, secret: env.LEAD_WEBHOOK_SECRET }] : [],
    },
    reports: { email: env.REPORT_EMAIL },
  }
  return [single]
}

/** What is wrong with a sites file: one readable problem per site and field. */
export class SitesFileError extends Error {
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`Invalid sites file ${source}:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
  }
}

export function parseSiteConfigs(
  raw: unknown,
  source = 'SITES_FILE',
  defaults: SiteDefaults = { timeZone: 'UTC', canEmail: true },
): SiteConfig[] {
  const result = sitesSchema(defaults).safeParse(raw)
  if (!result.success)
    throw new SitesFileError(
      source,
      result.error.issues.map((i) => `${describePath(i.path, raw)}: ${i.message}`),
    )
  return result.data.map((site) => ({
    id: site.pageId,
    ...site,
    timeZone: site.timeZone ?? defaults.timeZone,
    leads: site.leads ?? { email: [], webhooks: [] },
    reports: site.reports ?? { email: [] },
  }))
}

function readJson(file: string): unknown {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new SitesFileError(file, [`the file cannot be read: ${(error as Error).message}`])
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new SitesFileError(file, [`the file is not valid JSON: ${(error as Error).message}`])
  }
}

/** [1, 'hosts', 0] → 'site #2 ("ironwood") hosts[0]': its place in the list, and its pageId when it has one. */
function describePath(path: PropertyKey[], raw: unknown): string {
  if (path.length === 0) return 'the file'
  const [site, ...rest] = path
  const pageId = Array.isArray(raw) ? (raw[Number(site)] as { pageId?: unknown } | undefined)?.pageId : undefined
  const name = typeof pageId === 'string' && pageId.length <= 100 ? ` (${JSON.stringify(pageId)})` : ''
  return `site #${Number(site) + 1}${name}${rest.map((p) => (typeof p === 'number' ? `[${p}]` : ` ${String(p)}`)).join('')}`
}

/** The site a request's host name belongs to; the single-site setup answers every host. */
export function siteResolver<T extends { config: SiteConfig }>(sites: T[]) {
  const byHost = new Map(sites.flatMap((site) => site.config.hosts.map((host) => [host, site] as const)))
  const anyHost = sites.length === 1 && sites[0]!.config.hosts.length === 0 ? sites[0] : undefined
  return (hostname: string | undefined): T | undefined => anyHost ?? byHost.get(hostOnly(hostname))
}

/** Every host name a site of this set lists (a single site without hosts: its SITE_URL's), for the TLS ask. */
export function listedHosts(configs: SiteConfig[]): Set<string> {
  return new Set(configs.flatMap((c) => (c.hosts.length ? c.hosts : c.siteUrl ? [new URL(c.siteUrl).hostname] : [])))
}

/** "WWW.Example.com:8080" → "www.example.com"; IPv6 literals keep their brackets. */
export function hostOnly(host: string | undefined): string {
  const value = (host ?? '').trim().toLowerCase()
  return value.startsWith('[') ? value.slice(0, value.indexOf(']') + 1) : value.replace(/:\d*$/, '')
}
