import { Webhook } from 'standardwebhooks'
import type { OutboundClient } from '../outbound/outbound-client.server.ts'
import type { WebhookDestination } from '../sites/site-config.server.ts'
import { postDelivery, type DeliveryTiming, type Sender } from './delivery-outbox.server.ts'
import type { StoredLead } from './lead-store.server.ts'

/**
 * A lead to a CRM's webhook, as Standard Webhooks says (https://www.standardwebhooks.com): the body
 * `{ type: "lead.created", timestamp, data }` (docs/webhooks/lead.created.schema.json), signed with the
 * site's `whsec_` secret. `webhook-id` is the delivery's id, the same on every retry and resend, so the
 * receiver can drop a repeat; `webhook-timestamp` is the attempt's own time (receivers refuse old ones).
 */

export const WEBHOOK_EVENT = 'lead.created'

/** The body's bytes: the same for every attempt of a lead (what the lead is never changes). */
export function webhookBody(lead: StoredLead): string {
  const receivedAt = new Date(lead.createdAt).toISOString()
  const { firstName, lastName, email, phone, address, service, contactWays, message } = lead.lead
  return JSON.stringify({
    type: WEBHOOK_EVENT,
    timestamp: receivedAt,
    data: {
      id: lead.id,
      site: lead.site,
      form: lead.form,
      receivedAt,
      firstName,
      lastName,
      email,
      phone,
      address,
      service,
      contactWays,
      message,
    },
  })
}

/** The three Standard Webhooks headers of one attempt. */
export function signedHeaders(secret: string, id: string, at: Date, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  }
}

/** 2xx delivered; 410 Gone: the receiver asks for no more (that destination stops for that lead); anything else is retried. */
export function classifyWebhookStatus(status: number): 'delivered' | 'failed' | 'retry' {
  if (status >= 200 && status < 300) return 'delivered'
  return status === 410 ? 'failed' : 'retry'
}

export interface WebhookSenderOptions {
  outbound: OutboundClient
  timing: Pick<DeliveryTiming, 'timeoutMs'>
  /** The site's webhooks now: the secret is the current one (rotated since the lead was stored: the new one signs). */
  webhooksOf: (site: string) => WebhookDestination[] | undefined
  now?: () => number
}

export function webhookSender({ outbound, timing, webhooksOf, now = Date.now }: WebhookSenderOptions): Sender {
  return async (delivery) => {
    // Secrets are never stored with a lead; a webhook the site no longer lists is never sent, signed or not.
    const hook = webhooksOf(delivery.lead.site)?.find((w) => w.url === delivery.target)
    if (!hook) return { outcome: 'failed', error: 'the site no longer lists this webhook' }
    const body = webhookBody(delivery.lead)
    const headers = {
      'Content-Type': 'application/json',
      'User-Agent': 'tradesite-webhooks',
      ...signedHeaders(hook.secret, delivery.id, new Date(now()), body),
    }
    return postDelivery(outbound, hook.url, { headers, body, timeoutMs: timing.timeoutMs }, (status) => ({
      outcome: classifyWebhookStatus(status),
      error: status === 410 ? 'HTTP 410: the receiver stopped this webhook' : `HTTP ${status}`,
    }))
  }
}
