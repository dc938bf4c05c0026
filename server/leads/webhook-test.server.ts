import crypto from 'node:crypto'
import type { OutboundClient } from '../outbound/outbound-client.server.ts'
import type { WebhookDestination } from '../sites/site-config.server.ts'
import { describeError } from './delivery-outbox.server.ts'
import type { StoredLead } from '../storage/lead-store.server.ts'
import { webhookBody, webhookHeaders, type WebhookContext } from './webhook-sender.server.ts'

/**
 * "Send a test delivery" (console and API): a sample lead in the webhook's own body, marked `"test": true`, signed and
 * sent as every delivery is (the same headers, the same outbound gate), once, never retried, never stored. The answer
 * is what the receiver said: its status and the first bytes of its body, or why nothing came back.
 */

/** How much of the receiver's answer is shown. */
export const ANSWER_SHOWN_BYTES = 500

export type TestDeliveryResult = { sent: true; status: number; answer: string; truncated: boolean } | { sent: false; error: string }

/** The lead a test delivery carries: plainly a sample (example.com addresses, a 555 number). */
export function sampleLead(site: string, now: number): StoredLead {
  return {
    id: `test_${crypto.randomBytes(6).toString('hex')}`,
    pageId: site,
    site,
    createdAt: now,
    lead: {
      firstName: 'Test',
      lastName: 'Delivery',
      email: 'test.delivery@example.com',
      phone: '(303) 555-0100',
      address: '1 Example Street',
      service: 'Test delivery',
      contactWays: ['email'],
      message: 'A test delivery from the console: not a visitor’s lead.',
    },
    relayBody: {} as StoredLead['relayBody'],
    form: null,
    idempotencyKey: '',
    erased: null,
  }
}

/** The body of a test delivery: the webhook's body of the sample lead, with `"test": true` after its version. */
export function testDeliveryBody(site: string, now: number, context: WebhookContext): string {
  const { type, timestamp, version, data } = JSON.parse(webhookBody(sampleLead(site, now), context)) as Record<string, unknown>
  return JSON.stringify({ type, timestamp, version, test: true, data })
}

export async function sendTestDelivery(
  outbound: OutboundClient,
  hook: WebhookDestination,
  { site, context, timeoutMs, now = Date.now() }: { site: string; context: WebhookContext; timeoutMs: number; now?: number },
): Promise<TestDeliveryResult> {
  const body = testDeliveryBody(site, now, context)
  const id = `msg_test_${crypto.randomBytes(9).toString('base64url')}`
  try {
    const answer = await outbound.request(hook.url, {
      method: 'POST',
      headers: webhookHeaders(hook, id, now, body),
      body,
      timeoutMs,
      maxBytes: 0,
      firstBytes: ANSWER_SHOWN_BYTES + 1,
      redirects: 0,
    })
    const shown = answer.body.subarray(0, ANSWER_SHOWN_BYTES)
    // Bytes cut inside a character end in U+FFFD, never in a broken string.
    return { sent: true, status: answer.status, answer: shown.toString('utf8'), truncated: answer.body.length > ANSWER_SHOWN_BYTES }
  } catch (error) {
    return { sent: false, error: describeError(error) }
  }
}
