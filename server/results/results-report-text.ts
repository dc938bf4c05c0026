import { plural } from '#app/i18n/plural.ts'
import { CAMPAIGN_KEYS } from './results-counter.server.ts'
import { TOTALS, type ResultsReport, type TotalName, type WorkRow } from './results-report.ts'
import type { ReportLeads } from './report-leads.server.ts'
import { changeText, labelText, lastYearText, reportHeading, WORDS, type ReportLang } from './results-report-words.ts'

/**
 * The month's report as plain text: the email's text part, in the contractor's words and language
 * (the same as its HTML page), and the operator's terminal (`npm run results`, technical names).
 */

const HEADLINE: TotalName[] = ['visitors', 'phone', 'chat', 'estimates', 'views', 'email', 'map', 'social', 'formsStarted', 'formsNotSent']

/** The email's plain-text part: a summary of the HTML page, every headline figure with its change in words. */
export function resultsText(
  report: ResultsReport,
  { lang, businessName, leads }: { lang: ReportLang; businessName: string; leads?: ReportLeads },
  link?: string,
) {
  const w = WORDS[lang]
  const heading = reportHeading(report, lang, businessName)
  const label = (name: string) => labelText(name, lang)
  const totals = HEADLINE.map((name) => {
    const t = report.totals[name]
    const { arrow, amount, verdict } = changeText(t, lang)
    const change = [arrow, amount, verdict].filter(Boolean).join(' ')
    return `- ${w.totals[name]}: ${t.month} (${change}; ${w.before(t.previous)}; ${lastYearText(report, name, lang)})`
  })
  const work = (title: string, rows: [string, WorkRow][]) =>
    rows.length
      ? [
          '',
          title,
          // Each figure its own, in words that count right ("1 call", "1 llamada"): chats, emails and maps apart.
          ...rows.map(
            ([name, r]) =>
              `- ${name}: ${(['visitors', 'estimates', 'phone', 'chat', 'email', 'map'] as const).map((k) => plural(lang, r[k], w.counted[k])).join(', ')}`,
          ),
        ]
      : []
  // A row per campaign × source × medium: "fall-fences · google · cpc" (a missing tag as "—").
  const campaigns = report.campaignRows
    .slice(0, 10)
    .map((c): [string, WorkRow] => [
      c.name.startsWith('(') ? label(c.name) : [c.campaign, c.source, c.medium].map((t) => t ?? w.noTag).join(' · '),
      c,
    ])
  const leadLines = leads
    ? [
        '',
        w.leads,
        ...(leads.leads.length ? leads.leads.map((l) => `- ${[l.name, l.service, l.source ?? w.notKnown].join(' · ')}`) : [w.noLeads]),
        ...(leads.more
          ? [
              `- ${plural(lang, leads.more, leads.consoleUrl ? w.moreLeads : w.moreLeadsNoLink)}${leads.consoleUrl ? `: ${leads.consoleUrl}` : ''}`,
            ]
          : []),
      ]
    : []
  return [
    heading.title,
    '',
    [heading.lead, heading.soFar, heading.vs].filter(Boolean).join(' '),
    '',
    ...totals,
    ...leadLines,
    ...work(
      w.sources,
      report.sources.slice(0, 10).map((s) => [label(s.name), s]),
    ),
    ...work(w.campaigns, campaigns),
    '',
    w.forms,
    ...report.forms.map((f) => `- ${w.formNames[f.name] ?? f.name}: ${f.requests} (${w.started.toLowerCase()} ${f.started})`),
    '',
    w.workNote,
    w.note,
    ...(link ? ['', link] : []),
    '',
  ].join('\n')
}

const ANSI = { better: '\x1b[32m', worse: '\x1b[31m', same: '', reset: '\x1b[0m' }

/** The operator's terminal: one block per site, each total with its change (green when better, red when worse, on a terminal). */
export function resultsConsoleText(report: ResultsReport, colour = false): string {
  const soFar = report.through ? `, so far (to ${report.through}; previous to ${report.previousThrough})` : ''
  const lines = [`${report.site}: ${report.month}${soFar} in ${report.timeZone} (previous: ${report.previousMonth})`]
  for (const name of TOTALS) {
    const t = report.totals[name]
    const { arrow, amount, verdict } = changeText(t, 'en')
    const change = [arrow, amount, verdict].filter(Boolean).join(' ')
    const painted = colour && t.trend !== 'same' ? `${ANSI[t.trend]}${change}${ANSI.reset}` : change
    lines.push(
      `  ${name.padEnd(14)} ${String(t.month).padStart(6)}  ${painted}  (phone ${t.phone}, desktop ${t.desktop}; previous ${t.previous})`,
    )
  }
  const top = (title: string, list: string[]) => list.length && lines.push(`  ${title}: ${list.slice(0, 10).join(', ')}`)
  const work = (r: WorkRow) => `${r.name} ${r.visitors} (estimates ${r.estimates}, phone ${r.phone})`
  top(
    'pages',
    report.pages.map((p) => `${p.name} ${p.views}`),
  )
  top('sources', report.sources.map(work))
  for (const key of CAMPAIGN_KEYS) top(key, report.campaigns[key].map(work))
  top(
    'estimate requests',
    report.forms.map((f) => `${f.name} ${f.requests}`),
  )
  return `${lines.join('\n')}\n`
}
