import { randomUUID } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { EstimateLead } from '#app/forms/estimate-form.ts'
import type { RelayBody } from './relay-body.server.ts'

/**
 * Every lead lives here first, so none is ever only in an email or only in memory.
 * The relay body and URL are frozen at submit time: a later record change never alters
 * what a lead was promised to be sent as. Times are epoch milliseconds.
 */

export type RelayState = 'pending' | 'delivered' | 'failed' | 'held'

export interface LeadRow {
  id: string
  /** The site the lead came from (its id: the site's pageId). */
  site: string
  pageId: string
  createdAt: number
  lead: EstimateLead
  relayBody: RelayBody
  relayUrl: string | null
  state: RelayState
  attempts: number
  /** When the relay clock started (submit, or release of a held lead): the 3-day give-up counts from here. */
  queuedAt: number
  nextAttemptAt: number
  lastError: string | null
  deliveredAt: number | null
  idempotencyKey: string
  clientIp: string | null
  userAgent: string | null
}

export interface NewLead {
  /** Defaults to pageId, which is the site's id. */
  site?: string
  pageId: string
  lead: EstimateLead
  relayBody: RelayBody
  /** null → the lead is held until a relay URL is configured. */
  relayUrl: string | null
  now: number
  /** A submission key (e.g. from a hidden form field); a repeat returns the stored lead. */
  idempotencyKey?: string
  clientIp?: string
  userAgent?: string
}

const MIGRATIONS = [
  `CREATE TABLE leads (
     id TEXT PRIMARY KEY,
     idempotency_key TEXT NOT NULL UNIQUE,
     page_id TEXT NOT NULL,
     created_at INTEGER NOT NULL,
     lead_json TEXT NOT NULL,
     relay_body_json TEXT NOT NULL,
     relay_url TEXT,
     state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed', 'held')),
     attempts INTEGER NOT NULL DEFAULT 0,
     queued_at INTEGER NOT NULL,
     next_attempt_at INTEGER NOT NULL,
     claimed_until INTEGER NOT NULL DEFAULT 0,
     last_error TEXT,
     delivered_at INTEGER,
     client_ip TEXT,
     user_agent TEXT
   );
   CREATE INDEX leads_due ON leads (state, next_attempt_at);
   CREATE INDEX leads_created ON leads (created_at);`,
  // One database for every site of a process: each lead knows its site (the site's id, its pageId).
  `ALTER TABLE leads ADD COLUMN site TEXT NOT NULL DEFAULT '';
   UPDATE leads SET site = page_id;
   CREATE INDEX leads_site ON leads (site, created_at);`,
]

interface DbRow {
  id: string
  site: string
  idempotency_key: string
  page_id: string
  created_at: number
  lead_json: string
  relay_body_json: string
  relay_url: string | null
  state: RelayState
  attempts: number
  queued_at: number
  next_attempt_at: number
  last_error: string | null
  delivered_at: number | null
  client_ip: string | null
  user_agent: string | null
}

const toLead = (r: DbRow): LeadRow => ({
  id: r.id,
  site: r.site,
  pageId: r.page_id,
  createdAt: r.created_at,
  lead: JSON.parse(r.lead_json) as EstimateLead,
  relayBody: JSON.parse(r.relay_body_json) as RelayBody,
  relayUrl: r.relay_url,
  state: r.state,
  attempts: r.attempts,
  queuedAt: r.queued_at,
  nextAttemptAt: r.next_attempt_at,
  lastError: r.last_error,
  deliveredAt: r.delivered_at,
  idempotencyKey: r.idempotency_key,
  clientIp: r.client_ip,
  userAgent: r.user_agent,
})

