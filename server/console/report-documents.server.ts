import fs from 'node:fs/promises'
import path from 'node:path'
import { langOf } from '#app/i18n/strings.ts'
import { parseLocalImage, variantWidths } from '#app/ui/image-variants.ts'
import { monthReport } from '../cli/results-cli.ts'
import { CONSOLE_REPORT_CSP } from '../http/security-headers.server.ts'
import type { ImageStore } from '../images/image-store.server.ts'
import { reportHtml } from '../record/record-report-html.ts'
import { calendarDay } from '../results/day-keys.server.ts'
import { resultsHtml } from '../results/results-report-html.ts'
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
async function pictureDataUri(images: ImageStore, url: string, width: number): Promise<string | undefined> {
  const local = parseLocalImage(images.localSrc(url) ?? '')
  if (!local) return undefined
  const widths = variantWidths(local.width)
  const file = await images.variantFile(local.hash, `${widths.find((w) => w >= width) ?? widths.at(-1)}.webp`)
  if (!file) return undefined
  const bytes = await fs.readFile(path.join(images.root, file)).catch(() => null)
  return bytes ? `data:image/webp;base64,${bytes.toString('base64')}` : undefined
}

export async function resultsDocument(services: AppServices, site: Site, month: string): Promise<Response> {
  const { record } = site.records.current()
  const report = await monthReport(services.storage.results, site.id, month)
  const logo = record.dbPrincipal.logo ? await pictureDataUri(services.images, record.dbPrincipal.logo, 320) : undefined
  return documentResponse(
    resultsHtml(report, {
      lang: langOf(record.labels.formLabel),
      businessName: record.dbPrincipal.name || site.id,
      styles: record.styles,
      logo,
    }),
  )
}

export async function recordDocument(services: AppServices, site: Site): Promise<Response> {
  const report = site.report.report()
  const thumbnails = new Map<string, string>()
  for (const image of report.images) {
    const uri = await pictureDataUri(services.images, image.url, 160)
    if (uri) thumbnails.set(image.url, uri)
  }
  return documentResponse(reportHtml({ ...report, counts: site.report.counts() }, thumbnails))
}
