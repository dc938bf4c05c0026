import type { Mailer } from '../mail/mailer.server.ts'
import type { OutboundClient } from '../outbound/outbound-client.server.ts'
import type { SiteConfig } from '../sites/site-config.server.ts'
import { DEFAULT_DELIVERY_TIMING } from '../config/delivery-timing.ts'
import { createDeliveryOutbox, type DeliveryOutboxOptions } from './delivery-outbox.server.ts'
import { emailSender } from './lead-email.server.ts'
import { createTroubleNotifier } from './trouble-notice.server.ts'
import type { LeadSite } from './lead-facts.server.ts'
import { relaySender } from './relay-sender.server.ts'
import { webhookSender } from './webhook-sender.server.ts'

export interface LeadOutboxOptions extends Omit<DeliveryOutboxOptions, 'senders'> {
  /** The process's one outbound client: the relay and every webhook go through it. */
  outbound: OutboundClient
  /** The agency's mail server (SMTP_URL and MAIL_FROM), or null: then a lead has no email destination to send. */
  mail: { mailer: Mailer; from: string } | null
  /** A site's destinations now (null once the site is no longer served): read at each send, for the webhook's current secret and the inbox's addresses. */
  destinationsOf: (site: string) => SiteConfig['leads'] | undefined
  /** A site's name and public address now, for the webhook's body. */
  siteOf?: (site: string) => LeadSite | undefined
  /** CONSOLE_URL: emails and webhooks link to each lead there. */
  consoleUrl?: string | null
  /** The agency's admins' addresses (the console's admins): a failing destination is told to them, once a day. */
  admins?: () => Promise<string[]>
}

/**
 * The process's one outbox for every site's leads, with a sender for each kind of destination. A lead's
 * destinations are fixed when it is stored; what a send reads from the site's settings now is the
 * webhook's secret (rotated: the new one signs) and whether the site still lists the destination at all
 * (docs/decisions/110-lead-destinations.md).
 */
export function createLeadOutbox({ outbound, mail, destinationsOf, siteOf, consoleUrl = null, admins, ...options }: LeadOutboxOptions) {
  const timing = { ...DEFAULT_DELIVERY_TIMING, ...options.timing }
  const notices =
    mail && admins && createTroubleNotifier({ store: options.store, ...mail, admins, consoleUrl, now: options.now, logger: options.logger })
  return createDeliveryOutbox({
    ...options,
    timing,
    onTrouble: notices ? (problem) => notices.tell(problem) : undefined,
    senders: {
      relay: relaySender(outbound, timing),
      webhook: webhookSender({
        outbound,
        timing,
        webhooksOf: (site) => destinationsOf(site)?.webhooks,
        siteOf,
        consoleUrl,
        now: options.now,
      }),
      ...(mail ? { email: emailSender({ ...mail, consoleUrl, emailsOf: (site) => destinationsOf(site)?.email }) } : {}),
    },
  })
}
