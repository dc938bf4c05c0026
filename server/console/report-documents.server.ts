import { CONSOLE_REPORT_CSP } from '../http/security-headers.server.ts'
import type { ImageStore } from '../images/image-store.server.ts'
import { storedPicture } from '../images/stored-picture.server.ts'
import { reportHtml } from '../record/record-report-html.ts'
import { calendarDay } from '../visits/day-keys.server.ts'
import { siteReportHtml } from '../results/report-page.server.ts'
import { previousMonth } from '../results/results-report.ts'
import type { AppServices, Site } from '../services.server.ts'

/**
 * The record report and the month's results in the console (issue 35), drawn by their one renderer each —
 * the pages `npm run record -- check --html` and `npm run results -- --html` write — from the server's live
 * record, its stored pictures and the shared storage. Each is a self-contained document (no script, no
 * request) that a console page shows in a sandboxed frame.
 */

/** The current month and the 24 before it (results are kept 25 months), newest first, in the site's own days. */
export function resultMonths(site: Site, now: number): string[] {
  const months = [calendarDay(site.config.timeZone)(now).slice(0, 7)]
  while (months.length < 25) months.push(previousMonth(months.at(-1)!))
  return months
}

/** A self-contained report page as the console answers it: its own CSP, framed by the console only. */
const documentResponse = (html: string) =>
  new Response(html, { headers: { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': CONSOLE_REPORT_CSP } })

/** A stored picture as a small WebP data URI (the report pages make no request); undefined while it has no variants. */
async function pictureDataUri(images: ImageStore, site: string, url: string, width: number): Promise<string | undefined> {
  const bytes = await storedPicture(images, site, url, {
    pickWidth: (widths) => widths.find((w) => w >= width) ?? widths.at(-1)!,
    format: 'webp',
  })
  return bytes ? `data:image/webp;base64,${bytes.toString('base64')}` : undefined
}

export async function resultsDocument(services: AppServices, site: Site, month: string, now: number): Promise<Response> {
  const { origin, record } = site.records.current()
  const served = { id: site.id, timeZone: site.config.timeZone, record: origin === 'empty' ? null : record }
  const { leads } = site.delivery
  return documentResponse(
    await siteReportHtml({ results: services.storage.results, images: services.images }, served, month, {
      now,
      leads: leads && ((lang) => leads(month, lang)),
    }),
  )
}

export async function recordDocument(services: AppServices, site: Site): Promise<Response> {
  const report = site.report.report()
  const thumbnails = new Map<string, string>()
  for (const image of report.images) {
    const uri = await pictureDataUri(services.images, site.id, image.url, 160)
    if (uri) thumbnails.set(image.url, uri)
  }
  return documentResponse(reportHtml({ ...report, counts: site.report.counts() }, thumbnails))
}

/** Add a site's preview: the record report of a record fetched now, its pictures not fetched yet (no thumbnails). */
export const previewDocument = (report: Parameters<typeof reportHtml>[0]) => documentResponse(reportHtml(report, new Map()))
