import { log } from '../observability/log.js'
import type { LeadStore } from '../storage/lead-store.server.ts'
import { eraseOlderThan } from './visitor-data.server.ts'

const DAY_MS = 24 * 3600 * 1000

/** What an erased lead says when LEAD_RETENTION_DAYS erased it. */
export const retentionReason = (days: number) => `erased after ${days} days (retention)`

/**
 * LEAD_RETENTION_DAYS (issue 44): leads older than that are erased as a visitor's erasure does (a tombstone keeps the
 * site and time), at start and then every day. Every origin of a fleet runs it: a lead erased once is not erased again,
 * so the first to run finds them and the others nothing.
 */
export function startLeadRetention(store: LeadStore, days: number | undefined, now: () => number = Date.now) {
  if (!days) return { stop() {} }
  const run = () =>
    eraseOlderThan(store, now() - days * DAY_MS, now(), retentionReason(days)).then(
      ({ erased }) => {
        if (erased)
          log.info({ event: 'leads.retention', erased, days }, `${erased} lead(s) older than ${days} days erased (LEAD_RETENTION_DAYS)`)
      },
      (error: unknown) =>
        log.warn({ event: 'leads.retention-failed', error: String(error) }, 'old leads could not be erased; tried again tomorrow'),
    )
  void run()
  const timer = setInterval(() => void run(), DAY_MS)
  timer.unref()
  return { stop: () => clearInterval(timer) }
}
