import { describeMailError, mailFailureKind, type Mailer } from '../mail/mailer.server.ts'
import type { SiteConfig } from '../sites/site-config.server.ts'
import type { ReportDelivery, ReportOutcome, ResultsStorage } from '../storage/storage-contract.server.ts'
import { log } from '../observability/log.js'
import { calendarDay } from '../visits/day-keys.server.ts'
import { monthReport } from './month-report.server.ts'
import { reportEmail } from './report-email.server.ts'
import type { ReportLeads } from './report-leads.server.ts'
import type { ReportLook } from './report-look.server.ts'
import { previousMonth, type ResultsReport } from './results-report.ts'
import { createTally } from '../observability/tally.server.ts'

/**
 * Last month's report in the contractor's inbox (issue 37): on the 1st, from 08:00 in the site's time
 * zone (or at the first check after, if every instance was down then), to the site's `reports.email`,
 * once per site and month across restarts and across the fleet. Each instance checks every minute;
 * a claim in the storage (results_reports) says which one sends, and a sent month is never sent again.
 * A mail server that is down or says "try later" (4xx) is tried again, after 1 minute, doubling up to
 * an hour, until it takes the message; one that refuses it (5xx) marks the month failed (logged): the
 * operator sends it again with `npm run results -- --send`. A month with nothing counted sends nothing.
 * An instance that dies after the mail server took the message and before it said so in the storage
 * lets another send it again when its lease ends: the message id is the same, so mail clients show one.
 */

/** The hour of the 1st, in the site's time zone, from which last month's report is due. */
export const REPORT_HOUR = 8
/** How long an instance holds a month's delivery it claimed (the mail server's timeouts are 20 s a step). */
export const REPORT_LEASE_MS = 10 * 60_000
const RETRY_FIRST_MS = 60_000
const RETRY_CAP_MS = 3_600_000
const TICK_MS = 60_000

