import type { ResultsStorage } from '../storage/storage-contract.server.ts'
import { calendarDay } from '../visits/day-keys.server.ts'
import { buildResultsReport, daysOf, lastYearOf, previousMonth, type ResultsReport } from './results-report.ts'

/**
 * A site's report of one month (YYYY-MM in its time zone) from the storage: the one way the CLI, the
 * 1st's email and the share link read it. While the month is in progress (the site's today is in it)
 * it counts so far and compares with the same days of the month before, and of the same month a year before.
 */
export async function monthReport(
  results: ResultsStorage,
  site: string,
  month: string,
  { timeZone = 'UTC', now = Date.now() }: { timeZone?: string; now?: number } = {},
): Promise<ResultsReport> {
  const range = (m: string) => [daysOf(m)[0]!, daysOf(m).at(-1)!] as const
  const [rows, previousRows, labels, lastYearRows] = await Promise.all([
    results.counts(site, ...range(month)),
    results.counts(site, ...range(previousMonth(month))),
    results.labels(site, month),
    results.counts(site, ...range(lastYearOf(month))),
  ])
  return buildResultsReport({ site, month, timeZone, today: calendarDay(timeZone)(now), rows, previousRows, labels, lastYearRows })
}
