import type { EstimateLead } from '#app/forms/estimate-form.ts'
import type { Lang } from '#app/i18n/strings.ts'

/** The JSON the provider's existing email relay understands (docs/product.md, "The lead relay"). Field names are theirs. */
export interface RelayBody {
  toEmail: string
  nombre: string
  lastname: string
  email: string
  asunto: string
  phone: string
  address: string
  service: string
  mensaje: string
  img: string
  color: '1'
  waytocontact: string
}

/**
 * Every lead lives in the lead store first, so none is ever only in an email or only in memory.
 * A lead is what the visitor typed, and nothing else of theirs: not their address, not their browser.
 * Each lead has one delivery per destination (the record's relay, the site's inbox, each of its
 * webhooks), each with its own state, attempts, back-off and lease: the outbox
 * (delivery-outbox.server.ts) works through them one by one. Which destinations a lead has, and
 * the relay body and URL, are fixed when it is stored: a later record change never alters what a
 * lead was promised to be sent as. Times are epoch milliseconds.
 * Implemented over SQLite and PostgreSQL (server/storage/); the code above does not know which.
 */

export const DELIVERY_KINDS = ['relay', 'email', 'webhook'] as const
export type DeliveryKind = (typeof DELIVERY_KINDS)[number]
/** `held`: a relay waiting for the record's linkPostEmail (the only kind that waits for one). */
export type DeliveryState = 'pending' | 'delivered' | 'failed' | 'held'

/** What an email delivery keeps besides the lead: who it goes to and how it speaks, as they were when it was stored. */
export interface EmailDetail {
  lang: Lang
  /** The company's name from the record, for the greeting. */
  company: string
  /** The site's IANA time zone: when the lead came, as the contractor's clock says. */
  timeZone: string
}

export interface Delivery {
  /** Unique; the relay's is the lead's id (its Idempotency-Key), a webhook's is its `webhook-id`. */
  id: string
  leadId: string
  kind: DeliveryKind
  /** Its place among the lead's deliveries: relay 0, email 1, webhooks from 2 in the site's order. */
  position: number
  /** The relay's or webhook's URL (null while a relay is held); the email's addresses, comma-separated. */
  target: string | null
  detail: EmailDetail | null
  state: DeliveryState
  attempts: number
  /** When the delivery's clock started (stored, released, or resent): the 3-day give-up counts from here. */
  queuedAt: number
  nextAttemptAt: number
  /** While a worker holds it: the end of its lease (also the claim's token); 0 when unclaimed. */
  claimedUntil: number
  /** The instance that claimed it last (host:pid). */
  claimedBy: string | null
  lastError: string | null
  deliveredAt: number | null
}

/** A lead as the visitor sent it, with what the relay needs frozen. */
export interface StoredLead {
  id: string
  pageId: string
  /** The site the lead came through (its id is its pageId; one site: PAGE_ID). */
  site: string
  createdAt: number
  lead: EstimateLead
  relayBody: RelayBody
  /** Which of the site's forms it came from (home, contact, modal), when the form said. */
  form: string | null
  idempotencyKey: string
  /** Where its visit began, when the results counted it (null: not known; absent on leads from before issue 45). */
  arrival?: LeadArrival | null
  /** A tombstone (issue 44): the visitor's words are gone, the site and time kept so counts stay true; null for a lead as sent. */
  erased: Erasure | null
}

/**
 * Where the visit that sent a lead began (issue 45), as the results counted it: the source by network
 * ("Google", "(direct)") and the landing address's utm_ tags (lower case; null without one). Kept only
 * on the lead the visitor sent, erased with it.
 */
export interface LeadArrival {
  source: string
  /** utm_source: the tag, not the referrer (`source` is the referrer's network). */
  utmSource: string | null
  medium: string | null
  campaign: string | null
}

/** When a lead's content was erased, and why ("erased on request", "older than LEAD_RETENTION_DAYS"). */
export interface Erasure {
  at: number
  reason: string
}

