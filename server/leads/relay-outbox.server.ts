import os from 'node:os'
import { createOutboundClient, OutboundRefused, type OutboundClient } from '../outbound/outbound-client.server.ts'
import type { LeadRow, LeadStore } from './lead-store.server.ts'
import { urlForLog } from '../observability/log-safe.server.ts'
import { logFor } from '../observability/log.js'

/**
 * The outbox: posts stored leads to their relay until the relay takes them. All state is in the
 * lead store, so a restart resumes where it stopped, and a claim lease keeps two workers (two
 * processes, or instances sharing one PostgreSQL) from sending one lead at the same time; the lease
 * of an instance that died runs out and another one takes the lead.
 */

type LogFn = (message: string, details?: Record<string, unknown>) => void
export interface Logger {
  info: LogFn
  warn: LogFn
  error: LogFn
}
export const leadsLogger: Logger = logFor('leads')

/** The relay's clock; the defaults are production's, and shorter ones (RELAY_* settings) make tests quick. */
export interface RelayTiming {
  /** How long one relay request may take. */
  timeoutMs: number
  /** The first retry's delay; each next one doubles… */
  retryBaseMs: number
  /** …up to this. */
  retryCapMs: number
  /** How often an instance looks for due leads (it also wakes on each new lead). */
  pollMs: number
}
export const DEFAULT_RELAY_TIMING: RelayTiming = { timeoutMs: 10_000, retryBaseMs: 5_000, retryCapMs: 60 * 60 * 1000, pollMs: 2_000 }
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000
/** Longer than a request can take, so a lease only lapses when its worker died mid-send. */
export const leaseMs = (timing: Pick<RelayTiming, 'timeoutMs'>) => 6 * timing.timeoutMs

/** Capped doubling with "equal jitter": somewhere in [half, full] of the step, so retries spread out. */
export function retryDelayMs(
  attempts: number,
  random: () => number,
  timing: Pick<RelayTiming, 'retryBaseMs' | 'retryCapMs'> = DEFAULT_RELAY_TIMING,
): number {
  const step = Math.min(timing.retryCapMs, timing.retryBaseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(step / 2 + (random() * step) / 2)
}

/** 2xx delivered; 4xx other than 408/429 will never succeed; anything else may. */
export function classifyStatus(status: number): 'delivered' | 'failed' | 'retry' {
  if (status >= 200 && status < 300) return 'delivered'
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) return 'failed'
  return 'retry'
}

export interface RelayOutboxOptions {
  store: LeadStore
  /** The process's one outbound client; by default one that reaches public addresses only. */
  outbound?: OutboundClient
  now?: () => number
  random?: () => number
  logger?: Logger
  timing?: Partial<RelayTiming>
  batchSize?: number
  /** Who this worker is on the leads it claims; host:pid by default. */
  owner?: string
}
export type DrainCounts = { delivered: number; retried: number; failed: number }

