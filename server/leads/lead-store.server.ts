import type { EstimateLead } from '#app/forms/estimate-form.ts'
import type { RelayBody } from './relay-body.server.ts'

/**
 * Every lead lives in the lead store first, so none is ever only in an email or only in memory.
 * A lead is what the visitor typed, and nothing else of theirs: not their address, not their browser.
 * The relay body and URL are frozen at submit time: a later record change never alters
 * what a lead was promised to be sent as. Times are epoch milliseconds.
 * Implemented over SQLite and PostgreSQL (server/storage/); the code above does not know which.
 */

export type RelayState = 'pending' | 'delivered' | 'failed' | 'held'

export interface LeadRow {
  id: string
  pageId: string
  /** The site the lead came through (its id is its pageId; one site: PAGE_ID). */
  site: string
  createdAt: number
  lead: EstimateLead
  relayBody: RelayBody
  relayUrl: string | null
  state: RelayState
  attempts: number
  /** When the relay clock started (submit, or release of a held lead): the 3-day give-up counts from here. */
  queuedAt: number
  nextAttemptAt: number
  /** While a worker holds the lead: the end of its lease (also the claim's token); 0 when unclaimed. */
  claimedUntil: number
  /** The instance that claimed the lead last (host:pid). */
  claimedBy: string | null
  lastError: string | null
  deliveredAt: number | null
  idempotencyKey: string
}

export interface NewLead {
  pageId: string
  site: string
  lead: EstimateLead
  relayBody: RelayBody
  /** null → the lead is held until a relay URL is configured. */
  relayUrl: string | null
  now: number
  /** A submission key (e.g. from a hidden form field); a repeat returns the stored lead. */
  idempotencyKey?: string
}

/** A claimed lead, as its worker settles it: only the holder of the current lease may. */
export type LeadClaim = Pick<LeadRow, 'id' | 'claimedUntil'>

export interface ClaimRequest {
  now: number
  leaseMs: number
  limit: number
  /** Who claims (host:pid), kept on the lead for diagnosis. */
  owner: string
}

export interface LeadStore {
  /** Committed before it resolves. `created` is false for a repeated submission key (the first lead is answered). */
  insertLead(input: NewLead): Promise<{ row: LeadRow; created: boolean }>
  /** Copies a lead from another store as it is (ids, state, times); false when its id is already there. */
  importLead(row: LeadRow): Promise<boolean>
  getLead(id: string): Promise<LeadRow | undefined>
  /** Newest first; `limit` and `offset` page through them (the console). */
  listLeads(filter?: { site?: string; limit?: number; offset?: number }): Promise<LeadRow[]>
  /**
   * Leases up to `limit` due pending leads to the caller until now + leaseMs and counts the attempt.
   * Atomic across processes and instances: a lead is held by one worker at a time.
   */
  claimDue(request: ClaimRequest): Promise<LeadRow[]>
  /** Each settle is true only for the holder of the lead's current lease, once. */
  markDelivered(claim: LeadClaim, now: number): Promise<boolean>
  scheduleRetry(claim: LeadClaim, at: number, error: string): Promise<boolean>
  markFailed(claim: LeadClaim, error: string): Promise<boolean>
  /** Held leads (of one page, or all) start relaying to `url`; answers how many. */
  releaseHeld(url: string, now: number, pageId?: string): Promise<number>
  /** How many leads each site has in each state, and when the oldest of them was queued (the metrics, one grouped query). */
  leadCounts(): Promise<LeadCount[]>
  /** How many leads each site stored from `since` on (the console's Sites page, one grouped query). */
  leadsSince(since: number): Promise<{ site: string; count: number }[]>
  /**
   * Sends a delivered or failed lead again (the console's resend): pending, due at `now`, its tries and error
   * cleared; false when it is held (no relay address) or already pending.
   */
  requeueLead(id: string, now: number): Promise<boolean>
}

export type LeadCount = { site: string; state: RelayState; count: number; oldestQueuedAt: number }
