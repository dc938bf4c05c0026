import fs from 'node:fs'
import { z } from 'zod'
import { operatorOrigins, type Env } from '../config/env.server.ts'
import { neverReached } from '../outbound/address-policy.server.ts'
import { emailList, optionalUrl, pageId, timeZone, webhookSecret, webhookUrl } from '../config/config-fields.server.ts'

/**
 * Which contractors this process serves. `SITES_FILE` names a JSON list, one entry per site:
 * `[{"hosts": ["ironwood.example", "www.ironwood.example"], "pageId": "…", "siteUrl": "https://ironwood.example"}]`,
 * each optionally with `timeZone`, `leads` (`{"email": [...], "webhooks": [{"url", "secret"}]}`) and
 * `reports` (`{"email": [...]}`). Without it there is one site, from PAGE_ID, SITE_URL, SITE_TIME_ZONE,
 * LEAD_EMAIL, LEAD_WEBHOOK_URL/_SECRET and REPORT_EMAIL, answering any host name.
 */

/** A CRM's endpoint for the site's leads, signed with its own secret (Standard Webhooks). */
export type WebhookDestination = { url: string; secret: string; oldSecret?: OldSecret }
/** The secret a rotation replaced: it signs beside the new one until `until` (an ISO time), then it goes. */
export type OldSecret = { secret: string; until: string }
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

/** A host name as every site's `hosts` keeps it (trimmed, lower case). */
export const hostName = z.string().trim().toLowerCase().regex(HOST_NAME, 'a host name such as www.example.com (no scheme, port or path)')

export const siteSchema = z.strictObject({
  hosts: z.array(hostName).min(1, 'list at least one host name'),
  pageId,
  siteUrl: optionalUrl,
  pageApiUrl: optionalUrl,
  timeZone: timeZone.optional(),
  leads: z
    .strictObject({
      email: emailList.default([]),
      webhooks: z
        .array(
          z.strictObject({
            url: webhookUrl,
            secret: webhookSecret,
            oldSecret: z.strictObject({ secret: webhookSecret, until: z.iso.datetime({ offset: true }) }).optional(),
          }),
        )
        .max(10, 'at most 10 webhooks')
        .default([]),
    })
    .optional(),
  reports: z.strictObject({ email: emailList.default([]) }).optional(),
})

/** Marks the issues that are another site's claim (a host, a page id), not a wrong value: the API's 409. */
const CONFLICT = { conflict: true }

const NO_SMTP = "emails need the agency's mail server: set SMTP_URL and MAIL_FROM (docs/leads.md)"

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
            params: CONFLICT,
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
              params: CONFLICT,
              path: [i, 'hosts', h],
              message: `host "${host}" already belongs to site #${hostOwner.get(host)! + 1}`,
            })
          hostOwner.set(host, i)
        })
      })
    })

/** What a sites entry falls back to and may reach, from the environment (`deliveries: false`: its destinations unchecked). */
export const siteDefaults = (env: Env, { deliveries = true } = {}): SiteDefaults => ({
  timeZone: env.SITE_TIME_ZONE,
  canEmail: !!env.SMTP_URL,
  allowOrigins: operatorOrigins(env),
  deliveries,
})

/** Reads SITES_FILE, failing with a readable list of what is wrong; without one, the single site of PAGE_ID. */
export function loadSiteConfigs(env: Env, { deliveries = true } = {}): SiteConfig[] {
  if (env.SITES_FILE) return parseSiteConfigs(readSitesFile(env.SITES_FILE), env.SITES_FILE, siteDefaults(env, { deliveries }))
  return [singleSite(env)]
}

/** The one site of PAGE_ID, SITE_URL and the LEAD_… variables, answering any host name. */
export function singleSite(env: Env): SiteConfig {
  return {
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

/** A sites entry as SITES_FILE holds it once checked: what storage keeps and `npm run sites -- export` prints. */
export type SiteEntry = z.output<typeof siteSchema>

/** One thing wrong: the site's place in the list, the field's path inside it, and whether another site claims the value. */
export type SiteIssue = { index: number | null; path: PropertyKey[]; message: string; conflict: boolean }

/** Checks a list of sites entries with the one schema: the entries as checked (hosts lower-cased…), or every issue. */
export function checkSites(raw: unknown, defaults: SiteDefaults): { entries: SiteEntry[] } | { issues: SiteIssue[] } {
  const result = sitesSchema(defaults).safeParse(raw)
  if (result.success) return { entries: result.data }
  return {
    issues: result.error.issues.flatMap((issue) => {
      const [index, ...path] = issue.path
      const place = typeof index === 'number' ? index : null
      const conflict = issue.code === 'custom' && issue.params?.conflict === true
      // An unknown field is named by its own path, as any other wrong field is.
      if (issue.code === 'unrecognized_keys')
        return issue.keys.map((key) => ({ index: place, path: [...path, key], message: 'not a field of a site', conflict }))
      return [{ index: place, path, message: issue.message, conflict }]
    }),
  }
}

/** A checked entry as the process uses it: its id, and the defaults filled in. */
export const toSiteConfig = (site: SiteEntry, defaults: SiteDefaults): SiteConfig => ({
  id: site.pageId,
  ...site,
  timeZone: site.timeZone ?? defaults.timeZone,
  leads: site.leads ?? { email: [], webhooks: [] },
  reports: site.reports ?? { email: [] },
})

export function parseSiteConfigs(
  raw: unknown,
  source = 'SITES_FILE',
  defaults: SiteDefaults = { timeZone: 'UTC', canEmail: true },
): SiteConfig[] {
  const checked = checkSites(raw, defaults)
  if ('issues' in checked)
    throw new SitesFileError(
      source,
      checked.issues.map((i) => `${describePath(i.index === null ? [] : [i.index, ...i.path], raw)}: ${i.message}`),
    )
  return checked.entries.map((site) => toSiteConfig(site, defaults))
}

/** A sites file's JSON, or a SitesFileError saying why it cannot be read. */
export function readSitesFile(file: string): unknown {
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