/** What an erased lead holds in place of the visitor's words. */
export const ERASED_LEAD: EstimateLead = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  service: '',
  contactWays: [],
  message: '',
}

/** Where a scan of every lead, oldest first, goes on from; where a page of a site's leads starts. */
export type LeadCursor = { createdAt: number; id: string }

/**
 * A page of one site's leads by keyset (issue 44: as fast on the last page of 100 000 as on the first): the `limit`
 * leads just past `from` (not included) going `toward` older or newer ones, in the order created_at, id; a null
 * `from` starts at the newest (toward older) or the oldest (toward newer) end.
 */
export interface LeadPageRequest {
  /** null: every site's leads (the CLI's export). */
  site: string | null
  from: LeadCursor | null
  toward: 'older' | 'newer'
  limit: number
}

/** A lead with its deliveries, in their positions' order. */
export interface LeadRow extends StoredLead {
  deliveries: Delivery[]
}

/** A delivery a worker claimed, with the lead it carries. */
export interface DueDelivery extends Delivery {
  lead: StoredLead
}

/** One destination of a new lead. */
export type NewDelivery =
  { kind: 'relay'; target: string | null } | { kind: 'email'; target: string; detail: EmailDetail } | { kind: 'webhook'; target: string }

export interface NewLead {
  pageId: string
  site: string
  lead: EstimateLead
  relayBody: RelayBody
  form?: string | null
  arrival?: LeadArrival | null
  /** Its destinations: the relay first (a null URL holds it until the record names one), then the site's own. */
  deliveries: NewDelivery[]
  now: number
  /** A submission key (e.g. from a hidden form field); a repeat returns the stored lead. */
  idempotencyKey?: string
}

/** A claimed delivery, as its worker settles it: only the holder of the current lease may. */
export type DeliveryClaim = Pick<Delivery, 'id' | 'claimedUntil'>

export interface ClaimRequest {
  now: number
  leaseMs: number
  limit: number
  /** Who claims (host:pid), kept on the delivery for diagnosis. */
  owner: string
}

export interface ResendRequest {
  leadId: string
  /** Only this kind; every delivery of the lead otherwise. */
  kind?: DeliveryKind
  now: number
}

