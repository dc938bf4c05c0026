import { DELIVERY_KINDS, type DeliveryKind } from '../storage/lead-store.server.ts'
import type { StoredRecordSummary } from '../storage/storage-contract.server.ts'
import { calendarDay } from '../visits/day-keys.server.ts'
import { daysOf, previousMonth } from '../results/results-report.ts'
import { originName } from '../config/env.server.ts'
import type { AppServices, Site } from '../services.server.ts'

/**
 * Every site's health at a glance, for the console's Sites page (issue 35): its record (where it came from,
 * when, by which origin), the record report's counts, its leads of the last 7 days and those waiting or
 * failed (two grouped queries for any number of sites: nothing here reads a lead); and, for the sites a page
 * shows, their visitors and estimate requests this month against the same days of last month (one query).
 */

const WEEK_MS = 7 * 24 * 3600 * 1000
const DAY_MS = 24 * 3600 * 1000
/** The results metrics the page sums (server/results/results-counter.server.ts). */
const VISITORS = 'visitors'
const ESTIMATES = 'estimate'

export type MonthFigure = { month: number; previous: number }

export interface SiteSummary {
  id: string
  /** The business name the record gives, else the site's id. */
  name: string
  hosts: string[]
  /** Whether this origin holds the site now; one it does not hold has not been read here since it was let go, or since start. */
  held: boolean
  record: { source: string; fetchedAt: string | null; fetchedBy: string | null; lastError: string | null }
  /** null: the record was not read on this origin since start (it is on the site's next visit). */
  report: { hidden: number; adjusted: number; refused: number; imagesFailed: number } | null
  /** Leads stored in the last 7 days; deliveries (relay, email, webhooks) waiting, held and given up, and the kinds given up. */
  leads: { lastWeek: number; waiting: number; held: number; failed: number; failedKinds: DeliveryKind[] }
  /** Why the site wants a look, in words; empty when all is well. */
  attention: string[]
}

export interface SiteResults {
  /** This month so far (the site's own days) and the same days of the month before. */
  visitors: MonthFigure
  estimates: MonthFigure
  /** Visitors on each day of this month so far: the chart. */
  days: { day: string; visitors: number }[]
}

export async function siteSummaries(services: AppServices, sites: Site[], now: number): Promise<SiteSummary[]> {
  const { leads } = services.storage
  const [counts, lastWeek, copies] = await Promise.all([
    leads.deliveryCounts({ undelivered: true }),
    leads.leadsSince(now - WEEK_MS),
    fleetCopies(services, sites),
  ])
  const leadsBySite = group(counts, (c) => c.site)
  const weekBySite = new Map(lastWeek.map((w) => [w.site, w.count]))
  return sites.map((site) => {
    const held = site.isHeld()
    // This origin's view of the site, without holding it (its pictures' state is not listed here).
    const here = site.summary()
    const copy = held ? undefined : copies.get(site.records.endpoint)
    // A site this origin does not hold may have a newer record in the fleet (another origin serves it): that one is the site's.
    const fleetIsNewer = copy && (here.origin === 'empty' || copy.fetchedAt > (here.fetchedAt ?? ''))
    const record = fleetIsNewer
      ? { source: 'fleet', fetchedAt: copy.fetchedAt, fetchedBy: copy.fetchedBy, lastError: null }
      : { source: here.origin, fetchedAt: here.fetchedAt, fetchedBy: here.fetchedBy ?? null, lastError: here.lastError }
    const siteCounts = leadsBySite.get(site.id) ?? []
    const state = (name: string) => siteCounts.filter((c) => c.state === name).reduce((n, c) => n + c.count, 0)
    const failedKinds = DELIVERY_KINDS.filter((kind) => siteCounts.some((c) => c.kind === kind && c.state === 'failed'))
    const summary: SiteSummary = {
      id: site.id,
      name: (fleetIsNewer && copy.name) || here.name || site.id,
      hosts: site.config.hosts,
      held,
      record,
      report: here.counts,
      leads: {
        lastWeek: weekBySite.get(site.id) ?? 0,
        waiting: state('pending'),
        held: state('held'),
        failed: state('failed'),
        failedKinds,
      },
      attention: [],
    }
    summary.attention = attentionOf(summary)
    return summary
  })
}

