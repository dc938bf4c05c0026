import type { LeadRow, LeadStore } from './lead-store.server.ts'

/**
 * The outbox: posts stored leads to their relay until the relay takes them. All state is in
 * SQLite, so a restart resumes where it stopped, and a claim lease keeps two workers (or two
 * processes) from sending one lead at the same time.
 */

type LogFn = (message: string, details?: Record<string, unknown>) => void
export interface Logger {
  info: LogFn
  warn: LogFn
  error: LogFn
}
export const consoleLogger: Logger = {
  info: (m, d) => console.info(`[leads] ${m}`, d ?? ''),
  warn: (m, d) => console.warn(`[leads] ${m}`, d ?? ''),
  error: (m, d) => console.error(`[leads] ${m}`, d ?? ''),
}

export const RELAY_TIMEOUT_MS = 10_000
export const RETRY_BASE_MS = 5_000
export const RETRY_CAP_MS = 60 * 60 * 1000
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000
/** Longer than a request can take, so a lease only lapses when its worker died mid-send. */
const LEASE_MS = 6 * RELAY_TIMEOUT_MS

/** Capped doubling with "equal jitter": somewhere in [half, full] of the step, so retries spread out. */
export function retryDelayMs(attempts: number, random: () => number): number {
  const step = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1))
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
  fetch?: typeof globalThis.fetch
  now?: () => number
  random?: () => number
  logger?: Logger
  pollMs?: number
  timeoutMs?: number
  batchSize?: number
}
export type DrainCounts = { delivered: number; retried: number; failed: number }

export function createRelayOutbox(options: RelayOutboxOptions) {
  const { store, fetch: fetchImpl = globalThis.fetch, now = Date.now, random = Math.random } = options
  const { logger = consoleLogger, pollMs = 2_000, timeoutMs = RELAY_TIMEOUT_MS, batchSize = 10 } = options
  let timer: ReturnType<typeof setInterval> | undefined
  let active: Promise<void> | null = null
  let again = false

  async function send(lead: LeadRow): Promise<{ outcome: 'delivered' | 'failed' | 'retry'; error: string }> {
    if (!lead.relayUrl) return { outcome: 'failed', error: 'no relay URL' }
    try {
      const res = await fetchImpl(lead.relayUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': lead.id },
        body: JSON.stringify(lead.relayBody),
        signal: AbortSignal.timeout(timeoutMs),
      })
      const excerpt = res.ok ? '' : (await res.text().catch(() => '')).slice(0, 200)
      if (res.ok) await res.body?.cancel().catch(() => {})
      return { outcome: classifyStatus(res.status), error: `HTTP ${res.status}${excerpt ? `: ${excerpt}` : ''}` }
    } catch (e) {
      return { outcome: 'retry', error: describeError(e) }
    }
  }

  async function deliver(lead: LeadRow): Promise<keyof DrainCounts> {
    const { outcome, error } = await send(lead)
    const details = { id: lead.id, attempts: lead.attempts, url: lead.relayUrl }
    if (outcome === 'delivered') {
      store.markDelivered(lead.id, now())
      logger.info('lead relayed', details)
      return 'delivered'
    }
    if (outcome === 'retry' && now() - lead.queuedAt < GIVE_UP_AFTER_MS) {
      const delay = retryDelayMs(lead.attempts, random)
      store.scheduleRetry(lead.id, now() + delay, error)
      logger.warn('lead relay failed, will retry', { ...details, error, retryInMs: delay })
      return 'retried'
    }
    const reason = outcome === 'retry' ? `gave up after ${lead.attempts} attempts: ${error}` : error
    store.markFailed(lead.id, reason)
    logger.error('lead relay failed permanently; the lead stays stored', { ...details, error: reason })
    return 'failed'
  }

  /** Sends every lead due now, batch by batch, and resolves when none is left due. */
  async function drainOnce(): Promise<DrainCounts> {
    const counts: DrainCounts = { delivered: 0, retried: 0, failed: 0 }
    for (let round = 0; round < 1000; round++) {
      const batch = store.claimDue(now(), LEASE_MS, batchSize)
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
        await drainOnce().catch((e: unknown) => logger.error('relay outbox drain failed', { error: describeError(e) }))
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
      timer = setInterval(poke, pollMs)
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
    releaseHeld(url: string, pageId?: string): number {
      const released = store.releaseHeld(url, now(), pageId)
      if (released > 0) {
        logger.info('held leads released for relay', { count: released, url })
        poke()
      }
      return released
    },
  }
}

export type RelayOutbox = ReturnType<typeof createRelayOutbox>

function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e)
  const cause = e.cause as { code?: string; message?: string } | undefined
  return `${e.name}: ${e.message}${cause ? ` (${cause.code ?? cause.message})` : ''}`
}
