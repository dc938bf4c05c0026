import { OutboundRefused, type OutboundClient } from '../outbound/outbound-client.server.ts'
import { describeError, type DeliveryTiming, type Sender } from './delivery-outbox.server.ts'

/** 2xx delivered; 4xx other than 408/429 will never succeed; anything else may. */
export function classifyStatus(status: number): 'delivered' | 'failed' | 'retry' {
  if (status >= 200 && status < 300) return 'delivered'
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'failed'
  return 'retry'
}

/**
 * The record's relay (linkPostEmail): the provider-compatible body frozen when the lead was stored,
 * posted as JSON with the lead's id as Idempotency-Key, so the relay can drop a repeat.
 */
export function relaySender(outbound: OutboundClient, timing: Pick<DeliveryTiming, 'timeoutMs'>): Sender {
  return async (delivery) => {
    if (!delivery.target) return { outcome: 'failed', error: 'no relay URL' }
    try {
      const { status } = await outbound.request(delivery.target, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': delivery.lead.id },
        body: JSON.stringify(delivery.lead.relayBody),
        timeoutMs: timing.timeoutMs,
        maxBytes: 0,
        redirects: 0, // a redirect would send the lead somewhere the record did not name
      })
      return { outcome: classifyStatus(status), error: `HTTP ${status}` }
    } catch (e) {
      // A refused address stays refused: the lead is kept, the delivery failed with the reason, never sent there.
      return { outcome: e instanceof OutboundRefused ? 'failed' : 'retry', error: describeError(e) }
    }
  }
}