/** The results of the sites a page shows: this month so far in each site's own days, the same days of last month, and the chart. */
export async function siteResults(services: AppServices, sites: Site[], now: number): Promise<Map<string, SiteResults>> {
  // Every site's month lies within a day of UTC's: one range covers every time zone's last month and this one.
  const from = `${previousMonth(new Date(now - DAY_MS).toISOString().slice(0, 7))}-01`
  const to = new Date(now + DAY_MS).toISOString().slice(0, 10)
  const totals = await services.storage.results.dailyTotals(
    sites.map((s) => s.id),
    [VISITORS, ESTIMATES],
    from,
    to,
  )
  const totalsBySite = group(totals, (t) => t.site)
  return new Map(
    sites.map((site) => {
      const today = calendarDay(site.config.timeZone)(now)
      const month = today.slice(0, 7)
      const dayOfMonth = Number(today.slice(8))
      // The same days of last month: the 1st to today's number (its last day when shorter).
      const previousDays = new Set(daysOf(previousMonth(month)).slice(0, dayOfMonth))
      const rows = totalsBySite.get(site.id) ?? []
      const sum = (metric: string, inPeriod: (day: string) => boolean) =>
        rows.filter((t) => t.metric === metric && inPeriod(t.day)).reduce((n, t) => n + t.n, 0)
      const figure = (metric: string): MonthFigure => ({
        month: sum(metric, (day) => day.startsWith(month) && day <= today),
        previous: sum(metric, (day) => previousDays.has(day)),
      })
      const visitorsOn = new Map(rows.filter((t) => t.metric === VISITORS).map((t) => [t.day, t.n]))
      const days = daysOf(month)
        .slice(0, dayOfMonth)
        .map((day) => ({ day, visitors: visitorsOn.get(day) ?? 0 }))
      return [site.id, { visitors: figure(VISITORS), estimates: figure(ESTIMATES), days }]
    }),
  )
}

/**
 * The fleet's copies of the records of the sites this origin does not hold (with thousands of sites, most of them; each
 * origin holds its share), in one query without their bodies: the console shows the site, not this origin's view of it.
 * None without a fleet, or while its database does not answer (this origin's own view is shown then).
 */
async function fleetCopies(services: AppServices, sites: Site[]): Promise<Map<string, StoredRecordSummary>> {
  const { fleet } = services
  const endpoints = [...new Set(sites.filter((site) => !site.isHeld()).map((site) => site.records.endpoint))]
  if (!fleet || fleet.state().mode !== 'on' || !endpoints.length) return new Map()
  try {
    return new Map((await fleet.store.summaries(endpoints)).map((copy) => [copy.endpoint, copy]))
  } catch {
    // The database not answering is the fleet's to tell (its ticks log it once); the page shows this origin's view meanwhile.
    return new Map()
  }
}

/** What a site's row flags, most urgent first. */
function attentionOf({ held, record, report, leads }: SiteSummary): string[] {
  const reasons: string[] = []
  if (leads.failed)
    reasons.push(`${leads.failed} ${leads.failed === 1 ? 'delivery' : 'deliveries'} given up (${leads.failedKinds.join(', ')})`)
  if (leads.held) reasons.push(`${leads.held} lead(s) held: the record has no relay address`)
  // Not held and never fetched: nobody visited it since it was added (or since start); its first visitor fetches it.
  if (record.source === 'empty') {
    if (held) reasons.push('no record yet: the site shows its empty layout')
  } else if (record.lastError) reasons.push('the provider does not answer: the last good record is served')
  if (report && (report.hidden || report.refused || report.imagesFailed))
    reasons.push('the record report has blocks hidden, values refused or pictures failed')
  return reasons
}

/**
 * The origins serving these sites: this one (with DATABASE_URL, its fleet mode) and every origin named as a
 * record's fetcher, with how many sites' records it fetched and when it last did.
 */
export function fleetOrigins(services: AppServices, sites: Site[]) {
  const here = services.fleet?.state().origin ?? originName(services.env)
  const mode = services.fleet ? services.fleet.state().mode : 'single'
  const origins = new Map<string, { name: string; sites: number; lastFetchAt: string | null; here: boolean }>()
  origins.set(here, { name: here, sites: 0, lastFetchAt: null, here: true })
  for (const site of sites) {
    const { fetchedBy, fetchedAt } = site.summary()
    const name = fetchedBy ?? (fetchedAt ? here : null)
    if (!name) continue
    const origin = origins.get(name) ?? origins.set(name, { name, sites: 0, lastFetchAt: null, here: false }).get(name)!
    origin.sites++
    if (fetchedAt && (!origin.lastFetchAt || fetchedAt > origin.lastFetchAt)) origin.lastFetchAt = fetchedAt
  }
  return { mode, storage: services.storage.kind, origins: [...origins.values()] }
}

function group<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>()
  for (const item of items) {
    const list = map.get(key(item))
    if (list) list.push(item)
    else map.set(key(item), [item])
  }
  return map
}
