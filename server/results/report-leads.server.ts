import type { Lang } from '#app/i18n/strings.ts'
import { arrivalWords, oneLine } from '../leads/lead-facts.server.ts'
import type { LeadStore } from '../storage/lead-store.server.ts'
import { dayEnd } from '../visits/day-keys.server.ts'
import { daysOf, previousMonth } from './results-report.ts'

/**
 * The month's estimate requests as the report lists them (issue 45): the first ten by name, service and
 * where their visit began, then how many more (the console has them all). A name is the first name and
 * the last name's initial ("Grace H."): the share link's page is a bearer link the contractor may forward,
 * and that is enough to know whom to call back. Read from the lead store, never kept with the results'
 * aggregates (the JSON and CSV of `npm run results` carry no lead).
 */

export const LISTED_LEADS = 10

export interface ReportLead {
  name: string
  service: string
  /** Where its visit began, in words; null when not known. */
  source: string | null
}

export interface ReportLeads {
  leads: ReportLead[]
  /** Stored that month beyond the listed ones. */
  more: number
  /** The site's leads in the console (CONSOLE_URL), for "and N more"; null without a console. */
  consoleUrl: string | null
}

/** "Grace Hopper" → "Grace H."; one line, whatever was typed. */
export const shortName = (first: string, last: string) =>
  oneLine(`${oneLine(first)} ${[...oneLine(last)][0] ? `${[...oneLine(last)][0]!.toUpperCase()}.` : ''}`)

/** The site's leads stored in `month` (its own days, `timeZone`), oldest first. */
export async function monthLeads(
  store: Pick<LeadStore, 'leadsFrom' | 'countLeads'>,
  { site, month, timeZone, lang, consoleUrl }: { site: string; month: string; timeZone: string; lang: Lang; consoleUrl: string | null },
): Promise<ReportLeads> {
  const start = dayEnd(timeZone, daysOf(previousMonth(month)).at(-1)!)
  const end = dayEnd(timeZone, daysOf(month).at(-1)!)
  // Erased leads keep their row (a tombstone): read a few more than listed, list only those with a name, and count
  // "and N more" among the leads not erased (a tombstone is no lead the contractor could call back).
  const [rows, kept] = await Promise.all([store.leadsFrom(site, start, LISTED_LEADS * 3), store.countLeads(site, start, end)])
  const listed = rows.filter((row) => row.createdAt < end && !row.erased).slice(0, LISTED_LEADS)
  return {
    leads: listed.map((row) => ({
      name: shortName(row.lead.firstName, row.lead.lastName),
      service: oneLine(row.lead.service),
      source: arrivalWords(row.arrival, lang),
    })),
    more: Math.max(0, kept - listed.length),
    consoleUrl: consoleUrl
      ? new URL(`sites/${encodeURIComponent(site)}/leads`, consoleUrl.endsWith('/') ? consoleUrl : `${consoleUrl}/`).href
      : null,
  }
}
