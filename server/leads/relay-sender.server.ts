import type { OutboundClient } from '../outbound/outbound-client.server.ts'
import type { DeliveryTiming } from '../config/delivery-timing.ts'
import { postDelivery, type Sender } from './delivery-outbox.server.ts'

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
    const request = {
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': delivery.lead.id },
      body: JSON.stringify(delivery.lead.relayBody),
      timeoutMs: timing.timeoutMs,
    }
    return postDelivery(outbound, delivery.target, request, (status) => ({ outcome: classifyStatus(status), error: `HTTP ${status}` }))
  }
}
