import juice from 'juice'
import sharp from 'sharp'
import type { MailMessage } from '../mail/mailer.server.ts'
import { dayChartSvg, reportColours, resultsHtml } from './results-report-html.ts'
import { resultsText } from './results-report-text.ts'
import type { ResultsReport } from './results-report.ts'
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
  /** The sender's domain (MAIL_FROM's): the message's id is `<report.SITE.MONTH@domain>`, the same on every resend. */
  domain: string
  /** The site's share link, said at the end of the text part. */
  link?: string
}

export async function reportEmail(report: ResultsReport, look: ReportLook, { to, domain, link }: ReportEmailOptions): Promise<MailMessage> {
  // Drawn at twice its size, so it stays sharp on a phone's screen.
  const chart = await sharp(Buffer.from(dayChartSvg(report, look.lang, reportColours(look.styles)).text), { density: 144 })
    .png()
    .toBuffer()
  const page = resultsHtml(report, { ...look, logo: look.logoPng && `cid:${LOGO_CID}`, chart: `cid:${CHART_CID}` })
  const html = juice(page, { preserveMediaQueries: true, removeStyleTags: true, applyWidthAttributes: true, applyHeightAttributes: false })
  const text = resultsText(report, look, link)
  return {
    to,
    subject: `${text.slice(0, text.indexOf('\n'))} (${look.businessName})`,
    text,
    html,
    messageId: `<report.${report.site}.${report.month}@${domain}>`,
    attachments: [
      { cid: CHART_CID, filename: 'day-by-day.png', contentType: 'image/png', content: chart },
      ...(look.logoPng ? [{ cid: LOGO_CID, filename: 'logo.png', contentType: 'image/png', content: look.logoPng }] : []),
    ],
  }
}
