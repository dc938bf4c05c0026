import { Webhook } from 'standardwebhooks'
import type { OutboundClient } from '../outbound/outbound-client.server.ts'
import type { WebhookDestination } from '../sites/site-config.server.ts'
import { signingSecrets } from '../storage/webhook-secrets.server.ts'
import type { DeliveryTiming } from '../config/delivery-timing.ts'
import { postDelivery, type Sender } from './delivery-outbox.server.ts'
import { leadConsoleUrl, leadFacts, oneLine, type LeadSite } from './lead-facts.server.ts'
import type { StoredLead } from '../storage/lead-store.server.ts'

/**
 * A lead to a CRM's webhook, as Standard Webhooks says (https://www.standardwebhooks.com): the body
 * `{ type: "lead.created", timestamp, version, data }` (docs/webhooks/lead.created.v2.schema.json), signed with the
 * site's `whsec_` secret. `webhook-id` is the delivery's id, the same on every retry and resend, so the
 * receiver can drop a repeat; `webhook-timestamp` is the attempt's own time (receivers refuse old ones).
 */

export const WEBHOOK_EVENT = 'lead.created'

/** The body's version: `version` in every body, and the schema it follows (docs/webhooks/lead.created.v2.schema.json). */
export const WEBHOOK_BODY_VERSION = 2

/** What a body says about the site and the console, read when it is sent. */
export interface WebhookContext {
  site: LeadSite | undefined
  consoleUrl: string | null
}

/**
 * The body's bytes: the same for every attempt of a lead while the site keeps its name and address.
 * Version 2 adds what a CRM maps without code (the name, the phone in E.164, the business, its site and
 * the lead's page in the console, the visit's source and campaign); version 1's fields stay, with the same meaning, until version 3
 * (`site` is `siteId`; `firstName`, `lastName` and `phone` are kept, `phone` as typed). Every text is
 * on one line (CR/LF folded), but the message's line breaks, which are the visitor's, as LF.
 */
export function webhookBody(lead: StoredLead, { site, consoleUrl }: WebhookContext = { site: undefined, consoleUrl: null }): string {
  const receivedAt = new Date(lead.createdAt).toISOString()
  const { firstName, lastName, email, phone, address, service, contactWays, message } = lead.lead
  const facts = leadFacts(lead)
  return JSON.stringify({
    type: WEBHOOK_EVENT,
    timestamp: receivedAt,
    version: WEBHOOK_BODY_VERSION,
    data: {
      id: lead.id,
      siteId: lead.site,
      businessName: oneLine(site?.businessName ?? ''),
      siteUrl: site?.siteUrl ?? null,
      leadUrl: leadConsoleUrl(consoleUrl, lead.site, lead.id),
      form: lead.form,
      // Where the visit that sent it began, as the results counted it (null: not known).
      source: lead.arrival?.source ?? null,
      utmSource: lead.arrival?.utmSource ?? null,
      medium: lead.arrival?.medium ?? null,
      campaign: lead.arrival?.campaign ?? null,
      receivedAt,
      name: facts.name,
      email: oneLine(email),
      phoneE164: facts.phone?.number ?? null,
      phoneExtension: facts.phone?.ext || null,
      address: oneLine(address),
      service: oneLine(service),
      contactWays,
      message: message.replace(/\r\n?/g, '\n'),
      // Version 1's fields, kept for one more version.
      site: lead.site,
      firstName: oneLine(firstName),
      lastName: oneLine(lastName),
      phone: oneLine(phone),
    },
  })
}

/**
 * The three Standard Webhooks headers of one attempt, signed with each secret (during a rotation the new and the old
 * one: `v1,… v1,…`, space-separated as the specification allows, so a receiver that knows either accepts it).
 */
export function signedHeaders(secrets: string[], id: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' '),
  }
}

/** A POST of a signed body to a webhook: the headers every delivery (and a test delivery) carries. */
export const webhookHeaders = (hook: WebhookDestination, id: string, now: number, body: string) => ({
  'Content-Type': 'application/json',
  'User-Agent': 'tradesite-webhooks',
  ...signedHeaders(signingSecrets(hook, now), id, new Date(now), body),
})

/** 2xx delivered; 410 Gone: the receiver asks for no more (that lead fails, and the destination pauses for later ones); anything else is retried. */
export function classifyWebhookStatus(status: number): 'delivered' | 'failed' | 'retry' {
  if (status >= 200 && status < 300) return 'delivered'
  return status === 410 ? 'failed' : 'retry'
}

export interface WebhookSenderOptions {
  outbound: OutboundClient
  timing: Pick<DeliveryTiming, 'timeoutMs'>
  /** The site's webhooks now: the secret is the current one (rotated since the lead was stored: the new one signs). */
  webhooksOf: (site: string) => WebhookDestination[] | undefined
  /** The site's name and address now (undefined once it is no longer served). */
  siteOf?: (site: string) => LeadSite | undefined
  /** CONSOLE_URL, for `leadUrl`. */
  consoleUrl?: string | null
  now?: () => number
}

export function webhookSender({ outbound, timing, webhooksOf, siteOf, consoleUrl = null, now = Date.now }: WebhookSenderOptions): Sender {
  return async (delivery) => {
    // Secrets are never stored with a lead; a webhook the site no longer lists is never sent, signed or not.
    const hook = webhooksOf(delivery.lead.site)?.find((w) => w.url === delivery.target)
    if (!hook) return { outcome: 'failed', error: 'the site no longer lists this webhook', unlisted: true }
    const body = webhookBody(delivery.lead, { site: siteOf?.(delivery.lead.site), consoleUrl })
    const headers = webhookHeaders(hook, delivery.id, now(), body)
    return postDelivery(outbound, hook.url, { headers, body, timeoutMs: timing.timeoutMs }, (status) => ({
      outcome: classifyWebhookStatus(status),
      error: status === 410 ? 'HTTP 410: the receiver stopped this webhook' : `HTTP ${status}`,
      pause: status === 410,
    }))
  }
}