export interface LeadStore extends DestinationTroubleStore {
  /** Committed, deliveries and all, before it resolves. `created` is false for a repeated submission key (the first lead is answered). */
  insertLead(input: NewLead): Promise<{ row: LeadRow; created: boolean }>
  /** Copies a lead from another store as it is (ids, states, times); false when its id is already there. */
  importLead(row: LeadRow): Promise<boolean>
  getLead(id: string): Promise<LeadRow | undefined>
  /** Every lead (or a site's), newest first (created_at, id): the CLI's listing and tests. The console pages with `pageLeads`. */
  listLeads(filter?: { site?: string }): Promise<LeadRow[]>
  /** A page of a site's leads, newest first whichever way it was read (the console's Leads page, the CSV export's batches). */
  pageLeads(page: LeadPageRequest): Promise<LeadRow[]>
  /** A site's leads received at or after `since` (epoch ms), oldest first, at most `limit`: the API's sync from a point. */
  leadsFrom(site: string, since: number, limit: number): Promise<LeadRow[]>
  /**
   * Leases up to `limit` due pending deliveries to the caller until now + leaseMs and counts the attempt.
   * Atomic across processes and instances: a delivery is held by one worker at a time.
   */
  claimDue(request: ClaimRequest): Promise<DueDelivery[]>
  /** Each settle is true only for the holder of the delivery's current lease, once. */
  markDelivered(claim: DeliveryClaim, now: number): Promise<boolean>
  scheduleRetry(claim: DeliveryClaim, at: number, error: string): Promise<boolean>
  markFailed(claim: DeliveryClaim, error: string): Promise<boolean>
  /** Held relays (of one page's leads, or all) start relaying to `url`; answers how many. */
  releaseHeld(url: string, now: number, pageId?: string): Promise<number>
  /**
   * Puts a lead's deliveries (or those of one kind) back in the queue, due now, whatever their state:
   * their attempts start again, their ids stay (the receiver can recognise a repeat). A held relay stays
   * held, and one being sent right now is left to its worker. Answers the deliveries queued again.
   */
  resend(request: ResendRequest): Promise<Delivery[]>
  /**
   * How many deliveries each site has of each kind in each state, and when the oldest was queued (the metrics, one grouped
   * query); `undelivered`: only those not delivered (the console's Sites page), read from the partial index of them
   * rather than from every delivery ever made.
   */
  deliveryCounts(filter?: { undelivered?: boolean }): Promise<DeliveryCount[]>
  /** How many leads each site stored from `since` on, tombstones included (the console's Sites page, one grouped query). */
  leadsSince(since: number): Promise<{ site: string; count: number }[]>
  /**
   * How many of a site's leads were stored in [from, before), erased ones (tombstones) left out: the month report's
   * "and N more" counts only leads it could have listed.
   */
  countLeads(site: string, from: number, before: number): Promise<number>
  /**
   * Every lead a site ever stored, tombstones included (an erased lead keeps its row): the Leads page's total. Read from
   * a count per site the database keeps in step with every insert (lead_totals), not counted again on each view.
   */
  leadTotal(site: string): Promise<number>
  /** Up to `limit` leads not erased, oldest first (created_at, id), after `after`: a visitor's search, the retention sweep. */
  scanLeads(after: LeadCursor | null, limit: number): Promise<StoredLead[]>
  /**
   * Erases these leads' content (the visitor's fields and the relay body they were copied into) and cancels their
   * deliveries not sent yet, in one transaction; then the old bytes leave the files (SQLite's secure_delete and a WAL
   * checkpoint, PostgreSQL's VACUUM FULL). Answers how many leads were erased and deliveries cancelled.
   */
  eraseLeads(ids: string[], reason: string, now: number): Promise<{ erased: number; cancelled: number }>
}

/**
 * A destination (a site's webhook or inbox, its relay) that failed and has not delivered since: shown
 * "needs attention" in the console and counted by the metrics. `paused` (it answered 410 Gone): later
 * leads wait for it until someone re-enables it. `notifiedDay` is the day (UTC) its admins were last emailed.
 */
export interface DestinationTrouble {
  site: string
  kind: DeliveryKind
  target: string
  paused: boolean
  since: number
  lastError: string
  notifiedDay: string | null
}

export type DestinationKey = Pick<DestinationTrouble, 'site' | 'kind' | 'target'>

/** What the outbox asks of a store about destinations in trouble. */
export interface DestinationTroubleStore {
  /** Notes a failure (paused: the destination asked for no more); a paused destination stays paused until `reenable`. */
  noteTrouble(trouble: DestinationKey & { paused: boolean; error: string; at: number }): Promise<void>
  /** A delivery reached the destination: it is no longer in trouble (a paused one is never sent to, so stays paused). */
  clearTrouble(key: DestinationKey): Promise<void>
  /** Every destination in trouble, of one site or all. */
  troubles(site?: string): Promise<DestinationTrouble[]>
  /** True once per destination and `day` across the fleet: who gets it sends the day's notice. */
  claimTroubleNotice(key: DestinationKey, day: string): Promise<boolean>
  /** Ends a pause (the console): the destination's waiting deliveries are due at `now`; answers how many. */
  reenable(key: DestinationKey, now: number): Promise<number>
  /** Puts a claimed delivery back without counting an attempt (its destination is paused), due again at `at`. */
  park(claim: DeliveryClaim, at: number, note: string): Promise<boolean>
}

export type DeliveryCount = { site: string; kind: DeliveryKind; state: DeliveryState; count: number; oldestQueuedAt: number }

/** The lead's delivery of one kind (the first, for webhooks). */
export const deliveryOf = (row: Pick<LeadRow, 'deliveries'>, kind: DeliveryKind) => row.deliveries.find((d) => d.kind === kind)
