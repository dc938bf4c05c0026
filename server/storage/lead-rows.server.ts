import { randomUUID } from 'node:crypto'
import type { EstimateLead } from '#app/forms/estimate-form.ts'
import type {
  Delivery,
  DeliveryKind,
  DeliveryState,
  DueDelivery,
  EmailDetail,
  LeadPageRequest,
  LeadArrival,
  LeadRow,
  NewLead,
  RelayBody,
  StoredLead,
} from '#server/storage/lead-store.server.ts'

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

/**
 * The leads columns a StoredLead is read from, never `SELECT *`: not the old relay columns nor client_ip and user_agent
 * (issue 44: building 26 columns per row was half of a page's read, and a CSV export reads 100 000 rows).
 */
const STORED_LEAD_COLUMNS = [
  'id',
  'idempotency_key',
  'page_id',
  'site',
  'created_at',
  'lead_json',
  'relay_body_json',
  'form',
  'arrival_json',
  'erased_at',
  'erased_reason',
] as const satisfies readonly (keyof LeadColumns)[]
export type StoredLeadColumns = Pick<LeadColumns, (typeof STORED_LEAD_COLUMNS)[number]>
/** What follows SELECT to read leads (`FROM leads` unaliased). */
export const LEAD_SELECT = STORED_LEAD_COLUMNS.join(', ')

/** A cancelled delivery's last error: the lead it would have carried was erased. */
export const CANCELLED_BY_ERASURE = 'Cancelled: the lead was erased before it was sent.'

/** The leads' old relay columns say "taken by the deliveries table" to a previous version: a lease that never ends. */
export const LEGACY_CLAIM = Number.MAX_SAFE_INTEGER

/**
 * The partial index of deliveries not delivered yet (issue 44): what the outbox and the console's Sites page read, a
 * small set beside every delivery ever made. SQLite uses a partial index only when a query's WHERE holds its
 * predicate word for word, so the queries that should use it say it too (with state = 'pending', redundantly).
 */
export const UNDELIVERED = "state <> 'delivered'"

/** The deliveries due for a claim, the oldest due first (the outbox), as each backend spells its values. */
export const dueDeliveriesSql = (p: { now: string; leaseNow: string; limit: string }) =>
  `SELECT id FROM lead_deliveries WHERE state = 'pending' AND ${UNDELIVERED} AND next_attempt_at <= ${p.now}
   AND claimed_until <= ${p.leaseNow} ORDER BY next_attempt_at LIMIT ${p.limit}`

/** Deliveries by site, kind and state, with the oldest queued time of each (LeadStore.deliveryCounts); the same SQL in both. */
export const deliveryCountsSql = (undelivered: boolean) =>
  `SELECT l.site, d.kind, d.state, CAST(COUNT(*) AS integer) AS count, MIN(d.queued_at) AS "oldestQueuedAt"
   FROM lead_deliveries d JOIN leads l ON l.id = d.lead_id ${undelivered ? `WHERE d.${UNDELIVERED}` : ''}
   GROUP BY l.site, d.kind, d.state`

/**
 * Issue 44, the same step in both backends: the outbox's due deliveries and the Sites page's waiting, held and failed
 * ones come from a partial index of deliveries not delivered (the full index of every state goes), and a site's leads
 * are paged by (created_at, id), the index's order, with no OFFSET (leads_site, a prefix of it, goes).
 */
export const LEAD_PAGES_MIGRATION = `DROP INDEX lead_deliveries_due;
   CREATE INDEX lead_deliveries_undelivered ON lead_deliveries (state, next_attempt_at) WHERE ${UNDELIVERED};
   DROP INDEX leads_site;
   CREATE INDEX leads_site_page ON leads (site, created_at, id);`

/**
 * The WHERE and ORDER BY … LIMIT of a page of a site's leads (LeadPageRequest) in the order of the leads_site_page
 * index (site, created_at, id), or of every site's (leads_created), given each backend's placeholders (those of the
 * site and the cursor only used when the page has them).
 */
export function leadPageSql(
  page: Pick<LeadPageRequest, 'site' | 'from' | 'toward'>,
  p: { site: string; createdAt: string; id: string; limit: string },
) {
  const [op, dir] = page.toward === 'older' ? ['<', 'DESC'] : ['>', 'ASC']
  const conditions = [
    ...(page.site === null ? [] : [`site = ${p.site}`]),
    ...(page.from ? [`(created_at, id) ${op} (${p.createdAt}, ${p.id})`] : []),
  ]
  return { where: conditions.join(' AND ') || 'true', tail: `ORDER BY created_at ${dir}, id ${dir} LIMIT ${p.limit}` }
}

/** A page's rows newest first, whichever way it was read. */
export const newestFirst = <T>(page: Pick<LeadPageRequest, 'toward'>, rows: T[]): T[] => (page.toward === 'newer' ? rows.reverse() : rows)

/** PostgreSQL's json columns arrive parsed; SQLite's text does not. */
const parsed = <T>(value: string | T): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value)

export const toStoredLead = (r: StoredLeadColumns): StoredLead => ({
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

export const toDueDelivery = (delivery: DeliveryColumns, lead: StoredLeadColumns): DueDelivery => ({
  ...toDelivery(delivery),
  lead: toStoredLead(lead),
})

/** Deliveries in their positions' order. */
export const sortedDeliveries = (rows: DeliveryColumns[]): Delivery[] => rows.map(toDelivery).sort((a, b) => a.position - b.position)

/** Leads with their deliveries (in any order; each lead's come out by position). */
export function toLeadRows(leads: StoredLeadColumns[], deliveries: DeliveryColumns[]): LeadRow[] {
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
