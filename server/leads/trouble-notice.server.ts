import { randomUUID } from 'node:crypto'
import { escapeHtml } from '../html/html-template.ts'
import { describeMailError, senderDomain, type Mailer } from '../mail/mailer.server.ts'
import { urlForLog } from '../observability/log-safe.server.ts'
import { leadsLogger, type Logger } from './delivery-outbox.server.ts'
import type { DestinationKey, DestinationTroubleStore } from '../storage/lead-store.server.ts'

/**
 * A site's destination that failed (gave up, or answered 410 and paused) told to the agency's admins:
 * one email per destination and day (UTC) across the fleet, whoever's process saw the failure first
 * (`claimTroubleNotice`). The console shows the same destination "needs attention" until it delivers
 * again or, paused, until someone re-enables it.
 */

export interface TroubleNoticeOptions {
  store: Pick<DestinationTroubleStore, 'claimTroubleNotice'>
  mailer: Mailer
  /** MAIL_FROM: the Message-ID's domain. */
  from: string
  /** The agency's admins' addresses now (the console's people with the admin role). */
  admins: () => Promise<string[]>
  /** CONSOLE_URL: the notice links to the site there. */
  consoleUrl: string | null
  now?: () => number
  logger?: Logger
}

export type DestinationProblem = DestinationKey & { paused: boolean; error: string }

/** What the notice says: which site, which destination, what it answered, and what to do. */
export function troubleNotice({ site, kind, target, paused, error }: DestinationProblem, consoleUrl: string | null) {
  const where = kind === 'webhook' ? `the webhook ${urlForLog(target)}` : `the lead email to ${target.split(',').join(', ')}`
  const siteUrl = consoleUrl && new URL(`sites/${encodeURIComponent(site)}`, consoleUrl.endsWith('/') ? consoleUrl : `${consoleUrl}/`).href
  const subject = `Needs attention: ${kind === 'webhook' ? 'a webhook' : 'the lead email'} of ${site}`
  const text = [
    `Leads of the site ${site} could not reach ${where}.`,
    `Its last answer: ${error}.`,
    '',
    paused
      ? 'It answered 410 Gone, so it is paused: the leads since wait, kept, and go once someone re-enables it on the site’s page in the console.'
      : 'The lead is kept; each next lead is tried again. Check the address, the receiver or its settings.',
    ...(siteUrl ? ['', `The site in the console: ${siteUrl}`] : []),
    '',
    'You get this once a day per destination while it keeps failing.',
  ].join('\n')
  return { subject, text }
}

export function createTroubleNotifier({
  store,
  mailer,
  from,
  admins,
  consoleUrl,
  now = Date.now,
  logger = leadsLogger,
}: TroubleNoticeOptions) {
  async function notify(problem: DestinationProblem): Promise<boolean> {
    const to = await admins()
    if (!to.length) return false
    const day = new Date(now()).toISOString().slice(0, 10)
    if (!(await store.claimTroubleNotice(problem, day))) return false
    const { subject, text } = troubleNotice(problem, consoleUrl)
    await mailer.send({
      to,
      subject,
      text,
      html: `<!doctype html><html lang="en"><body style="font:16px/1.5 Arial,Helvetica,sans-serif;white-space:pre-wrap">${escapeHtml(text)}</body></html>`,
      messageId: `<trouble-${randomUUID()}@${senderDomain(from)}>`,
    })
    logger.info('lead destination trouble told to the admins', { event: 'lead.destination-notice', site: problem.site, kind: problem.kind })
    return true
  }
  return {
    notify,
    /** Fire and forget from the outbox: a notice that fails is logged, the outbox goes on. */
    tell(problem: DestinationProblem) {
      notify(problem).catch((e: unknown) =>
        logger.warn('could not email the admins about a failing lead destination', { site: problem.site, error: describeMailError(e) }),
      )
    },
  }
}
