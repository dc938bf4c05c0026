import { defaultTheme, themeVariables, type Theme } from '#app/record/theme.ts'
import { CAMPAIGN_KEYS } from './results-counter.server.ts'
import type { ResultsReport, TotalName, WorkRow } from './results-report.ts'
import { changeText, labelText, reportHeading, WORDS, type ReportLang, type Words } from './results-report-words.ts'
import { type Html, html, selfContainedPage } from '../html/html-template.ts'

/**
 * The month's results as one page for the contractor (issues 30, 37), in the site's language, with its
 * logo and colours (through the contrast guard: app/record/theme.ts): printable (`npm run results --
 * --html`), the share link's page, and the 1st's email. Self-contained as the record report is
 * (server/record/record-report-html.ts): every value escaped, the logo a data URI (the email's a
 * `cid:` part), the chart inline SVG (the email's a PNG part), and a CSP that allows no script and no
 * request. Laid out as mail clients can show it once its styles are inlined (report-email.server.ts):
 * inline blocks that wrap on a phone, tables for tables, plain colours (no variables), media queries
 * only as extras.
 */

export type { ReportLang }
export { monthName } from './results-report-words.ts'

const COLOUR = /^[#\w(),.%\s/-]{1,64}$/
/** Good and bad news, readable on white (WCAG AA): green-700 and red-700. */
const BETTER = '#15803d'
const WORSE = '#b91c1c'
const MUTED = '#475569'

export interface ResultsPageOptions {
  lang: ReportLang
  businessName: string
  /** The record's styles (contrast-guarded here); its own colours without a record. */
  styles?: Theme
  /** The logo as a data URI, or the email's `cid:` part (never the record's URL). */
  logo?: string
  /** The day-by-day chart as an image (`cid:`: mail clients draw no inline SVG); inline SVG without it. */
  chart?: string
  /** Links to the months before and after (the share link's page). */
  nav?: { earlier?: string; later?: string }
  /** The email's button to the whole report (the site's share page). */
  link?: string
}

/** The page's colours: the record's, contrast-guarded, each a plain colour (mail clients know no CSS variables). */
export function reportColours(styles: Theme = defaultTheme) {
  const vars = themeVariables(styles)
  const colour = (name: string, fallback: string) => (COLOUR.test(vars[name] ?? '') ? vars[name]! : fallback)
  return {
    main: colour('--theme-main', defaultTheme.mainColor),
    onMain: colour('--theme-on-main', '#ffffff'),
    ink: colour('--theme-main-ink', defaultTheme.mainColor),
    accent: colour('--theme-secondary-ink', defaultTheme.secondaryColor),
    heading: colour('--theme-heading', defaultTheme.headingTextColor),
    text: colour('--theme-paragraph', defaultTheme.paragraphTextColor),
  }
}
export type ReportColours = ReturnType<typeof reportColours>

/**
 * Visitors as bars, actions and estimate requests as lines over them: one SVG with its colours in its
 * own attributes, so it draws the same inline in the page and as the email's picture (rasterised).
 */
export function dayChartSvg(report: ResultsReport, lang: ReportLang, colours: ReportColours): Html {
  const w = WORDS[lang]
  const [width, height, top, bottom, left] = [700, 180, 10, 24, 34]
  const days = report.days
  const max = Math.max(1, ...days.map((d) => Math.max(d.visitors, d.actions, d.estimates)))
  const step = (width - left) / Math.max(1, days.length)
  const y = (n: number) => top + (height - top - bottom) * (1 - n / max)
  const x = (i: number) => left + step * i + step / 2
  const label = (at: number, baseline: number, anchor: string, value: number) =>
    html`<text
      x="${at.toFixed(1)}"
      y="${baseline.toFixed(1)}"
      text-anchor="${anchor}"
      font-family="Arial, sans-serif"
      font-size="11"
      fill="${MUTED}"
      >${value}</text
    >`
  const line = (values: number[]) => values.map((n, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(n).toFixed(1)}`).join('')
  const bars = days.map(
    (d, i) =>
      html`<rect
        x="${(left + step * i + step * 0.15).toFixed(1)}"
        y="${y(d.visitors).toFixed(1)}"
        width="${(step * 0.7).toFixed(1)}"
        height="${(y(0) - y(d.visitors)).toFixed(1)}"
        fill="${colours.ink}"
        fill-opacity="0.35"
        ><title>${d.day}: ${d.visitors} ${w.legendVisitors}</title></rect
      >`,
  )
  const ticks = days.map((d, i) =>
    i % 5 === 0 || i === days.length - 1 ? label(x(i), height - 6, 'middle', Number(d.day.slice(8))) : html``,
  )
  return html`<svg
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 ${width} ${height}"
    width="${width}"
    height="${height}"
    role="img"
    aria-label="${w.perDay}"
    class="chart"
  >
    <rect width="${width}" height="${height}" fill="#ffffff" />
    <line x1="${left}" x2="${width}" y1="${y(0)}" y2="${y(0)}" stroke="#94a3b8" />
    ${label(left - 6, y(max) + 4, 'end', max)} ${label(left - 6, y(0) + 4, 'end', 0)} ${bars}
    <path d="${line(days.map((d) => d.actions))}" fill="none" stroke="${colours.accent}" stroke-width="2.5" />
    <path d="${line(days.map((d) => d.estimates))}" fill="none" stroke="${colours.heading}" stroke-width="2.5" stroke-dasharray="6 3" />
    ${ticks}
  </svg>`
}

function table(caption: string, head: string[], rows: (string | number)[][], empty: string, note?: string): Html {
  return html`<section>
    <h2>${caption}</h2>
    ${
      rows.length
        ? html`<table role="table" cellpadding="0" cellspacing="0">
            <thead>
              <tr>
                ${head.map((h, i) => html`<th scope="col" class="${i ? 'num' : 'name'}">${h}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${rows.map(
                (cells) =>
                  html`<tr>
                    ${cells.map((c, i) => html`<td class="${i ? 'num' : 'name'}">${c}</td>`)}
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="none">${empty}</p>`
    }
    ${note ? html`<p class="muted">${note}</p>` : html``}
  </section>`
}

/** Visitors and the work they brought, by source or campaign value: calls apart, the other taps together (a phone's width). */
const workTable = (w: Words, caption: string, head: string, rows: [string, WorkRow][], note: string) =>
  table(
    caption,
    [head, w.visitors, w.estimates, w.calls, w.otherTaps],
    rows.map(([name, r]) => [name, r.visitors, r.estimates, r.phone, r.chat + r.email + r.map]),
    w.none,
    note,
  )

export function resultsHtml(report: ResultsReport, { lang, businessName, styles, logo, chart, nav, link }: ResultsPageOptions): string {
  const w = WORDS[lang]
  const colours = reportColours(styles)
  const heading = reportHeading(report, lang, businessName)
  const label = (name: string) => labelText(name, lang)
  const card = (name: TotalName, big: boolean) => {
    const t = report.totals[name]
    const { arrow, amount, verdict } = changeText(t, lang)
    return html`<div class="card ${big ? 'big' : 'small'}">
      <div class="value">${t.month}</div>
      <div class="name">${w.totals[name]}</div>
      <div class="change ${t.trend}">${arrow} ${amount} ${verdict}</div>
      <div class="muted">${w.before(t.previous)} · ${w.onPhone(t.phone)}</div>
    </div>`
  }
  // The campaigns' names first (with "no campaign tag" and "not known"), then the other tags' values.
  const campaigns = CAMPAIGN_KEYS.toReversed().flatMap((key) =>
    report.campaigns[key]
      .filter((c) => key === 'utm_campaign' || !c.name.startsWith('('))
      .slice(0, 10)
      .map((c): [string, WorkRow] => [c.name.startsWith('(') ? label(c.name) : `${w.campaignKeys[key]}: ${c.name}`, c]),
  )
  const month = (href: string | undefined, text: string) => (href ? html`<a href="${href}">${text}</a>` : html``)
  const body = html`<div class="page">
    <header>
      ${logo && /^(data:image\/|cid:)/.test(logo) ? html`<img class="logo" src="${logo}" alt="" />` : html``}
      <div class="titles">
        <h1>${heading.title}</h1>
        <p>${heading.lead} ${heading.soFar ?? ''} ${heading.vs}</p>
        ${link ? html`<p><a class="see-all" href="${link}">${w.seeAll}</a></p>` : html``}
      </div>
    </header>
    <main>
      <section class="cards">${(['visitors', 'phone', 'chat', 'estimates'] as const).map((n) => card(n, true))}</section>
      <section class="cards">
        ${(['views', 'email', 'map', 'social', 'formsStarted', 'formsNotSent'] as const).map((n) => card(n, false))}
      </section>
      <section>
        <h2>${w.perDay}</h2>
        <figure>
          ${chart ? html`<img class="chart" src="${chart}" alt="${w.perDay}" width="700" />` : dayChartSvg(report, lang, colours)}
          <figcaption>
            <span class="legend"><span class="key bar">&nbsp;</span> ${w.legendVisitors}</span>
            <span class="legend"><span class="key actions">&nbsp;</span> ${w.legendActions}</span>
            <span class="legend"><span class="key estimates">&nbsp;</span> ${w.legendEstimates}</span>
          </figcaption>
        </figure>
      </section>
      ${workTable(
        w,
        w.sources,
        w.source,
        report.sources.slice(0, 10).map((s) => [label(s.name), s]),
        w.workNote,
      )}
      ${workTable(w, w.campaigns, w.campaign, campaigns, '')}
      <div class="col first">
        ${table(
          w.pages,
          [w.page, w.views, w.visitors, w.actions],
          report.pages.slice(0, 10).map((p) => [label(p.name), p.views, p.visitors, p.actions]),
          w.none,
        )}
      </div>
      <div class="col">
        ${table(
          w.forms,
          [w.form, w.requests, w.started, w.notSent],
          report.forms.map((f) => [w.formNames[f.name] ?? f.name, f.requests, f.started, f.notSent]),
          w.none,
        )}
      </div>
      <p class="note">${w.note}</p>
      ${nav ? html`<nav class="months">${month(nav.earlier, `← ${w.earlier}`)} ${month(nav.later, `${w.later} →`)}</nav>` : html``}
    </main>
  </div>`
  const { main, onMain, ink, accent, heading: headingColour, text } = colours
  const style = `
body { margin: 0; font: 15px/1.45 Arial, Helvetica, sans-serif; color: ${text}; background: #ffffff; }
.page { max-width: 1100px; margin: 0 auto; }
header { padding: 20px 28px; background: ${main}; color: ${onMain}; }
header h1 { margin: 0 0 4px; font-size: 24px; line-height: 1.2; color: ${onMain}; }
header p { margin: 0; color: ${onMain}; }
.logo { display: inline-block; vertical-align: middle; max-height: 64px; max-width: 160px; background: #ffffff; border-radius: 8px; padding: 6px; margin: 0 20px 8px 0; }
.titles { display: inline-block; vertical-align: middle; max-width: 820px; }
main { display: block; padding: 20px 28px; }
h2 { color: ${headingColour}; font-size: 17px; margin: 22px 0 8px; }
.cards { margin-top: 8px; }
.card { display: inline-block; vertical-align: top; box-sizing: border-box; border: 1px solid #cbd5e1; border-radius: 10px; padding: 10px 12px; margin: 0 8px 10px 0; }
.card.big { width: 240px; min-height: 128px; }
.card.small { width: 160px; min-height: 118px; }
.card .value { font-size: 22px; font-weight: bold; color: ${headingColour}; }
.card.big .value { font-size: 34px; color: ${ink}; }
.card .name { font-weight: bold; color: ${headingColour}; }
.change { font-size: 13px; font-weight: bold; }
.change.better { color: ${BETTER}; }
.change.worse { color: ${WORSE}; }
.change.same { color: ${MUTED}; }
.muted { font-size: 13px; color: ${MUTED}; }
.chart { width: 100%; max-width: 700px; height: auto; display: block; }
figure { margin: 0; }
figcaption { font-size: 13px; margin-top: 4px; }
.legend { display: inline-block; white-space: nowrap; margin-right: 14px; }
.key { display: inline-block; width: 14px; height: 10px; line-height: 10px; font-size: 1px; margin: 0 4px 0 0; vertical-align: middle; }
.key.bar { background: ${ink}; opacity: 0.35; }
.key.actions { border-top: 3px solid ${accent}; height: 0; }
.key.estimates { border-top: 3px dashed ${headingColour}; height: 0; }
.col { display: inline-block; vertical-align: top; width: 100%; max-width: 496px; }
.col.first { margin-right: 40px; }
/* The numbers' columns are as wide as their headings' longest word (headings wrap between words, never inside one);
   the name column takes the rest, at least 7em, and only its long paths and hosts break anywhere. */
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 5px 6px; border-bottom: 1px solid #e2e8f0; }
th { color: ${headingColour}; border-bottom: 2px solid #94a3b8; vertical-align: bottom; overflow-wrap: normal; word-break: normal; hyphens: manual; }
th.name, td.name { width: 100%; min-width: 7em; }
td.name { overflow-wrap: anywhere; word-break: break-word; }
td.num { white-space: nowrap; }
.num { text-align: right; }
.none { color: ${MUTED}; }
.note { margin-top: 24px; font-size: 13px; color: ${MUTED}; }
.months { margin-top: 16px; font-size: 15px; }
.see-all { display: inline-block; margin-top: 8px; padding: 12px 20px; border-radius: 6px; background: #ffffff; color: #0f172a; font-weight: bold; text-decoration: none; }
.months a { color: ${ink}; margin-right: 24px; display: inline-block; padding: 8px 0; }
section, table, tr { break-inside: avoid; }
@media (max-width: 640px) {
  header { padding: 16px !important; }
  main { padding: 12px 16px !important; }
  .card.big, .card.small { width: 47% !important; margin-right: 2% !important; }
  .col.first { margin-right: 0 !important; }
  table { font-size: 13px !important; }
  th, td { padding: 5px 2px !important; }
  th { font-size: 12px !important; }
}
@media print {
  @page { size: A4; margin: 12mm; }
  body { font-size: 12px; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  header { padding: 12px 16px; }
  main { padding: 8px 0; }
  .card.big .value { font-size: 26px; }
  h2 { margin-top: 14px; }
}
`
  return selfContainedPage({ lang, title: heading.title, style, body })
}
