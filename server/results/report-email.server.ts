import { randomUUID } from 'node:crypto'
import juice from 'juice'
import sharp from 'sharp'
import type { MailMessage } from '../mail/mailer.server.ts'
import { dayChartSvg, reportColours, resultsHtml } from './results-report-html.ts'
import { resultsText } from './results-report-text.ts'
import { WORDS } from './results-report-words.ts'
import type { ResultsReport } from './results-report.ts'
import type { ReportLeads } from './report-leads.server.ts'
import type { ReportLook } from './report-look.server.ts'

/**
 * The month's report as an email (issue 37): the report's HTML page with its styles inlined (juice:
 * mail clients drop or ignore a page's stylesheet; its media queries stay as a bonus), the logo and
 * the day-by-day chart as pictures inside the message (`cid:`; mail clients draw no inline SVG and
 * load no remote picture), and the same report as plain text. No script, no request.
 */

const LOGO_CID = 'logo@report'
const CHART_CID = 'chart@report'

export interface ReportEmailOptions {
  to: string[]
  /** The sender's domain (MAIL_FROM's): each message's id is `<report.SITE.MONTH.RANDOM@domain>`, its own for every send. */
  domain: string
  /** The site's share link: the HTML's "See the whole report" button, and the end of the text part. */
  link?: string
  /** The month's estimate requests, listed after the figures. */
  leads?: ReportLeads
}

export async function reportEmail(
  report: ResultsReport,
  look: ReportLook,
  { to, domain, link, leads }: ReportEmailOptions,
): Promise<MailMessage> {
  // The phone's drawing (its labels stay readable on a phone; at most 1.5 times as large on a desktop), at three
  // times its size so it stays sharp on a phone's screen.
  const chart = await sharp(Buffer.from(dayChartSvg(report, look.lang, reportColours(look.styles), 'narrow').text), { density: 216 })
    .png()
    .toBuffer()
  // Only a link a mail app can open: a single site without SITE_URL has a path alone.
  const button = link && /^https?:\/\//.test(link) ? link : undefined
  const page = resultsHtml(report, { ...look, logo: look.logoPng && `cid:${LOGO_CID}`, chart: `cid:${CHART_CID}`, link: button, leads })
  const html = juice(page, { preserveMediaQueries: true, removeStyleTags: true, applyWidthAttributes: true, applyHeightAttributes: false })
  const text = resultsText(report, { ...look, leads }, link)
  return {
    to,
    // A month in progress (a preview) says so; each send is its own message (a preview and the 1st's report both arrive).
    subject: `${text.slice(0, text.indexOf('\n'))}${report.through ? ` (${WORDS[look.lang].subjectSoFar})` : ''} (${look.businessName})`,
    text,
    html,
    messageId: `<report.${report.site}.${report.month}.${randomUUID()}@${domain}>`,
    attachments: [
      { cid: CHART_CID, filename: 'day-by-day.png', contentType: 'image/png', content: chart },
      ...(look.logoPng ? [{ cid: LOGO_CID, filename: 'logo.png', contentType: 'image/png', content: look.logoPng }] : []),
    ],
  }
}