const hourIn = (timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' })

/** The month whose report is due at `now` in `timeZone`: last month, from 08:00 on the 1st; null before (the month before was due all last month). */
export function dueMonth(timeZone: string, now: number): string | null {
  const today = calendarDay(timeZone)(now)
  if (today.endsWith('-01') && Number(hourIn(timeZone).format(now)) < REPORT_HOUR) return null
  return previousMonth(today.slice(0, 7))
}

/** What the delivery needs of a site: its settings, and how its report looks (its record, read when it is sent). */
export interface DeliverySite {
  config: Pick<SiteConfig, 'id' | 'timeZone' | 'reports'>
  look(): Promise<ReportLook>
  /** Its share link, said at the end of the email's text (null without one). */
  link?(): Promise<string | null>
  /** The month's estimate requests, listed in the email (none without). */
  leads?(month: string, lang: ReportLook['lang']): Promise<ReportLeads>
}

export interface SendOptions {
  results: ResultsStorage
  mailer: Mailer
  /** MAIL_FROM's domain: the message id's. */
  domain: string
  now?: number
}

/** Builds and sends `site`'s report of `month` now; `empty` when nothing was counted that month (then nothing is sent). */
export async function sendMonthReport(
  site: DeliverySite,
  month: string,
  { results, mailer, domain, now = Date.now() }: SendOptions,
): Promise<{ report: ResultsReport; sent: boolean; messageId?: string }> {
  const { id, timeZone, reports } = site.config
  const report = await monthReport(results, id, month, { timeZone, now })
  if (!report.totals.visitors.month && !report.totals.estimates.month) return { report, sent: false }
  const [look, link] = await Promise.all([site.look(), site.link?.() ?? null])
  const leads = await site.leads?.(month, look.lang)
  const email = await reportEmail(report, look, { to: reports.email, domain, link: link ?? undefined, leads })
  const { messageId } = await mailer.send(email)
  return { report, sent: true, messageId }
}

/** sent; empty (nothing counted, no email); retry (the mail server will be asked again); failed (refused for good). */
export type ReportTallyOutcome = 'sent' | 'empty' | 'retry' | 'failed'

export interface ReportDeliveryOptions extends Omit<SendOptions, 'now'> {
  /** This instance's name among the fleet's (the claim's holder). */
  origin: string
  /** The sites served now. */
  sites: () => DeliverySite[]
  now?: () => number
}

export function createReportDelivery({ results, mailer, domain, origin, sites, now = Date.now }: ReportDeliveryOptions) {
  /** Months this instance knows are settled (sent, failed or empty), per site: asked of the storage no more. */
  const settled = new Set<string>()
  /** What this instance's sends came to, by site and outcome (the metrics' tradesite_result_reports_total). */
  const tally = createTally<{ site: string; outcome: ReportTallyOutcome }>()
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> = Promise.resolve()

  async function deliver(site: DeliverySite, claim: ReportDelivery): Promise<ReportOutcome> {
    const at = now()
    const fields = { site: claim.site, month: claim.month, attempt: claim.attempts }
    try {
      const { sent, messageId } = await sendMonthReport(site, claim.month, { results, mailer, domain, now: at })
      if (!sent) {
        log.info({ event: 'results.report-empty', ...fields }, `${claim.site}: nothing counted in ${claim.month}, no report sent`)
        return { state: 'empty', at }
      }
      log.info(
        { event: 'results.report-sent', ...fields, recipients: site.config.reports.email.length, messageId },
        `${claim.site}: ${claim.month}'s report sent`,
      )
      return { state: 'sent', at: now() }
    } catch (error) {
      const problem = describeMailError(error)
      if (mailFailureKind(error) === 'failed') {
        log.error(
          { event: 'results.report-failed', ...fields, error: problem },
          `${claim.site}: ${claim.month}'s report refused: ${problem}`,
        )
        return { state: 'failed', at: now(), error: problem }
      }
      const retryAt = now() + Math.min(RETRY_CAP_MS, RETRY_FIRST_MS * 2 ** (claim.attempts - 1))
      log.warn(
        { event: 'results.report-retry', ...fields, error: problem, retryAt: new Date(retryAt).toISOString() },
        `${claim.site}: ${claim.month}'s report not sent yet (${problem}); trying again later`,
      )
      return { state: 'pending', retryAt, error: problem }
    }
  }

  async function check(site: DeliverySite) {
    const { id, timeZone, reports } = site.config
    const month = reports.email.length ? dueMonth(timeZone, now()) : null
    if (!month || settled.has(`${id} ${month}`)) return
    const done = (state: ReportDelivery['state']) => {
      settled.add(`${id} ${month}`)
      log.debug({ event: 'results.report-settled', site: id, month, state }, `${id}: ${month}'s report is settled (${state})`)
    }
    const claim = await results.claimReport(id, month, origin, now(), REPORT_LEASE_MS)
    if (!claim) {
      const delivery = await results.reportDelivery(id, month)
      if (delivery && delivery.state !== 'pending') return done(delivery.state) // another instance settled it
      log.debug(
        { event: 'results.report-held', site: id, month, by: delivery?.claimedBy },
        `${id}: ${month}'s report is another instance's to send now`,
      )
      return
    }
    const outcome = await deliver(site, claim)
    tally.add({ site: id, outcome: outcome.state === 'pending' ? 'retry' : outcome.state })
    if ((await results.settleReport(claim, outcome)) && outcome.state !== 'pending') done(outcome.state)
  }

  /** One look at every site, one site after the other; a site whose check fails is looked at again next time. */
  async function tick() {
    for (const site of sites())
      await check(site).catch((error: unknown) =>
        log.warn(
          { event: 'results.report-check-failed', site: site.config.id, error: String(error) },
          'the monthly report could not be checked',
        ),
      )
  }

  return {
    /** Checks now, then every minute (never two checks at once). */
    start() {
      const next = () => void (running = running.then(tick))
      next()
      timer = setInterval(next, TICK_MS)
      timer.unref()
    },
    /** The check under way is finished first. */
    async stop() {
      clearInterval(timer)
      await running
    },
    /** One check now (the tests). */
    check: () => (running = running.then(tick)),
    /** This instance's monthly reports by site and outcome since it started. */
    tally: () => tally.entries(),
  }
}
