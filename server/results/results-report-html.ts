import { plural } from '#app/i18n/plural.ts'
import { defaultTheme, themeVariables, type Theme } from '#app/record/theme.ts'
import type { ReportLeads } from './report-leads.server.ts'
import type { ResultsReport, TotalName, WorkRow } from './results-report.ts'
import { changeText, labelText, lastYearText, pageTitle, reportHeading, WORDS, workWords, type ReportLang } from './results-report-words.ts'
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
/**
 * Good and bad news in fixed colours, never the record's (a brand in red or green would say "worse" or "better"
 * by itself), with the arrow and the word too: green-700 and red-700 on white (WCAG AA, 5.0:1 and 6.5:1). The big
 * figures are neutral ink, so no brand colour sits beside them.
 */
const BETTER = '#15803d'
const WORSE = '#b91c1c'
const MUTED = '#475569'
const INK = '#0f172a'

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
  /** The month's estimate requests (report-leads.server.ts): listed after the figures; none without. */
  leads?: ReportLeads
  /** Page titles by path from the record (its services' and landings' names); the fixed pages are named in words. */
  pageTitles?: Readonly<Record<string, string>>
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
 * The y axis's ticks for a highest value of `max`: 0, a middle one and the top, on round whole steps (1, 2, 2.5
 * or 5 × 10ⁿ), two or four of them so that the middle is always one, with the lowest top that holds `max`.
 */
export function yTicks(max: number): number[] {
  const nice = (at: number) => {
    if (at <= 1) return 1
    const power = 10 ** Math.floor(Math.log10(at))
    return [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= at && Number.isInteger(s))!
  }
  const [steps, step] = [4, 2]
    .map((n) => [n, nice(max / n)] as const)
    .reduce((best, option) => (option[0] * option[1] < best[0] * best[1] ? option : best))
  return Array.from({ length: steps + 1 }, (_, i) => i * step)
}

/** The chart's drawings: `wide` for a desktop's page, `narrow` for a phone's width and the email's picture. */
export const CHART_SIZES = {
  wide: { width: 700, height: 190, font: 12 },
  narrow: { width: 360, height: 200, font: 12 },
} as const
export type ChartSize = keyof typeof CHART_SIZES

/**
 * Visitors as bars, actions and estimate requests as lines over them: one SVG with its colours in its
 * own attributes, so it draws the same inline in the page and as the email's picture (rasterised). Its
 * labels are `font` units in a drawing shown at its own width (the narrow one on a phone), so they stay
 * that many pixels: never shrunk to a few pixels by a wide drawing scaled down to a phone.
 */
