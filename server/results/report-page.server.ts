import type { PageRecord } from '#app/record/schema.ts'
import type { ImageStore } from '../images/image-store.server.ts'
import type { ResultsStorage } from '../storage/storage-contract.server.ts'
import { monthReport } from './month-report.server.ts'
import type { ReportLeads } from './report-leads.server.ts'
import { pngDataUri, servedLook, type ReportLook } from './report-look.server.ts'
import { resultsHtml, type ResultsPageOptions } from './results-report-html.ts'

/**
 * A served site's month as its report page (the share link's page, the console's Results): counted in the
 * site's own days (a month in progress "so far"), in its look, its logo from the image store (no request).
 */
export async function siteReportHtml(
  { results, images }: { results: ResultsStorage; images: ImageStore },
  site: { id: string; timeZone: string; record: PageRecord | null },
  month: string,
  { now, nav, leads }: { now: number; nav?: ResultsPageOptions['nav']; leads?: (lang: ReportLook['lang']) => Promise<ReportLeads> },
): Promise<string> {
  const [report, look] = await Promise.all([
    monthReport(results, site.id, month, { timeZone: site.timeZone, now }),
    servedLook(site.record, site.id, images),
  ])
  return resultsHtml(report, { ...look, logo: look.logoPng && pngDataUri(look.logoPng), nav, leads: await leads?.(look.lang) })
}
