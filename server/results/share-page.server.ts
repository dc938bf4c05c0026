import { SELF_CONTAINED_CSP } from '../html/html-template.ts'
import type { ImageStore } from '../images/image-store.server.ts'
import { createByteLru } from '../memory/byte-lru.server.ts'
import type { PageRecord } from '#app/record/schema.ts'
import type { SiteConfig } from '../sites/site-config.server.ts'
import type { ResultsStorage } from '../storage/storage-contract.server.ts'
import { calendarDay } from '../visits/day-keys.server.ts'
import type { DeliverySite } from './report-delivery.server.ts'
import { siteReportHtml } from './report-page.server.ts'
import { monthsBefore, RETENTION_MONTHS } from './results-counter.server.ts'
import { previousMonth } from './results-report.ts'
import { createShareChecker } from './share-link.server.ts'

/**
 * What `GET /reports/<token>[?month=YYYY-MM]` answers on a site's host (server/app.ts): the site's
 * report of that month (its current month, so far, without one), read-only, with links to the months
 * around it, for whoever holds the site's share link (share-link.server.ts). Never cached by anyone
 * (`private, no-store`), never indexed, no referrer sent, and the report page's own CSP: no script,
 * no request. A page is kept a minute per site and month, so a link opened often reads the storage once.
 */

export const SHARE_HEADERS: Readonly<Record<string, string>> = {
  'Cache-Control': 'private, no-store',
  'X-Robots-Tag': 'noindex, nofollow',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': `${SELF_CONTAINED_CSP}; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
}
const KEEP_MS = 60_000
/** The pages kept, all sites together: bounded by bytes (a report with its logo inlined is tens of KB), least recently read out first. */
const KEPT_BYTES = 4 * 1024 * 1024

export interface SharedSite {
  config: SiteConfig
  /** The record the site serves now (null before its first), and its version. */
  record(): { record: PageRecord | null; version: string }
  /** The month's estimate requests, listed on the page (report-leads.server.ts). */
  leads?: DeliverySite['leads']
}

export type ShareAnswer = { status: number; headers: Record<string, string>; body: string; type: 'html' | 'text' }

const nextMonth = (month: string) => monthsBefore(`${month}-01`, -1).slice(0, 7)

export function createSharePages({ results, images, now = Date.now }: { results: ResultsStorage; images: ImageStore; now?: () => number }) {
  const isShared = createShareChecker(results, now)
  const kept = createByteLru<{ body: string; until: number }>({
    maxBytes: KEPT_BYTES,
    sizeOf: (key, page) => key.length + page.body.length,
  })

  return async function sharePage(site: SharedSite, token: string, query: unknown): Promise<ShareAnswer> {
    const refuse = (status: number, body: string): ShareAnswer => ({ status, headers: SHARE_HEADERS, body, type: 'text' })
    if (!(await isShared(site.config.id, token))) return refuse(404, 'No such report.')
    const { timeZone } = site.config
    const today = calendarDay(timeZone)(now())
    const current = today.slice(0, 7)
    const oldest = monthsBefore(today, RETENTION_MONTHS - 1).slice(0, 7)
    const month = query === undefined ? current : query
    if (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month) || month > current || month < oldest)
      return refuse(404, 'No report for this month: a month of the last two years, as YYYY-MM.')

    const { record, version } = site.record()
    const key = `${site.config.id} ${month} ${today} ${version}`
    const page = kept.get(key)
    if (page && page.until > now()) return { status: 200, headers: SHARE_HEADERS, body: page.body, type: 'html' }
    const { leads } = site
    const body = await siteReportHtml({ results, images }, { id: site.config.id, timeZone, record }, month, {
      now: now(),
      leads: leads && ((lang) => leads(month, lang)),
      nav: {
        earlier: month > oldest ? `?month=${previousMonth(month)}` : undefined,
        later: month < current ? `?month=${nextMonth(month)}` : undefined,
      },
    })
    kept.set(key, { body, until: now() + KEEP_MS })
    return { status: 200, headers: SHARE_HEADERS, body, type: 'html' }
  }
}
