import { defaultTheme, themeVariables, type Theme } from '#app/record/theme.ts'
import type { ResultsReport, TotalName } from './results-report.ts'
import { type Html, html, selfContainedPage } from '../html/html-template.ts'

/**
 * The month's results as one printable page for the contractor (issue 30), in the site's language,
 * with its logo and colours (through the contrast guard: app/record/theme.ts). Self-contained as the
 * record report is (server/record/record-report-html.ts): every value escaped, the logo a data URI, the chart
 * inline SVG, and a CSP that allows no script and no request.
 */

export type ReportLang = 'en' | 'es'

const WORDS = {
  en: {
    title: (name: string, month: string) => `What your website brought in: ${month}`,
    lead: (name: string) => `${name}: visits to your website and what visitors did to reach you.`,
    vs: (previous: string) => `Compared with ${previous}`,
    totals: {
      visitors: 'Visitors',
      views: 'Pages viewed',
      phone: 'Taps on your phone number',
      chat: 'Chats opened',
      email: 'Taps on your email',
      map: 'Map and directions opened',
      social: 'Social profiles opened',
      estimates: 'Estimate requests',
      formsStarted: 'Forms started',
      formsNotSent: 'Forms started, not sent',
    } satisfies Record<TotalName, string>,
    onPhone: (n: number) => `${n} on a phone`,
    perDay: 'Day by day',
    legendVisitors: 'Visitors',
    legendActions: 'Calls, chats, emails, maps and profiles',
    legendEstimates: 'Estimate requests',
    pages: 'Most viewed pages',
    page: 'Page',
    views: 'Views',
    visitors: 'Visitors',
    actions: 'Calls, chats and other taps',
    sources: 'Where visitors came from',
    source: 'Came from',
    campaigns: 'Campaigns (links with utm_ tags)',
    campaign: 'Campaign',
    forms: 'Estimate requests by form',
    form: 'Form',
    requests: 'Requests sent',
    started: 'Started',
    notSent: 'Not sent',
    formNames: { home: 'Home page', contact: 'Contact page', modal: 'Estimate window (any page)', '(other)': 'Other' } as Record<
      string,
      string
    >,
    labels: { '(direct)': 'Typed the address or a bookmark', '(other)': 'Others', '(not found)': 'Addresses that do not exist' } as Record<
      string,
      string
    >,
    none: 'Nothing this month.',
    note: 'A visitor counts once a day. No cookies, and no addresses or personal data are kept: only these totals.',
    up: 'up',
    down: 'down',
    same: 'same as before',
  },
  es: {
    title: (name: string, month: string) => `Lo que su sitio web le trajo: ${month}`,
    lead: (name: string) => `${name}: visitas a su sitio web y lo que hicieron los visitantes para contactarle.`,
    vs: (previous: string) => `Comparado con ${previous}`,
    totals: {
      visitors: 'Visitantes',
      views: 'Páginas vistas',
      phone: 'Toques en su teléfono',
      chat: 'Chats abiertos',
      email: 'Toques en su correo',
      map: 'Mapa y direcciones abiertos',
      social: 'Perfiles sociales abiertos',
      estimates: 'Solicitudes de presupuesto',
      formsStarted: 'Formularios empezados',
      formsNotSent: 'Formularios empezados, no enviados',
    } satisfies Record<TotalName, string>,
    onPhone: (n: number) => `${n} desde un teléfono`,
    perDay: 'Día a día',
    legendVisitors: 'Visitantes',
    legendActions: 'Llamadas, chats, correos, mapas y perfiles',
    legendEstimates: 'Solicitudes de presupuesto',
    pages: 'Páginas más vistas',
    page: 'Página',
    views: 'Vistas',
    visitors: 'Visitantes',
    actions: 'Llamadas, chats y otros toques',
    sources: 'De dónde llegaron los visitantes',
    source: 'Llegaron desde',
    campaigns: 'Campañas (enlaces con etiquetas utm_)',
    campaign: 'Campaña',
    forms: 'Solicitudes de presupuesto por formulario',
    form: 'Formulario',
    requests: 'Solicitudes enviadas',
    started: 'Empezados',
    notSent: 'No enviados',
    formNames: {
      home: 'Página de inicio',
      contact: 'Página de contacto',
      modal: 'Ventana de presupuesto (cualquier página)',
      '(other)': 'Otro',
    } as Record<string, string>,
    labels: {
      '(direct)': 'Escribieron la dirección o un marcador',
      '(other)': 'Otros',
      '(not found)': 'Direcciones que no existen',
    } as Record<string, string>,
    none: 'Nada este mes.',
    note: 'Un visitante cuenta una vez al día. Sin cookies, y no se guardan direcciones ni datos personales: solo estos totales.',
    up: 'más',
    down: 'menos',
    same: 'igual que antes',
  },
}

/** "November 2026" / "noviembre de 2026". */
export function monthName(month: string, lang: ReportLang): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return new Intl.DateTimeFormat(lang === 'es' ? 'es-US' : 'en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    Date.UTC(year, m - 1, 15),
  )
}

