import { z } from 'zod'
import type { LabelRow, ResultRow } from '../storage/storage-contract.server.ts'
import { FORM_PLACES } from '#app/forms/estimate-form.ts'
import { CAMPAIGN_KEYS, TAP_ACTIONS, UTM_DIMENSION, utmTags } from './results-counter.server.ts'

/**
 * What a site brought in over one month (issues 30, 37), from the aggregates the server counted
 * (results-counter.server.ts): `npm run results` prints it as text, JSON (this schema), CSV or one
 * printable HTML page, the 1st's email sends it, the share link shows it. Days and months are the
 * site's own (its time zone). A visitor counts once a day (the salt changes every day), so a month's
 * visitors are visitor-days. A month in progress counts "so far", and is compared with the same days
 * of the month before.
 */

export const TOTALS = ['visitors', 'views', ...TAP_ACTIONS, 'estimates', 'formsStarted', 'formsNotSent'] as const
export type TotalName = (typeof TOTALS)[number]
/** The totals that are better when they go down. */
const BETTER_DOWN: ReadonlySet<TotalName> = new Set(['formsNotSent'])

const count = z.number().int().nonnegative()
const figure = z.object({
  month: count,
  previous: count,
  phone: count,
  desktop: count,
  /** The change from the month before in percent (rounded), null when the month before had none. */
  change: z.number().int().nullable(),
  /** Whether the change is good news for the contractor: more requests are, more forms left unsent are not. */
  trend: z.enum(['better', 'worse', 'same']),
})

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/)
const named = <T extends z.ZodRawShape>(shape: T) => z.object({ name: z.string(), ...shape })
/** Visitors, and the work they brought: estimate requests and the taps that reach the contractor. */
const work = named({ visitors: count, estimates: count, phone: count, chat: count, email: count, map: count })

export const resultsReportSchema = z.object({
  site: z.string(),
  /** YYYY-MM, in the site's time zone. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** The site's time zone (IANA): its days and months. */
  timeZone: z.string(),
  /** A month in progress: the last day counted so far (the site's today); null once the month is over. */
  through: day.nullable(),
  previousMonth: z.string().regex(/^\d{4}-\d{2}$/),
  /** The last day of the month before that the totals are compared with: its same day while this month is in progress. */
  previousThrough: day,
  /** Each total of the month (so far), the month before (to `previousThrough`), the month's by device, and the change. */
  totals: z.object(Object.fromEntries(TOTALS.map((name) => [name, figure])) as Record<TotalName, typeof figure>),
  /** Every day of the month (so far): visitors, page views, taps (phone, chat, email, map, social) and estimate requests. */
  days: z.array(z.object({ day, visitors: count, views: count, actions: count, estimates: count })),
  /** Pages by views; "(not found)" is every address that is no page, "(other)" pages beyond the month's kept 50. */
  pages: z.array(named({ views: count, visitors: count, actions: count })),
  /**
   * Where visitors came from (the referrer's network; "(direct)" when none), a visitor once a day per source, and the
   * work each source brought: estimate requests and taps of visitors whose day began there ("(unknown)": not known).
   */
  sources: z.array(work),
  /** The same by each campaign tag of the landing address; "(none)": visitors who came without one. */
  campaigns: z.object({ utm_source: z.array(work), utm_medium: z.array(work), utm_campaign: z.array(work) }),
  /**
   * The campaigns table (issue 45): one row per combination of the landing address's tags a visitor came with
   * (campaign × source × medium, each null when that tag was missing), and the work it brought; `name` is the
   * row as counted: the combination, or one of our own names ("(none)": no tag at all, "(unknown)", "(other)"),
   * then with every tag null.
   */
  campaignRows: z.array(
    named({ campaign: z.string().nullable(), source: z.string().nullable(), medium: z.string().nullable() }).extend(work.shape),
  ),
  /**
   * The same month a year before, to the same day while this month is in progress: each total, for "beside last
   * year's". Null when nothing was counted then (no data: never compared as if it were 0).
   */
  lastYear: z
    .object({
      month: z.string().regex(/^\d{4}-\d{2}$/),
      through: day,
      totals: z.object(Object.fromEntries(TOTALS.map((name) => [name, count])) as Record<TotalName, typeof count>),
    })
    .nullable(),
  /** Estimate requests stored, forms started (a visitor once a day per form) and started but not sent, by form. */
  forms: z.array(named({ requests: count, started: count, notSent: count })),
})
export type ResultsReport = z.infer<typeof resultsReportSchema>
export type ReportFigure = ResultsReport['totals'][TotalName]
export type WorkRow = ResultsReport['sources'][number]