export function createRelayOutbox(options: RelayOutboxOptions) {
  const { store, outbound = createOutboundClient({ allowOrigins: [] }), now = Date.now, random = Math.random } = options
  const { logger = leadsLogger, batchSize = 10, owner = `${os.hostname()}:${process.pid}` } = options
  const timing = { ...DEFAULT_RELAY_TIMING, ...options.timing }
  let timer: ReturnType<typeof setInterval> | undefined
  let active: Promise<void> | null = null
  let again = false
  let storageFailing = false

  /** The reason never holds what the relay answered (it may be anyone's server): a status or our own words. */
  async function send(lead: LeadRow): Promise<{ outcome: 'delivered' | 'failed' | 'retry'; error: string }> {
    if (!lead.relayUrl) return { outcome: 'failed', error: 'no relay URL' }
    try {
      const { status } = await outbound.request(lead.relayUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': lead.id },
        body: JSON.stringify(lead.relayBody),
        timeoutMs: timing.timeoutMs,
        maxBytes: 0,
        redirects: 0, // a redirect would send the lead somewhere the record did not name
      })
      return { outcome: classifyStatus(status), error: `HTTP ${status}` }
    } catch (e) {
      // A refused address stays refused: the lead is kept, marked failed with the reason, never sent there.
      return { outcome: e instanceof OutboundRefused ? 'failed' : 'retry', error: describeError(e) }
    }
  }

  async function deliver(lead: LeadRow): Promise<keyof DrainCounts> {
    const { outcome, error } = await send(lead)
    // The lead's id and site, never what the visitor wrote.
    const details = { leadId: lead.id, site: lead.site, attempts: lead.attempts, url: urlForLog(lead.relayUrl ?? '') }
    if (outcome === 'delivered') {
      if (await store.markDelivered(lead, now())) logger.info('lead relayed', { event: 'lead.relayed', ...details })
      else
        logger.warn('lead relayed after its lease ran out; another worker may send it again (same Idempotency-Key)', {
          event: 'lead.relayed',
          ...details,
        })
      return 'delivered'
    }
    if (outcome === 'retry' && now() - lead.queuedAt < GIVE_UP_AFTER_MS) {
      const delay = retryDelayMs(lead.attempts, random, timing)
      await store.scheduleRetry(lead, now() + delay, error)
      logger.warn('lead relay failed, will retry', { event: 'lead.retry', ...details, error, retryInMs: delay })
      return 'retried'
    }
    const reason = outcome === 'retry' ? `gave up after ${lead.attempts} attempts: ${error}` : error
    await store.markFailed(lead, reason)
    logger.error('lead relay failed permanently; the lead stays stored', { event: 'lead.given-up', ...details, error: reason })
    return 'failed'
  }

  /** Sends every lead due now, batch by batch, and resolves when none is left due. */
  async function drainOnce(): Promise<DrainCounts> {
    const counts: DrainCounts = { delivered: 0, retried: 0, failed: 0 }
    for (let round = 0; round < 1000; round++) {
      const batch = await store.claimDue({ now: now(), leaseMs: leaseMs(timing), limit: batchSize, owner })
      if (batch.length === 0) break
      for (const result of await Promise.all(batch.map(deliver))) counts[result]++
    }
    return counts
  }

  /** Coalesces wake-ups: at most one drain runs per outbox, and a poke during it runs one more. */
  function poke() {
    if (!timer) return
    if (active) {
      again = true
      return
    }
    active = (async () => {
      do {
        again = false
        await drainOnce().then(
          () => {
            if (storageFailing) logger.info('relay outbox reaches the lead store again')
            storageFailing = false
          },
          (e: unknown) => {
            // Once per outage, not once per poll: the leads are safe in the store and are retried.
            if (!storageFailing) logger.error('relay outbox drain failed; retrying every poll', { error: describeError(e) })
            storageFailing = true
          },
        )
      } while (again && timer)
    })().finally(() => {
      active = null
    })
  }

  return {
    drainOnce,
    poke,
    /** Starts polling and resumes whatever was pending before a restart. */
    start() {
      if (timer) return
      timer = setInterval(poke, timing.pollMs)
      timer.unref() // the HTTP server keeps the process alive, not the outbox
      poke()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await active
    },
    /** Resolves once the current background drain (if any) has finished. */
    idle: async () => {
      while (active) await active
    },
    /** Held leads (no relay URL when submitted) start relaying to `url`. */
    async releaseHeld(url: string, pageId?: string): Promise<number> {
      const released = await store.releaseHeld(url, now(), pageId)
      if (released > 0) {
        logger.info('held leads released for relay', { event: 'lead.released', count: released, site: pageId, url: urlForLog(url) })
        poke()
      }
      return released
    },
  }
}

export type RelayOutbox = ReturnType<typeof createRelayOutbox>

function describeError(e: unknown): string {
  if (e instanceof OutboundRefused) return e.message
  if (!(e instanceof Error)) return String(e)
  const cause = e.cause as { code?: string; message?: string } | undefined
  return `${e.name}: ${e.message}${cause ? ` (${cause.code ?? cause.message})` : ''}`
}