export function createLeadStore(dataDir: string) {
  mkdirSync(dataDir, { recursive: true })
  const db = new Database(path.join(dataDir, 'leads.sqlite'))
  db.pragma('journal_mode = WAL')
  db.pragma('busy_timeout = 5000')
  db.pragma('synchronous = FULL') // a lead the visitor was told about must survive a power cut
  migrate(db)

  const byId = db.prepare<[string], DbRow>('SELECT * FROM leads WHERE id = ?')
  const byKey = db.prepare<[string], DbRow>('SELECT * FROM leads WHERE idempotency_key = ?')
  const insert = db.prepare(`INSERT INTO leads (id, idempotency_key, site, page_id, created_at, lead_json, relay_body_json,
      relay_url, state, queued_at, next_attempt_at, client_ip, user_agent)
    VALUES (@id, @key, @site, @pageId, @now, @lead, @body, @url, @state, @now, @now, @ip, @ua)
    ON CONFLICT (idempotency_key) DO NOTHING`)
  // One statement, so the claim is atomic across connections and processes.
  const claim = db.prepare<[{ now: number; until: number; limit: number }], DbRow>(`UPDATE leads
    SET claimed_until = @until, attempts = attempts + 1
    WHERE id IN (SELECT id FROM leads WHERE state = 'pending' AND next_attempt_at <= @now AND claimed_until <= @now
                 ORDER BY next_attempt_at LIMIT @limit)
    RETURNING *`)
  const settle = (set: string) => db.prepare(`UPDATE leads SET ${set}, claimed_until = 0 WHERE id = @id AND state = 'pending'`)
  const delivered = settle(`state = 'delivered', delivered_at = @now, last_error = NULL`)
  const retry = settle(`next_attempt_at = @at, last_error = @error`)
  const failed = settle(`state = 'failed', last_error = @error`)
  const release = db.prepare(`UPDATE leads SET state = 'pending', relay_url = @url, queued_at = @now, next_attempt_at = @now
    WHERE state = 'held' AND (@pageId IS NULL OR page_id = @pageId)`)

  return {
    /** Synchronous and committed (WAL, synchronous=FULL) before it returns. `created` is false for a repeated key. */
    insertLead(input: NewLead): { row: LeadRow; created: boolean } {
      const id = randomUUID()
      const key = input.idempotencyKey ?? id
      const { changes } = insert.run({
        id, key, site: input.site ?? input.pageId, pageId: input.pageId, now: input.now,
        lead: JSON.stringify(input.lead), body: JSON.stringify(input.relayBody),
        url: input.relayUrl, state: input.relayUrl ? 'pending' : 'held',
        ip: input.clientIp ?? null, ua: input.userAgent ?? null,
      })
      return { row: toLead(byKey.get(key)!), created: changes === 1 } // a repeated key gets the first lead
    },
    getLead: (id: string) => {
      const row = byId.get(id)
      return row && toLead(row)
    },
    /** Newest first; only one site's when `site` is given. */
    listLeads: (site?: string): LeadRow[] =>
      db.prepare<[{ site: string | null }], DbRow>('SELECT * FROM leads WHERE @site IS NULL OR site = @site ORDER BY created_at DESC, rowid DESC').all({ site: site ?? null }).map(toLead),
    /** Leases up to `limit` due pending leads to the caller until now + leaseMs; counts the attempt. */
    claimDue: (now: number, leaseMs: number, limit: number): LeadRow[] => claim.all({ now, until: now + leaseMs, limit }).map(toLead),
    /** true only for the one caller that moved it from pending to delivered. */
    markDelivered: (id: string, now: number) => delivered.run({ id, now }).changes === 1,
    scheduleRetry: (id: string, at: number, error: string) => retry.run({ id, at, error }).changes === 1,
    markFailed: (id: string, error: string) => failed.run({ id, error }).changes === 1,
    releaseHeld: (url: string, now: number, pageId?: string) => release.run({ url, now, pageId: pageId ?? null }).changes,
    close: () => db.close(),
  }
}

export type LeadStore = ReturnType<typeof createLeadStore>

/** Read and bump user_version inside one write transaction, so two processes starting together don't both migrate. */
function migrate(db: Database.Database) {
  db.transaction(() => {
    const version = db.pragma('user_version', { simple: true }) as number
    for (let v = version; v < MIGRATIONS.length; v++) db.exec(MIGRATIONS[v]!)
    if (version < MIGRATIONS.length) db.pragma(`user_version = ${MIGRATIONS.length}`)
  }).immediate()
}
