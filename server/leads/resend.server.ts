import type { Delivery, DeliveryKind, LeadStore } from '../storage/lead-store.server.ts'

/**
 * Sending a lead again, for whoever asks (`npm run leads -- --resend`, the console): its deliveries, or
 * those of one kind, go back in the queue due now. What could not be queued says why.
 */

export type ResendAnswer =
  { found: false } | { found: true; queued: Delivery[]; notQueued: { delivery: Delivery; reason: string }[]; missing?: DeliveryKind }

export async function resendLead(store: LeadStore, leadId: string, kind: DeliveryKind | undefined, now: number): Promise<ResendAnswer> {
  const row = await store.getLead(leadId)
  if (!row) return { found: false }
  const asked = row.deliveries.filter((d) => !kind || d.kind === kind)
  if (asked.length === 0) return { found: true, queued: [], notQueued: [], missing: kind }
  // An erased lead has nothing left to send: its deliveries stay as the erasure left them.
  if (row.erased)
    return { found: true, queued: [], notQueued: asked.map((delivery) => ({ delivery, reason: `the lead was ${row.erased!.reason}` })) }
  const queued = await store.resend({ leadId, kind, now })
  const queuedIds = new Set(queued.map((d) => d.id))
  const notQueued = asked
    .filter((d) => !queuedIds.has(d.id))
    .map((delivery) => ({
      delivery,
      reason: delivery.state === 'held' ? 'held until the record has a linkPostEmail' : 'being sent right now; see its state in a minute',
    }))
  return { found: true, queued, notQueued }
}