/** The month before `month` (YYYY-MM). */
export function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number]
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`
}

/** The same month a year before `month` (YYYY-MM). */
export const lastYearOf = (month: string) => `${Number(month.slice(0, 4)) - 1}${month.slice(4)}`

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
  // Started but not sent: the forms table's figure (notSentOf), summed over every form, by device.
  for (const device of ['phone', 'desktop'] as const)
    sums.formsNotSent[device] = formNames(rows).reduce((n, form) => n + notSentOf(rows, form, [device]), 0)
  return sums
}

/** Every form counted: the three places, and any other label a request or a start was counted under. */
const formNames = (rows: ResultRow[]) => [
  ...new Set([...FORM_PLACES, ...rows.filter((r) => r.metric === 'estimate' || r.metric === 'form_started').map((r) => r.label)]),
]

/**
 * One definition of "started, not sent" for the card and the table (issue 45): a form's starts minus its requests,
 * per device and never below 0 (one visitor may send two requests from one start), summed. A sent form was started
 * (the counter counts a start with a request that came without one), so months counted since never differ.
 */
function notSentOf(rows: ResultRow[], form: string, devices: readonly ('phone' | 'desktop')[] = ['phone', 'desktop']) {
  const of = (metric: string, device: string) => sumOf(rows, (r) => r.metric === metric && r.label === form && r.device === device)
  return devices.reduce((n, device) => n + Math.max(0, of('form_started', device) - of('estimate', device)), 0)
}

const sumOf = (rows: ResultRow[], which: (row: ResultRow) => boolean) => rows.reduce((n, r) => (which(r) ? n + r.n : n), 0)

/** The change of a total from `previous` to `month`: in percent, and whether it is good news. */
export function changeOf(name: TotalName, month: number, previous: number): Pick<ReportFigure, 'change' | 'trend'> {
  const change = previous ? Math.round(((month - previous) / previous) * 100) : null
  if (month === previous) return { change, trend: 'same' }
  return { change, trend: month > previous !== BETTER_DOWN.has(name) ? 'better' : 'worse' }
}

export interface ReportInput {
  site: string
  month: string
  timeZone: string
  /** The site's today (YYYY-MM-DD): within `month`, the month is in progress and counts to today. */
  today: string
  /** The day counts of `month` and of the month before. */
  rows: ResultRow[]
  previousRows: ResultRow[]
  /** The month's labels (pages, sources, campaigns) with their figures. */
  labels: LabelRow[]
  /** The day counts of the same month a year before (none: no data). */
  lastYearRows?: ResultRow[]
}

export function buildResultsReport(input: ReportInput): ResultsReport {
  const { site, month, timeZone, today, rows: allRows, previousRows, labels, lastYearRows = [] } = input
  const days = daysOf(month)
  const previousDays = daysOf(previousMonth(month))
  const inProgress = today.slice(0, 7) === month
  const through = inProgress ? today : null
  const counted = inProgress ? days.filter((d) => d <= today) : days
  // The same days of the month before: to today's date, or to its last day when it is shorter.
  const previousThrough = inProgress ? previousDays[Math.min(counted.length, previousDays.length) - 1]! : previousDays.at(-1)!
  // Only the days counted so far, and the same days of the month before (a clock set back would find later rows).
  const rows = allRows.filter((r) => r.day <= counted.at(-1)!)
  const now = totals(rows)
  const before = totals(previousRows.filter((r) => r.day <= previousThrough))
  const byDay = (day: string, which: (r: ResultRow) => boolean) => sumOf(rows, (r) => r.day === day && which(r))
  const of = (dimension: string) => labels.filter((l) => l.dimension === dimension)
  const worked = (dimension: string) =>
    of(dimension)
      .map(({ label, visitors, estimates, phone, chat, email, map }) => ({ name: label, visitors, estimates, phone, chat, email, map }))
      .sort((a, b) => b.visitors - a.visitors || b.estimates - a.estimates || a.name.localeCompare(b.name))
  // Last year's same month, to the same day of it (its last day when shorter): null when nothing was counted there.
  const lastYearDays = daysOf(lastYearOf(month))
  const lastYearThrough = lastYearDays[Math.min(counted.length, lastYearDays.length) - 1]!
  const lastYearCounted = lastYearRows.filter((r) => r.day <= lastYearThrough)
  const yearAgo = totals(lastYearCounted)
  return resultsReportSchema.parse({
    site,
    month,
    timeZone,
    through,
    previousMonth: previousMonth(month),
    previousThrough,
    totals: Object.fromEntries(
      TOTALS.map((t) => {
        const [value, previous] = [now[t].phone + now[t].desktop, before[t].phone + before[t].desktop]
        return [t, { month: value, previous, phone: now[t].phone, desktop: now[t].desktop, ...changeOf(t, value, previous) }]
      }),
    ),
    days: counted.map((day) => ({
      day,
      visitors: byDay(day, (r) => r.metric === 'visitors'),
      views: byDay(day, (r) => r.metric === 'views'),
      actions: byDay(day, (r) => TAP_METRICS.has(r.metric)),
      estimates: byDay(day, (r) => r.metric === 'estimate'),
    })),
    pages: of('page')
      .map(({ label, views, visitors, actions }) => ({ name: label, views, visitors, actions }))
      .sort((a, b) => b.views - a.views || a.name.localeCompare(b.name)),
    sources: worked('source'),
    campaigns: Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, worked(key)])),
    campaignRows: worked(UTM_DIMENSION).map((row) => ({ campaign: null, source: null, medium: null, ...utmTags(row.name), ...row })),
    lastYear: lastYearCounted.some((r) => r.n > 0)
      ? {
          month: lastYearOf(month),
          through: lastYearThrough,
          totals: Object.fromEntries(TOTALS.map((t) => [t, yearAgo[t].phone + yearAgo[t].desktop])),
        }
      : null,
    forms: formNames(rows).map((name) => ({
      name,
      requests: sumOf(rows, (r) => r.metric === 'estimate' && r.label === name),
      started: sumOf(rows, (r) => r.metric === 'form_started' && r.label === name),
      notSent: notSentOf(rows, name),
    })),
  })
}

/**
 * Every figure of a report as [section, name, figure, value]: the report's own fields, each total, day,
 * page, source, campaign value and form, one line per figure the JSON holds (the CSV's lines).
 */
export function reportFigures(report: ResultsReport): [string, string, string, string | number | null][] {
  const { timeZone, through, previousMonth, previousThrough } = report
  const lines: [string, string, string, string | number | null][] = Object.entries({
    timeZone,
    through,
    previousMonth,
    previousThrough,
  }).map(([name, value]) => ['report', name, 'value', value])
  const each = (section: string, entries: [string, Record<string, unknown>][]) => {
    for (const [name, fields] of entries)
      for (const [figure, value] of Object.entries(fields))
        if (figure !== 'name' && figure !== 'day') lines.push([section, name, figure, value as string | number | null])
  }
  each('total', Object.entries(report.totals))
  each(
    'day',
    report.days.map((d) => [d.day, d]),
  )
  each(
    'page',
    report.pages.map((p) => [p.name, p]),
  )
  each(
    'source',
    report.sources.map((s) => [s.name, s]),
  )
  for (const key of CAMPAIGN_KEYS)
    each(
      key,
      report.campaigns[key].map((c) => [c.name, c]),
    )
  each(
    'utm',
    report.campaignRows.map((c) => [c.name, c]),
  )
  if (report.lastYear) {
    lines.push(['lastYear', 'month', 'value', report.lastYear.month], ['lastYear', 'through', 'value', report.lastYear.through])
    for (const [name, value] of Object.entries(report.lastYear.totals)) lines.push(['lastYear', name, 'month', value])
  }
  each(
    'form',
    report.forms.map((f) => [f.name, f]),
  )
  return lines
}

/** One line per figure of each report: site, month, section, name, figure, value (reportFigures). */
export function resultsCsv(reports: ResultsReport[]): string {
  // A spreadsheet must not run a label as a formula: a leading = + - @ gets an apostrophe (a negative number stays a number).
  const cell = (v: string) => {
    const safe = /^[=+\-@]/.test(v) && !/^-\d+$/.test(v) ? `'${v}` : v
    return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
  }
  const lines = [['site', 'month', 'section', 'name', 'figure', 'value']]
  for (const r of reports)
    for (const line of reportFigures(r)) lines.push([r.site, r.month, ...line.slice(0, 3), String(line[3] ?? '')] as string[])
  return lines.map((line) => line.map(cell).join(',')).join('\n') + '\n'
}
