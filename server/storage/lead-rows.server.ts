import type { EstimateLead } from '#app/forms/estimate-form.ts'
import type { LeadRow, NewLead, RelayState } from '#server/leads/lead-store.server.ts'
import type { RelayBody } from '#server/leads/relay-body.server.ts'

/**
 * The leads table's columns, the same in SQLite and PostgreSQL, and their mapping to LeadRow. The
 * tables still have `client_ip` and `user_agent` (a previous version wrote them): nothing writes or
 * reads them now, and the database keeps them empty (the migrations' triggers).
 */

export interface LeadColumns {
  id: string
  idempotency_key: string
  page_id: string
  site: string
  created_at: number
  lead_json: string | EstimateLead
  relay_body_json: string | RelayBody
  relay_url: string | null
  state: RelayState
  attempts: number
  queued_at: number
  next_attempt_at: number
  claimed_until: number
  claimed_by: string | null
  last_error: string | null
  delivered_at: number | null
}

/** PostgreSQL's json columns arrive parsed; SQLite's text does not. */
const parsed = <T>(value: string | T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

export const toLeadRow = (r: LeadColumns): LeadRow => ({
  id: r.id,
  pageId: r.page_id,
  site: r.site,
  createdAt: r.created_at,
  lead: parsed(r.lead_json),
  relayBody: parsed(r.relay_body_json),
  relayUrl: r.relay_url,
  state: r.state,
  attempts: r.attempts,
  queuedAt: r.queued_at,
  nextAttemptAt: r.next_attempt_at,
  claimedUntil: r.claimed_until,
  claimedBy: r.claimed_by,
  lastError: r.last_error,
  deliveredAt: r.delivered_at,
  idempotencyKey: r.idempotency_key,
})

/** The columns of a new lead. */
export function newLeadColumns(input: NewLead, id: string): LeadColumns {
  return {
    id,
    idempotency_key: input.idempotencyKey ?? id,
    page_id: input.pageId,
    site: input.site,
    created_at: input.now,
    lead_json: JSON.stringify(input.lead),
    relay_body_json: JSON.stringify(input.relayBody),
    relay_url: input.relayUrl,
    state: input.relayUrl ? 'pending' : 'held',
    attempts: 0,
    queued_at: input.now,
    next_attempt_at: input.now,
    claimed_until: 0,
    claimed_by: null,
    last_error: null,
    delivered_at: null,
  }
}

/** The columns of a lead copied from another store; an unfinished claim is dropped so it relays again. */
export function importedLeadColumns(row: LeadRow): LeadColumns {
  return {
    id: row.id,
    idempotency_key: row.idempotencyKey,
    page_id: row.pageId,
    site: row.site,
    created_at: row.createdAt,
    lead_json: JSON.stringify(row.lead),
    relay_body_json: JSON.stringify(row.relayBody),
    relay_url: row.relayUrl,
    state: row.state,
    attempts: row.attempts,
    queued_at: row.queuedAt,
    next_attempt_at: row.nextAttemptAt,
    claimed_until: 0,
    claimed_by: row.claimedBy,
    last_error: row.lastError,
    delivered_at: row.deliveredAt,
  }
}
