import type { LeadRow, RelayState } from '../leads/lead-store.server.ts'
import type { Site } from '../services.server.ts'
import type { ConsoleContext } from './console-context.ts'
import { notFound, requireSiteAccess } from './authorize.server.ts'
import { recordActivity } from './people.server.ts'

/**
 * A lead's deliveries as the console shows them: one entry per destination (today the record's relay; the
 * contractor's inbox and CRM webhooks join the list as destinations of their own), and the one way to send a
 * lead again. The page shows whatever this list holds; adding a kind of destination changes only this file.
 */

export type DeliveryState = RelayState
export interface Delivery {
  /** Which destination: 'relay' (the record's email relay). */
  kind: string
  state: DeliveryState
  attempts: number
  lastError: string | null
  deliveredAt: number | null
}

export const deliveriesOf = (lead: LeadRow): Delivery[] => [
  { kind: 'relay', state: lead.state, attempts: lead.attempts, lastError: lead.lastError, deliveredAt: lead.deliveredAt },
]

/** Whether the console offers to send this lead again: a destination that finished (delivered or given up). */
export const canResend = (lead: LeadRow) => deliveriesOf(lead).some((d) => d.state === 'delivered' || d.state === 'failed')

/** One lead of one site: a lead of another site, by its id, is 404 as if it did not exist. */
export async function siteLead(ctx: ConsoleContext, site: Site, leadId: string | undefined): Promise<LeadRow> {
  const lead = leadId && /^[\w-]{1,100}$/.test(leadId) ? await ctx.services.storage.leads.getLead(leadId) : undefined
  if (!lead || lead.site !== site.id) notFound()
  return lead
}

/** Sends a lead again to its destinations now (staff and admins); false when there is nothing to resend. */
export async function resendLead(ctx: ConsoleContext, site: Site, lead: LeadRow, by: string): Promise<boolean> {
  if (!(await ctx.services.storage.leads.requeueLead(lead.id, ctx.now()))) return false
  site.leads.outbox.poke()
  await recordActivity(ctx.store, ctx.now(), by, 'resent-lead', site.id, lead.id)
  return true
}

/** What a lead page shows of a lead: what the visitor typed, when, and where it went. */
export const leadView = (lead: LeadRow) => ({
  id: lead.id,
  createdAt: lead.createdAt,
  typed: lead.lead,
  deliveries: deliveriesOf(lead),
  canResend: canResend(lead),
})
export type LeadView = ReturnType<typeof leadView>

/** The resend button's post (a site's leads and a lead's page): the role may resend, the lead is this site's. */
export async function resendFromForm(ctx: ConsoleContext, request: Request, siteId: string | undefined) {
  const { person, site } = await requireSiteAccess(ctx, request, siteId, 'resend')
  const leadId = (await request.formData()).get('lead')
  const lead = await siteLead(ctx, site, typeof leadId === 'string' ? leadId : undefined)
  return (await resendLead(ctx, site, lead, person.email))
    ? { resent: lead.id, error: null }
    : { resent: null, error: 'This lead is on its way already, or waits for the record’s relay address: nothing to resend.' }
}
