import os from 'node:os'
import { OutboundRefused, type OutboundClient } from '../outbound/outbound-client.server.ts'
import type { DeliveryKind, DestinationKey, DestinationTrouble, DueDelivery, LeadStore } from '../storage/lead-store.server.ts'
import { resendLead } from './resend.server.ts'
import { urlForLog } from '../observability/log-safe.server.ts'
import { logFor } from '../observability/log.js'
import { createTally, type Tally } from '../observability/tally.server.ts'
import { DEFAULT_DELIVERY_TIMING, type DeliveryTiming } from '../config/delivery-timing.ts'

/**
 * The outbox: sends each stored lead's deliveries (relay, email, webhooks) until each destination
 * takes its own, one delivery at a time, through the sender of its kind. All state is in the lead
 * store, so a restart resumes where it stopped, and a claim lease keeps two workers (two processes,
 * or instances sharing one PostgreSQL) from sending one delivery at the same time; the lease of an
 * instance that died runs out and another one takes the delivery. Each delivery retries and backs
 * off on its own: a destination that is down never delays another, nor the relay.
 */

type LogFn = (message: string, details?: Record<string, unknown>) => void
export interface Logger {
  info: LogFn
  warn: LogFn
  error: LogFn
}
export const leadsLogger: Logger = logFor('leads')

export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000
/** Longer than a send can take, so a lease only lapses when its worker died mid-send. */
export const leaseMs = (timing: Pick<DeliveryTiming, 'timeoutMs'>) => 6 * timing.timeoutMs

/** Capped doubling with "equal jitter": somewhere in [half, full] of the step, so retries spread out. */
export function retryDelayMs(
  attempts: number,
  random: () => number,
  timing: Pick<DeliveryTiming, 'retryBaseMs' | 'retryCapMs'> = DEFAULT_DELIVERY_TIMING,
): number {
  const step = Math.min(timing.retryCapMs, timing.retryBaseMs * 2 ** Math.max(0, attempts - 1))
  return Math.round(step / 2 + (random() * step) / 2)
}

/** What one attempt came to. The error never holds what the other side answered (it may be anyone's server): a status or our own words. */
export type SendOutcome = {
  outcome: 'delivered' | 'failed' | 'retry'
  error: string
  /** The destination asked for no more (a webhook's 410 Gone): later leads wait for it until it is re-enabled. */
  pause?: boolean
  /** The site no longer lists the destination: nothing to tell anyone about it. */
  unlisted?: boolean
}
/** Sends one delivery of its kind (relay-sender, email-sender, webhook-sender). */
export type Sender = (delivery: DueDelivery) => Promise<SendOutcome>

/** How each kind is named in the log: what it did, and the key that lets its receiver drop a repeat. */
const KIND_WORDS: Record<DeliveryKind, { noun: string; done: string; event: string; key: string }> = {
  relay: { noun: 'relay', done: 'lead relayed', event: 'lead.relayed', key: 'Idempotency-Key' },
  email: { noun: 'email', done: 'lead emailed', event: 'lead.emailed', key: 'Message-ID' },
  webhook: { noun: 'webhook', done: 'lead sent to a webhook', event: 'lead.webhook-sent', key: 'webhook-id' },
}

export interface DeliveryOutboxOptions {
  store: LeadStore
  /** The sender of each kind; a kind without one is failed with a reason (nothing can send it here). */
  senders: Partial<Record<DeliveryKind, Sender>>
  now?: () => number
  random?: () => number
  logger?: Logger
  timing?: Partial<DeliveryTiming>
  batchSize?: number
  /** Who this worker is on the deliveries it claims; host:pid by default. */
  owner?: string
  /** Told when a site's own destination (an inbox, a webhook) failed for good or paused: the admins' notice. */
  onTrouble?: (trouble: DestinationKey & { paused: boolean; error: string }) => void
}

