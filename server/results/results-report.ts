import { z } from 'zod'
import type { ResultRow } from '../storage/storage-contract.server.ts'
import { FORM_PLACES, TAP_ACTIONS } from './results-counter.server.ts'

/**
 * What a site brought in over one month (issue 30), from the aggregates the server counted
 * (results-counter.server.ts): `npm run results` prints it as text, JSON (this schema), CSV or one
 * printable HTML page. A visitor counts once a day (the salt changes every day), so a month's
 * visitors are visitor-days.
 */

const figure = z.object({
  month: z.number().int().nonnegative(),
  previous: z.number().int().nonnegative(),
  phone: z.number().int().nonnegative(),
  desktop: z.number().int().nonnegative(),
})

export const TOTALS = ['visitors', 'views', ...TAP_ACTIONS, 'estimates', 'formsStarted', 'formsNotSent'] as const
export type TotalName = (typeof TOTALS)[number]

const named = <T extends z.ZodRawShape>(shape: T) => z.object({ name: z.string(), ...shape })

export const resultsReportSchema = z.object({
  site: z.string(),
  /** YYYY-MM */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  previousMonth: z.string().regex(/^\d{4}-\d{2}$/),
  /** Each total of the month, the month before, and the month's by device. */
  totals: z.object(Object.fromEntries(TOTALS.map((name) => [name, figure])) as Record<TotalName, typeof figure>),
  /** Every day of the month: visitors, page views, taps (phone, chat, email, map, social) and estimate requests. */
  days: z.array(
    z.object({
      day: z.string(),
      visitors: z.number().int(),
      views: z.number().int(),
      actions: z.number().int(),
      estimates: z.number().int(),
    }),
  ),
  /** Pages by views; "(not found)" is every address that is no page, "(other)" pages beyond the month's first 50. */
  pages: z.array(named({ views: z.number().int(), visitors: z.number().int(), actions: z.number().int() })),
  /** Where visitors came from (the referrer's host; "(direct)" when none), a visitor once a day per source. */
  sources: z.array(named({ visitors: z.number().int() })),
  campaigns: z.object({
    utm_source: z.array(named({ visitors: z.number().int() })),
    utm_medium: z.array(named({ visitors: z.number().int() })),
    utm_campaign: z.array(named({ visitors: z.number().int() })),
  }),
  /** Estimate requests stored, forms started (a visitor once a day per form) and started but not sent, by form. */
  forms: z.array(named({ requests: z.number().int(), started: z.number().int(), notSent: z.number().int() })),
})
export type ResultsReport = z.infer<typeof resultsReportSchema>

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`
}

/** Every day of a month, YYYY-MM-DD. */
export function daysOf(month: string): string[] {
  const [year, m] = month.split('-').map(Number) as [number, number]
  const count = new Date(Date.UTC(year, m, 0)).getUTCDate()
  return Array.from({ length: count }, (_, i) => `${month}-${String(i + 1).padStart(2, '0')}`)
}

const TAP_METRICS = new Set(TAP_ACTIONS.map((a) => `action:${a}`))

/** Which total a stored metric adds to. */
function totalOf(metric: string): TotalName | null {
  if (metric === 'visitors' || metric === 'views') return metric
  if (metric === 'estimate') return 'estimates'
  if (metric === 'form_started') return 'formsStarted'
  if (TAP_METRICS.has(metric)) return metric.slice('action:'.length) as TotalName
  return null
}

function totals(rows: ResultRow[]) {
  const sums = Object.fromEntries(TOTALS.map((t) => [t, { phone: 0, desktop: 0 }])) as Record<TotalName, { phone: number; desktop: number }>
  for (const row of rows) {
    const total = totalOf(row.metric)
    if (total) sums[total][row.device] += row.n
  }
  // Started but not sent, per form and device: started minus stored, never below zero.
  for (const device of ['phone', 'desktop'] as const) {
    sums.formsNotSent[device] = [...FORM_PLACES]
      .map(
        (place) =>
          sumOf(rows, (r) => r.metric === 'form_started' && r.label === place && r.device === device) -
          sumOf(rows, (r) => r.metric === 'estimate' && r.label === place && r.device === device),
      )
      .reduce((n, left) => n + Math.max(0, left), 0)
  }
  return sums
}

const sumOf = (rows: ResultRow[], which: (row: ResultRow) => boolean) => rows.reduce((n, r) => (which(r) ? n + r.n : n), 0)

/** Labels of one metric (or several), summed over days and devices, largest first (then by name). */
function ranked(rows: ResultRow[], metric: string) {
  const sums = new Map<string, number>()
  for (const row of rows) if (row.metric === metric) sums.set(row.label, (sums.get(row.label) ?? 0) + row.n)
  return [...sums].map(([name, n]) => ({ name, n })).sort((a, b) => b.n - a.n || a.name.localeCompare(b.name))
}

export function buildResultsReport(site: string, month: string, rows: ResultRow[], previousRows: ResultRow[]): ResultsReport {
  const now = totals(rows)
  const before = totals(previousRows)
  const byDay = (day: string, which: (r: ResultRow) => boolean) => sumOf(rows, (r) => r.day === day && which(r))
  const pageNames = ranked(rows, 'views')
  const visitorsOf = (metric: string) => ranked(rows, metric).map(({ name, n }) => ({ name, visitors: n }))
  return resultsReportSchema.parse({
    site,
    month,
    previousMonth: previousMonth(month),
    totals: Object.fromEntries(
      TOTALS.map((t) => [
        t,
        {
          month: now[t].phone + now[t].desktop,
          previous: before[t].phone + before[t].desktop,
          phone: now[t].phone,
          desktop: now[t].desktop,
        },
      ]),
    ),
    days: daysOf(month).map((day) => ({
      day,
      visitors: byDay(day, (r) => r.metric === 'visitors'),
      views: byDay(day, (r) => r.metric === 'views'),
      actions: byDay(day, (r) => TAP_METRICS.has(r.metric)),
      estimates: byDay(day, (r) => r.metric === 'estimate'),
    })),
    pages: pageNames.map(({ name, n }) => ({
      name,
      views: n,
      visitors: sumOf(rows, (r) => r.metric === 'page_visitors' && r.label === name),
      actions: sumOf(rows, (r) => TAP_METRICS.has(r.metric) && r.label === name),
    })),
    sources: visitorsOf('source'),
    campaigns: { utm_source: visitorsOf('utm_source'), utm_medium: visitorsOf('utm_medium'), utm_campaign: visitorsOf('utm_campaign') },
    forms: [...new Set([...FORM_PLACES, ...rows.filter((r) => r.metric === 'estimate').map((r) => r.label)])].map((name) => {
      const requests = sumOf(rows, (r) => r.metric === 'estimate' && r.label === name)
      const started = sumOf(rows, (r) => r.metric === 'form_started' && r.label === name)
      return { name, requests, started, notSent: Math.max(0, started - requests) }
    }),
  })
}

/** One line per figure: section, name, phone, desktop, total (and the day for the daily rows). */
export function resultsCsv(reports: ResultsReport[]): string {
  // A spreadsheet must not run a label as a formula: a leading = + - @ gets an apostrophe.
  const cell = (v: string) => {
    const safe = /^[=+\-@]/.test(v) ? `'${v}` : v
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
  }
  const lines = [['site', 'month', 'section', 'name', 'phone', 'desktop', 'total', 'previous month']]
  for (const r of reports) {
    const row = (
      section: string,
      name: string,
      phone: number | string,
      desktop: number | string,
      total: number,
      previous: number | string = '',
    ) => lines.push([r.site, r.month, section, name, String(phone), String(desktop), String(total), String(previous)])
    for (const t of TOTALS) row('total', t, r.totals[t].phone, r.totals[t].desktop, r.totals[t].month, r.totals[t].previous)
    for (const d of r.days) {
      row('day visitors', d.day, '', '', d.visitors)
      row('day views', d.day, '', '', d.views)
      row('day actions', d.day, '', '', d.actions)
      row('day estimates', d.day, '', '', d.estimates)
    }
    for (const p of r.pages) row('page views', p.name, '', '', p.views)
    for (const s of r.sources) row('source visitors', s.name, '', '', s.visitors)
    for (const key of ['utm_source', 'utm_medium', 'utm_campaign'] as const)
      for (const c of r.campaigns[key]) row(key, c.name, '', '', c.visitors)
    for (const f of r.forms) row('estimate requests', f.name, '', '', f.requests)
  }
  return lines.map((line) => line.map(cell).join(',')).join('\n') + '\n'
}