const COLOUR = /^[#\w(),.%\s/-]{1,64}$/

export interface ResultsPageOptions {
  lang: ReportLang
  businessName: string
  /** The record's styles (contrast-guarded here); its own colours without a record. */
  styles?: Theme
  /** The logo as a data URI (never the record's URL). */
  logo?: string
}

/** Visitors as bars, actions and estimate requests as lines over them: one inline SVG, no script. */
function dayChart(report: ResultsReport, w: (typeof WORDS)[ReportLang]): Html {
  const width = 700
  const height = 180
  const top = 10
  const bottom = 24
  const left = 34
  const days = report.days
  const max = Math.max(1, ...days.map((d) => Math.max(d.visitors, d.actions, d.estimates)))
  const step = (width - left) / days.length
  const y = (n: number) => top + (height - top - bottom) * (1 - n / max)
  const x = (i: number) => left + step * i + step / 2
  const line = (values: number[]) => values.map((n, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(n).toFixed(1)}`).join('')
  const bars = days.map(
    (d, i) =>
      html`<rect
        x="${(left + step * i + step * 0.15).toFixed(1)}"
        y="${y(d.visitors).toFixed(1)}"
        width="${(step * 0.7).toFixed(1)}"
        height="${(y(0) - y(d.visitors)).toFixed(1)}"
        class="bar"
        ><title>${d.day}: ${d.visitors} ${w.legendVisitors}</title></rect
      >`,
  )
  const ticks = days.map((d, i) =>
    i % 5 === 0 || i === days.length - 1
      ? html`<text x="${x(i).toFixed(1)}" y="${height - 6}" text-anchor="middle">${Number(d.day.slice(8))}</text>`
      : html``,
  )
  return html`<figure>
    <svg viewBox="0 0 ${width} ${height}" role="img" aria-label="${w.perDay}" class="chart">
      <line x1="${left}" x2="${width}" y1="${y(0)}" y2="${y(0)}" class="axis" />
      <text x="${left - 6}" y="${y(max) + 4}" text-anchor="end">${max}</text>
      <text x="${left - 6}" y="${y(0) + 4}" text-anchor="end">0</text>
      ${bars}
      <path d="${line(days.map((d) => d.actions))}" class="actions" />
      <path d="${line(days.map((d) => d.estimates))}" class="estimates" />
      ${ticks}
    </svg>
    <figcaption>
      <span class="key bar"></span>${w.legendVisitors} <span class="key actions"></span>${w.legendActions}
      <span class="key estimates"></span>${w.legendEstimates}
    </figcaption>
  </figure>`
}

function table(caption: string, head: string[], rows: (string | number)[][], empty: string): Html {
  return html`<section>
    <h2>${caption}</h2>
    ${
      rows.length
        ? html`<table>
            <thead>
              <tr>
                ${head.map((h, i) => html`<th scope="col" class="${i ? 'num' : ''}">${h}</th>`)}
              </tr>
            </thead>
            <tbody>
              ${rows.map(
                (cells) =>
                  html`<tr>
                    ${cells.map((c, i) => html`<td class="${i ? 'num' : ''}" data-label="${head[i]}">${c}</td>`)}
                  </tr>`,
              )}
            </tbody>
          </table>`
        : html`<p class="none">${empty}</p>`
    }
  </section>`
}

export function resultsHtml(report: ResultsReport, { lang, businessName, styles = defaultTheme, logo }: ResultsPageOptions): string {
  const w = WORDS[lang]
  const vars = themeVariables(styles)
  const colour = (name: string, fallback: string) => (COLOUR.test(vars[name] ?? '') ? vars[name]! : fallback)
  const main = colour('--theme-main', defaultTheme.mainColor)
  const onMain = colour('--theme-on-main', '#ffffff')
  const ink = colour('--theme-main-ink', defaultTheme.mainColor)
  const accent = colour('--theme-secondary-ink', defaultTheme.secondaryColor)
  const heading = colour('--theme-heading', defaultTheme.headingTextColor)
  const text = colour('--theme-paragraph', defaultTheme.paragraphTextColor)
  const label = (name: string) => w.labels[name] ?? name
  const change = (now: number, before: number) =>
    now === before ? w.same : `${now > before ? '▲' : '▼'} ${Math.abs(now - before)} ${now > before ? w.up : w.down}`
  const headline: TotalName[] = ['visitors', 'phone', 'chat', 'estimates']
  const rest: TotalName[] = ['views', 'email', 'map', 'social', 'formsStarted', 'formsNotSent']
  const card = (name: TotalName, big: boolean) => {
    const t = report.totals[name]
    return html`<div class="card ${big ? 'big' : ''}">
      <div class="value">${t.month}</div>
      <div class="name">${w.totals[name]}</div>
      <div class="change">${change(t.month, t.previous)} <span class="muted">(${t.previous})</span></div>
      <div class="muted">${w.onPhone(t.phone)}</div>
    </div>`
  }
  const campaigns = (['utm_source', 'utm_medium', 'utm_campaign'] as const).flatMap((key) =>
    report.campaigns[key].slice(0, 10).map((c) => [`${key.slice(4)}: ${label(c.name)}`, c.visitors]),
  )
  const body = html`<header>
      ${logo?.startsWith('data:image/') ? html`<img class="logo" src="${logo}" alt="" />` : html``}
      <div>
        <h1>${w.title(businessName, monthName(report.month, lang))}</h1>
        <p>${w.lead(businessName)} ${w.vs(monthName(report.previousMonth, lang))}.</p>
      </div>
    </header>
    <main>
      <section class="cards">${headline.map((n) => card(n, true))}</section>
      <section class="cards small">${rest.map((n) => card(n, false))}</section>
      <section>
        <h2>${w.perDay}</h2>
        ${dayChart(report, w)}
      </section>
      <div class="two">
        ${table(
          w.pages,
          [w.page, w.views, w.visitors, w.actions],
          report.pages.slice(0, 10).map((p) => [label(p.name), p.views, p.visitors, p.actions]),
          w.none,
        )}
        ${table(
          w.sources,
          [w.source, w.visitors],
          report.sources.slice(0, 10).map((s) => [label(s.name), s.visitors]),
          w.none,
        )}
      </div>
      <div class="two">
        ${table(
          w.forms,
          [w.form, w.requests, w.started, w.notSent],
          report.forms.map((f) => [w.formNames[f.name] ?? f.name, f.requests, f.started, f.notSent]),
          w.none,
        )}
        ${table(w.campaigns, [w.campaign, w.visitors], campaigns, w.none)}
      </div>
      <p class="note">${w.note}</p>
    </main>`
  const style = `
:root { --main: ${main}; --on-main: ${onMain}; --ink: ${ink}; --accent: ${accent}; --heading: ${heading}; --text: ${text}; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--text); background: #fff; }
header { display: flex; gap: 20px; align-items: center; padding: 20px 28px; background: var(--main); color: var(--on-main); }
header h1 { margin: 0 0 4px; font-size: 24px; line-height: 1.2; }
header p { margin: 0; }
.logo { max-height: 64px; max-width: 160px; background: #fff; border-radius: 8px; padding: 6px; }
main { padding: 20px 28px; }
h2 { color: var(--heading); font-size: 17px; margin: 22px 0 8px; }
.cards { display: grid; grid-template-columns: repeat(4, 1fr); gap: 12px; margin-top: 4px; }
.cards.small { grid-template-columns: repeat(6, 1fr); margin-top: 12px; }
.card { border: 1px solid #cbd5e1; border-radius: 10px; padding: 10px 12px; break-inside: avoid; }
.card .value { font-size: 22px; font-weight: 700; color: var(--heading); }
.card.big .value { font-size: 34px; color: var(--ink); }
.card .name { font-weight: 600; color: var(--heading); }
.card .change, .muted { font-size: 13px; }
.muted { color: #475569; }
.chart { width: 100%; height: auto; display: block; }
.chart text { font-size: 11px; fill: #475569; }
.chart .axis { stroke: #94a3b8; }
.chart .bar { fill: var(--ink); opacity: 0.35; }
.chart .actions { fill: none; stroke: var(--accent); stroke-width: 2.5; }
.chart .estimates { fill: none; stroke: var(--heading); stroke-width: 2.5; stroke-dasharray: 6 3; }
figure { margin: 0; }
figcaption { font-size: 13px; margin-top: 4px; }
.key { display: inline-block; width: 14px; height: 10px; margin: 0 4px 0 12px; vertical-align: middle; }
.key.bar { background: var(--ink); opacity: 0.35; margin-left: 0; }
.key.actions { border-top: 3px solid var(--accent); height: 0; }
.key.estimates { border-top: 3px dashed var(--heading); height: 0; }
.two { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; }
/* The numbers' columns are as wide as their headings' longest word (headings wrap between words, never inside one);
   the name column takes the rest, at least 7em, and only its long paths and hosts break anywhere. */
table { width: 100%; border-collapse: collapse; font-size: 14px; }
th, td { text-align: left; padding: 5px 6px; border-bottom: 1px solid #e2e8f0; }
th { color: var(--heading); border-bottom: 2px solid #94a3b8; vertical-align: bottom; overflow-wrap: normal; word-break: normal; hyphens: manual; }
th:first-child, td:first-child { width: 100%; min-width: 7em; }
td:first-child { overflow-wrap: anywhere; }
td.num { white-space: nowrap; }
.num { text-align: right; }
.none { color: #475569; }
.note { margin-top: 24px; font-size: 13px; color: #475569; }
section, table, tr { break-inside: avoid; }
@media (max-width: 640px) {
  header { flex-direction: column; align-items: flex-start; padding: 16px; }
  main { padding: 12px 16px; }
  .cards { grid-template-columns: repeat(2, 1fr); }
  .cards.small { grid-template-columns: repeat(2, 1fr); }
  .two { grid-template-columns: 1fr; gap: 0; }
  th, td { padding: 5px 4px; }
  th { font-size: 13px; }
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
  return selfContainedPage({ lang, title: w.title(businessName, monthName(report.month, lang)), style, body })
}
