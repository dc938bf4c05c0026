import { randomUUID } from 'node:crypto'
import type { EstimateLead } from '#app/forms/estimate-form.ts'
import type {
  Delivery,
  DeliveryKind,
  DeliveryState,
  DueDelivery,
  EmailDetail,
  LeadArrival,
  LeadRow,
  NewLead,
  StoredLead,
} from '#server/leads/lead-store.server.ts'
import type { RelayBody } from '#server/leads/relay-body.server.ts'

/**
 * The leads and lead_deliveries tables' columns, the same in SQLite and PostgreSQL, and their mapping
 * to LeadRow and Delivery. The leads table still has `client_ip` and `user_agent` (a version before
 * issue 30 wrote them) and the relay's state columns (before issue 36 the relay was the lead's only
 * destination): nothing reads them now. The relay's columns are written so that a previous version
 * still running beside this one (a rolling deploy) never claims a lead: `claimed_until` is LEGACY_CLAIM,
 * forever in the future; a lead such a version stores gets its relay delivery from the migrations' trigger.
 */

/** Where a delivery stands: its own columns, and the old relay columns of a lead. */
interface StateColumns {
  state: DeliveryState
  attempts: number
  queued_at: number
  next_attempt_at: number
  claimed_until: number
  claimed_by: string | null
  last_error: string | null
  delivered_at: number | null
}

export interface LeadColumns extends StateColumns {
  id: string
  idempotency_key: string
  page_id: string
  site: string
  created_at: number
  lead_json: string | EstimateLead
  relay_body_json: string | RelayBody
  form: string | null
  /** Issue 45: where the lead's visit began (LeadArrival), null when not known. */
  arrival_json: string | LeadArrival | null
  relay_url: string | null
  erased_at: number | null
  erased_reason: string | null
}

export interface DeliveryColumns extends StateColumns {
  id: string
  lead_id: string
  kind: DeliveryKind
  position: number
  target: string | null
  detail_json: string | EmailDetail | null
}

/** A cancelled delivery's last error: the lead it would have carried was erased. */
export const CANCELLED_BY_ERASURE = 'Cancelled: the lead was erased before it was sent.'

/** The leads' old relay columns say "taken by the deliveries table" to a previous version: a lease that never ends. */
export const LEGACY_CLAIM = Number.MAX_SAFE_INTEGER

/** PostgreSQL's json columns arrive parsed; SQLite's text does not. */
const parsed = <T>(value: string | T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

export const toStoredLead = (r: LeadColumns): StoredLead => ({
  id: r.id,
  pageId: r.page_id,
  site: r.site,
  createdAt: r.created_at,
  lead: parsed(r.lead_json),
  relayBody: parsed(r.relay_body_json),
  form: r.form,
  arrival: r.arrival_json === null || r.arrival_json === undefined ? null : parsed(r.arrival_json),
  idempotencyKey: r.idempotency_key,
  erased: r.erased_at === null || r.erased_at === undefined ? null : { at: Number(r.erased_at), reason: r.erased_reason ?? '' },
})

export const toDelivery = (r: DeliveryColumns): Delivery => ({
  id: r.id,
  leadId: r.lead_id,
  kind: r.kind,
  position: r.position,
  target: r.target,
  detail: r.detail_json === null ? null : parsed(r.detail_json),
  state: r.state,
  attempts: r.attempts,
  queuedAt: r.queued_at,
  nextAttemptAt: r.next_attempt_at,
  claimedUntil: r.claimed_until,
  claimedBy: r.claimed_by,
  lastError: r.last_error,
  deliveredAt: r.delivered_at,
})

export const toDueDelivery = (delivery: DeliveryColumns, lead: LeadColumns): DueDelivery => ({
  ...toDelivery(delivery),
  lead: toStoredLead(lead),
})

/** Deliveries in their positions' order. */
export const sortedDeliveries = (rows: DeliveryColumns[]): Delivery[] => rows.map(toDelivery).sort((a, b) => a.position - b.position)

/** Leads with their deliveries (in any order; each lead's come out by position). */
export function toLeadRows(leads: LeadColumns[], deliveries: DeliveryColumns[]): LeadRow[] {
  const byLead = new Map<string, DeliveryColumns[]>()
  for (const d of deliveries) (byLead.get(d.lead_id) ?? byLead.set(d.lead_id, []).get(d.lead_id)!).push(d)
  return leads.map((l) => ({ ...toStoredLead(l), deliveries: sortedDeliveries(byLead.get(l.id) ?? []) }))
}

/** The columns of a new lead and its deliveries. The relay's delivery has the lead's id: its Idempotency-Key since the start. */
export function newLeadColumns(input: NewLead, id: string): { lead: LeadColumns; deliveries: DeliveryColumns[] } {
  const lead: StoredLead = {
    id,
    pageId: input.pageId,
    site: input.site,
    createdAt: input.now,
    lead: input.lead,
    relayBody: input.relayBody,
    form: input.form ?? null,
    arrival: input.arrival ?? null,
    idempotencyKey: input.idempotencyKey ?? id,
    erased: null,
  }
  const deliveries = input.deliveries.map((d, position): Delivery => ({
    id: d.kind === 'relay' ? id : randomUUID(),
    leadId: id,
    kind: d.kind,
    position,
    target: d.target,
    detail: d.kind === 'email' ? d.detail : null,
    state: d.kind === 'relay' && !d.target ? 'held' : 'pending',
    attempts: 0,
    queuedAt: input.now,
    nextAttemptAt: input.now,
    claimedUntil: 0,
    claimedBy: null,
    lastError: null,
    deliveredAt: null,
  }))
  return rowColumns({ ...lead, deliveries })
}

/** The columns of a lead (with its deliveries) as stored, or as copied from another store: an unfinished claim is dropped so it is sent again. */
export function rowColumns(row: LeadRow): { lead: LeadColumns; deliveries: DeliveryColumns[] } {
  const relay = row.deliveries.find((d) => d.kind === 'relay')
  const lead: LeadColumns = {
    id: row.id,
    idempotency_key: row.idempotencyKey,
    page_id: row.pageId,
    site: row.site,
    created_at: row.createdAt,
    lead_json: JSON.stringify(row.lead),
    relay_body_json: JSON.stringify(row.relayBody),
    form: row.form,
    arrival_json: row.arrival ? JSON.stringify(row.arrival) : null,
    erased_at: row.erased?.at ?? null,
    erased_reason: row.erased?.reason ?? null,
    // The old relay columns, for a previous version's eyes only (see LEGACY_CLAIM).
    relay_url: relay?.target ?? null,
    state: relay?.state ?? 'failed',
    attempts: 0,
    queued_at: row.createdAt,
    next_attempt_at: row.createdAt,
    claimed_until: LEGACY_CLAIM,
    claimed_by: null,
    last_error: null,
    delivered_at: null,
  }
  const deliveries = row.deliveries.map((d): DeliveryColumns => ({
    id: d.id,
    lead_id: row.id,
    kind: d.kind,
    position: d.position,
    target: d.target,
    detail_json: d.detail === null ? null : JSON.stringify(d.detail),
    state: d.state,
    attempts: d.attempts,
    queued_at: d.queuedAt,
    next_attempt_at: d.nextAttemptAt,
    claimed_until: 0,
    claimed_by: d.claimedBy,
    last_error: d.lastError,
    delivered_at: d.deliveredAt,
  }))
  return { lead, deliveries }
}
