import { DELIVERY_KINDS, type DeliveryKind, type DeliveryState, type LeadRow } from '../storage/lead-store.server.ts'
import type { Site } from '../services.server.ts'
import type { ConsoleContext } from './console-context.ts'
import { notFound, readForm, requireSiteAccess } from './authorize.server.ts'
import { recordActivity } from './people.server.ts'
import { arrivalWords } from '../leads/lead-facts.server.ts'

/**
 * A lead's deliveries as the console shows them, one entry per destination (the record's relay, the
 * contractor's inbox, each CRM webhook: server/leads/), and the one way to send a lead again: the lead
 * outbox's own resend, as `npm run leads -- --resend` does.
 */

export interface Delivery {
  kind: DeliveryKind
  state: DeliveryState
  attempts: number
  lastError: string | null
  deliveredAt: number | null
}

export const deliveriesOf = (lead: LeadRow): Delivery[] =>
  lead.deliveries.map(({ kind, state, attempts, lastError, deliveredAt }) => ({ kind, state, attempts, lastError, deliveredAt }))

/** The kinds the console offers to send again: those with a delivery that finished (delivered, or given up). */
export const resendableKinds = (lead: LeadRow): DeliveryKind[] =>
  lead.erased
    ? []
    : DELIVERY_KINDS.filter((kind) => lead.deliveries.some((d) => d.kind === kind && (d.state === 'delivered' || d.state === 'failed')))

/** One lead of one site: a lead of another site, by its id, is 404 as if it did not exist. */
export async function siteLead(ctx: ConsoleContext, site: Site, leadId: string | undefined): Promise<LeadRow> {
  const lead = leadId && /^[\w-]{1,100}$/.test(leadId) ? await ctx.services.storage.leads.getLead(leadId) : undefined
  if (!lead || lead.site !== site.id) notFound()
  return lead
}

/** Sends a lead again now, to every destination or to one kind (staff and admins); false when nothing could be queued. */
async function resendLead(ctx: ConsoleContext, site: Site, lead: LeadRow, kind: DeliveryKind | undefined, by: string): Promise<boolean> {
  const answer = await ctx.services.outbox.resend(lead.id, kind)
  if (!answer.found || answer.queued.length === 0) return false
  await recordActivity(ctx.store, ctx.now(), by, 'resent-lead', site.id, kind ? `${lead.id} (${kind})` : lead.id)
  return true
}

/** What a lead page shows of a lead: what the visitor typed, when, and where it went. */
export const leadView = (lead: LeadRow) => ({
  id: lead.id,
  createdAt: lead.createdAt,
  typed: lead.lead,
  /** Where its visit began (issue 45), in the console's words (English); null when not known. */
  cameFrom: arrivalWords(lead.arrival, 'en'),
  /** A tombstone's reason ("erased on request"): its fields are empty. */
  erased: lead.erased?.reason ?? null,
  deliveries: deliveriesOf(lead),
  resendable: resendableKinds(lead),
})
export type LeadView = ReturnType<typeof leadView>

/** The resend button's post (a site's leads and a lead's page): the role may resend, the lead is this site's. */
export async function resendFromForm(ctx: ConsoleContext, request: Request, siteId: string | undefined) {
  const { person, site } = await requireSiteAccess(ctx, request, siteId, 'resend')
  const form = await readForm(request)
  const [leadId, asked] = [form.get('lead'), form.get('kind')]
  const lead = await siteLead(ctx, site, typeof leadId === 'string' ? leadId : undefined)
  const kind = DELIVERY_KINDS.find((k) => k === asked)
  return (await resendLead(ctx, site, lead, kind, person.email))
    ? { resent: lead.id, error: null }
    : { resent: null, error: 'This lead is on its way already, or waits for the record’s relay address: nothing to resend.' }
}