export function dayChartSvg(report: ResultsReport, lang: ReportLang, colours: ReportColours, size: ChartSize = 'wide'): Html {
  const w = WORDS[lang]
  const { width, height, font } = CHART_SIZES[size]
  const days = report.days
  const ticks = yTicks(Math.max(0, ...days.map((d) => Math.max(d.visitors, d.actions, d.estimates))))
  const max = ticks.at(-1)!
  const left = Math.ceil(String(max).length * font * 0.62) + 10
  const [top, bottom] = [font, font + 10]
  const step = (width - left) / Math.max(1, days.length)
  const y = (n: number) => top + (height - top - bottom) * (1 - n / max)
  const x = (i: number) => left + step * i + step / 2
  const label = (at: number, baseline: number, anchor: string, value: number) =>
    html`<text
      x="${at.toFixed(1)}"
      y="${baseline.toFixed(1)}"
      text-anchor="${anchor}"
      font-family="Arial, sans-serif"
      font-size="${font}"
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
  // Days every 5th (every 7th on a phone's drawing, where the labels would touch), and the last.
  const every = size === 'narrow' ? 7 : 5
  const dayTicks = days.map((d, i) =>
    i % every === 0 || i === days.length - 1 ? label(x(i), height - 4, 'middle', Number(d.day.slice(8))) : html``,
  )
  const grid = ticks.map(
    (t) =>
      html`<line x1="${left}" x2="${width}" y1="${y(t).toFixed(1)}" y2="${y(t).toFixed(1)}" stroke="${t ? '#e2e8f0' : '#94a3b8'}" />
        ${label(left - 6, y(t) + font * 0.35, 'end', t)}`,
  )
  return html`<svg
    xmlns="http://www.w3.org/2000/svg"
    viewBox="0 0 ${width} ${height}"
    width="${width}"
    height="${height}"
    role="img"
    aria-label="${w.perDay}"
    class="chart ${size}"
  >
    <rect width="${width}" height="${height}" fill="#ffffff" />
    ${grid} ${bars}
    <path d="${line(days.map((d) => d.actions))}" fill="none" stroke="${colours.accent}" stroke-width="2.5" />
    <path d="${line(days.map((d) => d.estimates))}" fill="none" stroke="${colours.heading}" stroke-width="2.5" stroke-dasharray="6 3" />
    ${dayTicks}
  </svg>`
}

/**
 * A column: its heading and what its cells hold (`name`: the row's name, taking the room left; `text`: a short
 * text; `words`: figures in words, kept wide enough to read; `num`: a figure).
 */
type Column = { head: string; kind: 'name' | 'text' | 'words' | 'num' }

function table(caption: string, columns: Column[], rows: (string | number | Html)[][], empty: string, note?: string | Html): Html {
  return html`<section>
    <h2>${caption}</h2>
    ${
      rows.length
        ? html`<table role="table" cellpadding="0" cellspacing="0">
            <thead>
              <tr>
                ${columns.map((c) => html`<th scope="col" class="${c.kind}">${c.head}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${rows.map(
                (cells) =>
                  html`<tr>
                    ${cells.map((c, i) => html`<td class="${columns[i]!.kind}">${c}</td>`)}
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="none">${empty}</p>`
    }
    ${note ? html`<p class="muted">${note}</p>` : html``}
  </section>`
}

/** What a row brought, each figure its own and counted in words ("1 call, 2 chats"), each kept together where it fits. */
const brought = (r: WorkRow, lang: ReportLang): Html => {
  const parts = workWords(r, lang)
  if (!parts.length) return html`${WORDS[lang].nothing}`
  // A comma ends each figure but the last, inside it, so a line never starts with one.
  return html`${parts.map((part, i) => html`${i ? ' ' : ''}<span class="fig">${part}${i < parts.length - 1 ? ',' : ''}</span>`)}`
}

export function resultsHtml(
  report: ResultsReport,
  { lang, businessName, styles, logo, chart, nav, link, leads, pageTitles = {} }: ResultsPageOptions,
): string {
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
      <div class="muted year">${lastYearText(report, name, lang)}</div>
    </div>`
  }
  const work = (names: string[], r: WorkRow) => [...names, r.visitors, brought(r, lang)]
  const workColumns = [
    { head: w.visitors, kind: 'num' },
    { head: w.brought, kind: 'words' },
  ] as const satisfies Column[]
  const sourceColumns: Column[] = [{ head: w.source, kind: 'name' }, ...workColumns]
  const campaignColumns: Column[] = [
    { head: w.campaign, kind: 'name' },
    { head: w.tagSource, kind: 'text' },
    { head: w.tagMedium, kind: 'text' },
    ...workColumns,
  ]
  // One row per campaign × source × medium a visitor came with; our own rows ("no campaign tag") name the campaign alone.
  const tag = (value: string | null) => value ?? w.noTag
  const campaignRows = report.campaignRows
    .slice(0, 12)
    .map((c) => work(c.name.startsWith('(') ? [label(c.name), '', ''] : [tag(c.campaign), tag(c.source), tag(c.medium)], c))
  const month = (href: string | undefined, text: string) => (href ? html`<a href="${href}">${text}</a>` : html``)
  const leadRows = leads?.leads.map((l) => [l.name, l.service, l.source ?? w.notKnown]) ?? []
  const moreLeads = leads?.more
    ? leads.consoleUrl
      ? html`<a class="more" href="${leads.consoleUrl}">${plural(lang, leads.more, w.moreLeads)}</a>`
      : html`${plural(lang, leads.more, w.moreLeadsNoLink)}`
    : undefined
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
      ${
        leads
          ? table(
              w.leads,
              [
                { head: w.leadName, kind: 'text' },
                { head: w.leadService, kind: 'text' },
                { head: w.leadSource, kind: 'text' },
              ],
              leadRows,
              w.noLeads,
              moreLeads,
            )
          : html``
      }
      <section>
        <h2>${w.perDay}</h2>
        <figure>
          ${
            chart
              ? html`<img class="chart email" src="${chart}" alt="${w.perDay}" width="${CHART_SIZES.narrow.width}" />`
              : html`${dayChartSvg(report, lang, colours, 'wide')}${dayChartSvg(report, lang, colours, 'narrow')}`
          }
          <figcaption>
            <span class="legend"><span class="key bar">&nbsp;</span> ${w.legendVisitors}</span>
            <span class="legend"><span class="key actions">&nbsp;</span> ${w.legendActions}</span>
            <span class="legend"><span class="key estimates">&nbsp;</span> ${w.legendEstimates}</span>
          </figcaption>
        </figure>
      </section>
      ${table(
        w.sources,
        sourceColumns,
        report.sources.slice(0, 10).map((s) => work([label(s.name)], s)),
        w.none,
        w.workNote,
      )}
      ${table(w.campaigns, campaignColumns, campaignRows, w.none)}
      <div class="col first">
        ${table(
          w.pages,
          [
            { head: w.page, kind: 'name' },
            { head: w.views, kind: 'num' },
            { head: w.visitors, kind: 'num' },
            { head: w.actions, kind: 'num' },
          ],
          report.pages.slice(0, 10).map((p) => [pageTitle(p.name, lang, pageTitles), p.views, p.visitors, p.actions]),
          w.none,
        )}
      </div>
      <div class="col">
        ${table(
          w.forms,
          [
            { head: w.form, kind: 'name' },
            { head: w.requests, kind: 'num' },
            { head: w.started, kind: 'num' },
            { head: w.notSent, kind: 'num' },
          ],
          report.forms.map((f) => [w.formNames[f.name] ?? f.name, f.requests, f.started, f.notSent]),
          w.none,
          w.startedNote,
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
.card .value { font-size: 22px; font-weight: bold; color: ${INK}; }
.card.big .value { font-size: 34px; }
.card .name { font-weight: bold; color: ${headingColour}; }
.change { font-size: 13px; font-weight: bold; }
.change.better { color: ${BETTER}; }
.change.worse { color: ${WORSE}; }
.change.same { color: ${MUTED}; }
.muted { font-size: 13px; color: ${MUTED}; }
.chart { width: 100%; max-width: 700px; height: auto; display: block; }
.chart.narrow { display: none; }
.chart.email { max-width: 540px; }
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
td.name, td.text { overflow-wrap: anywhere; word-break: break-word; }
td.text { min-width: 4em; }
td.words { min-width: 14em; }
.fig { display: inline-block; }
td.num { white-space: nowrap; }
.num { text-align: right; }
.none { color: ${MUTED}; }
.note { margin-top: 24px; font-size: 13px; color: ${MUTED}; }
.months { margin-top: 16px; font-size: 15px; }
.see-all { display: inline-block; margin-top: 8px; padding: 12px 20px; border-radius: 6px; background: #ffffff; color: #0f172a; font-weight: bold; text-decoration: none; }
.months a { color: ${ink}; margin-right: 24px; display: inline-block; padding: 8px 0; }
.more { display: inline-block; padding: 6px 0; color: ${ink}; }
section, table, tr { break-inside: avoid; }
@media (max-width: 640px) {
  header { padding: 16px !important; }
  main { padding: 12px 16px !important; }
  .card.big, .card.small { width: 47% !important; margin-right: 2% !important; }
  .col.first { margin-right: 0 !important; }
  table { font-size: 13px !important; }
  th, td { padding: 5px 2px !important; }
  th { font-size: 12px !important; }
  /* Five columns (campaign × source × medium) fit a phone, and the console's frame inside one: long names break. */
  th.name, td.name { min-width: 4.5em !important; }
  td.text { min-width: 0 !important; }
  td.words { min-width: 5em !important; }
  .chart.wide { display: none !important; }
  .chart.narrow { display: block !important; }
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