/** The destinations the site chose (the relay is the record's): these are noted "needs attention" and can pause. */
const OWN_KINDS: ReadonlySet<DeliveryKind> = new Set(['email', 'webhook'])
/** How long a delivery to a paused destination waits before it is looked at again (re-enabling wakes it at once). */
export const PAUSED_RECHECK_MS = 15 * 60_000
export type DrainCounts = { delivered: number; retried: number; failed: number }
/** What this process's attempts came to since it started, by site and kind (the metrics' counters). */
export type SentTally = Tally<{ site: string; kind: DeliveryKind; outcome: 'delivered' | 'failed' }>

export function createDeliveryOutbox(options: DeliveryOutboxOptions) {
  const { store, senders, now = Date.now, random = Math.random } = options
  const { logger = leadsLogger, batchSize = 10, owner = `${os.hostname()}:${process.pid}` } = options
  const timing = { ...DEFAULT_DELIVERY_TIMING, ...options.timing }
  const tally: SentTally = createTally()
  let timer: ReturnType<typeof setInterval> | undefined
  let active: Promise<void> | null = null
  let again = false
  let storageFailing = false

  async function send(delivery: DueDelivery): Promise<SendOutcome> {
    const sender = senders[delivery.kind]
    if (!sender) return { outcome: 'failed', error: `no ${delivery.kind} sender in this process` }
    try {
      return await sender(delivery)
    } catch (e) {
      return { outcome: 'retry', error: describeError(e) } // a sender's own bug, not the destination's: try again later
    }
  }

  const keyOf = (d: DueDelivery): DestinationKey => ({ site: d.lead.site, kind: d.kind, target: d.target ?? '' })
  const troubleId = ({ site, kind, target }: DestinationKey) => JSON.stringify([site, kind, target])

  async function deliver(delivery: DueDelivery, troubles: Map<string, DestinationTrouble>): Promise<keyof DrainCounts> {
    const key = keyOf(delivery)
    const trouble = troubles.get(troubleId(key))
    if (trouble?.paused) {
      // Nothing is sent and no attempt counted: the lead waits for the destination to be re-enabled in the console.
      await store.park(delivery, now() + PAUSED_RECHECK_MS, `waiting: ${trouble.lastError}; re-enable this destination in the console`)
      return 'retried'
    }
    const { outcome, error, pause = false, unlisted = false } = await send(delivery)
    const words = KIND_WORDS[delivery.kind]
    // The lead's id and site, never what the visitor wrote; a URL without its query, never the inbox's addresses.
    const details = {
      leadId: delivery.leadId,
      site: delivery.lead.site,
      kind: delivery.kind,
      attempts: delivery.attempts,
      ...(delivery.kind === 'email' ? {} : { url: urlForLog(delivery.target ?? '') }),
    }
    tally.add({ site: delivery.lead.site, kind: delivery.kind, outcome: outcome === 'delivered' ? 'delivered' : 'failed' })
    if (outcome === 'delivered') {
      if (trouble) await store.clearTrouble(key)
      if (await store.markDelivered(delivery, now())) logger.info(words.done, { event: words.event, ...details })
      else
        logger.warn(`${words.done} after its lease ran out; another worker may send it again (same ${words.key})`, {
          event: words.event,
          ...details,
        })
      return 'delivered'
    }
    if (outcome === 'retry' && now() - delivery.queuedAt < GIVE_UP_AFTER_MS) {
      const delay = retryDelayMs(delivery.attempts, random, timing)
      await store.scheduleRetry(delivery, now() + delay, error)
      logger.warn(`lead ${words.noun} failed, will retry`, { event: 'lead.retry', ...details, error, retryInMs: delay })
      return 'retried'
    }
    const reason = outcome === 'retry' ? `gave up after ${delivery.attempts} attempts: ${error}` : error
    await store.markFailed(delivery, reason)
    logger.error(`lead ${words.noun} failed permanently; the lead stays stored`, { event: 'lead.given-up', ...details, error: reason })
    if (OWN_KINDS.has(delivery.kind) && !unlisted) {
      await store.noteTrouble({ ...key, paused: pause, error: reason, at: now() })
      if (pause) troubles.set(troubleId(key), { ...key, paused: true, since: now(), lastError: reason, notifiedDay: null })
      options.onTrouble?.({ ...key, paused: pause, error: reason })
    }
    return 'failed'
  }

  /** Sends every delivery due now, batch by batch, and resolves when none is left due. */
  async function drainOnce(): Promise<DrainCounts> {
    const counts: DrainCounts = { delivered: 0, retried: 0, failed: 0 }
    for (let round = 0; round < 1000; round++) {
      const batch = await store.claimDue({ now: now(), leaseMs: leaseMs(timing), limit: batchSize, owner })
      if (batch.length === 0) break
      // One small read per batch: which destinations are in trouble (paused ones are not sent to).
      const troubles = new Map((await store.troubles()).map((t) => [troubleId(t), t]))
      for (const result of await Promise.all(batch.map((d) => deliver(d, troubles)))) counts[result]++
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
            if (storageFailing) logger.info('lead outbox reaches the lead store again')
            storageFailing = false
          },
          (e: unknown) => {
            // Once per outage, not once per poll: the leads are safe in the store and are retried.
            if (!storageFailing) logger.error('lead outbox drain failed; retrying every poll', { error: describeError(e) })
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
    /** Held relays (no relay URL when their lead was stored) start relaying to `url`. */
    async releaseHeld(url: string, pageId?: string): Promise<number> {
      const released = await store.releaseHeld(url, now(), pageId)
      if (released > 0) {
        logger.info('held leads released for relay', { event: 'lead.released', count: released, site: pageId, url: urlForLog(url) })
        poke()
      }
      return released
    },
    /** Sends a lead's deliveries (or those of one kind) again, now: for the console (the CLI queues them for the running server's next poll). */
    async resend(leadId: string, kind?: DeliveryKind) {
      const answer = await resendLead(store, leadId, kind, now())
      if (answer.found && answer.queued.length) {
        logger.info('lead queued again', { event: 'lead.resend', leadId, kinds: answer.queued.map((d) => d.kind) })
        poke()
      }
      return answer
    },
    /** Ends a destination's pause (the console): its waiting leads go now. */
    async reenable(key: DestinationKey): Promise<number> {
      const woken = await store.reenable(key, now())
      logger.info('lead destination re-enabled', { event: 'lead.destination-reenabled', site: key.site, kind: key.kind, waiting: woken })
      poke()
      return woken
    },
    /** Deliveries sent and failed attempts by this process since it started, by site and kind. */
    sentTally: () => tally,
  }
}

export type DeliveryOutbox = ReturnType<typeof createDeliveryOutbox>

/**
 * One attempt of a delivery that is a POST (the relay, a webhook), through the outbound client: never redirected
 * (that would send the lead somewhere the record or site did not name), nothing read back, `judge` saying what the
 * status means. An address the client refuses stays refused (failed, never sent there); any other error is retried.
 */
export async function postDelivery(
  outbound: OutboundClient,
  url: string,
  { headers, body, timeoutMs }: { headers: Record<string, string>; body: string; timeoutMs: number },
  judge: (status: number) => SendOutcome,
): Promise<SendOutcome> {
  try {
    const { status } = await outbound.request(url, { method: 'POST', headers, body, timeoutMs, maxBytes: 0, redirects: 0 })
    return judge(status)
  } catch (e) {
    return { outcome: e instanceof OutboundRefused ? 'failed' : 'retry', error: describeError(e) }
  }
}

/** An error of a request as one line: the refusal's own words, or its name, message and cause's code. */
export function describeError(e: unknown): string {
  if (e instanceof OutboundRefused) return e.message
  if (!(e instanceof Error)) return String(e)
  const cause = e.cause as { code?: string; message?: string } | undefined
  return `${e.name}: ${e.message}${cause ? ` (${cause.code ?? cause.message})` : ''}`
}
