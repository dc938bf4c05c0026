import { describe, expect, test } from 'vitest'
import { DEFAULT_DELIVERY_TIMING } from '../config/delivery-timing.ts'
import { retryDelayMs } from './delivery-outbox.server.ts'
import { classifyStatus } from './relay-sender.server.ts'
import { classifyWebhookStatus } from './webhook-sender.server.ts'

// The outbox itself, on SQLite and PostgreSQL, is tested in tests/relay-outbox.test.ts and tests/lead-destinations.test.ts.
const RETRY_CAP_MS = DEFAULT_DELIVERY_TIMING.retryCapMs

describe('backoff', () => {
  test('first retry within 5 s, doubling, capped at an hour, with jitter', () => {
    expect([retryDelayMs(1, () => 0), retryDelayMs(1, () => 1)]).toEqual([2_500, 5_000])
    expect([retryDelayMs(2, () => 0), retryDelayMs(2, () => 1)]).toEqual([5_000, 10_000])
    expect(retryDelayMs(30, () => 1)).toBe(RETRY_CAP_MS)
    expect(retryDelayMs(30, () => 0)).toBe(RETRY_CAP_MS / 2)
  })

  test('the same curve on a shorter clock (the RELAY_RETRY_* settings)', () => {
    const quick = { retryBaseMs: 100, retryCapMs: 1_000 }
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, () => 1, quick))).toEqual([100, 200, 400, 800, 1_000])
  })

  test('a webhook: 2xx is delivered; 410 stops it; anything else, 4xx included, is retried', () => {
    expect([200, 204, 410, 400, 401, 404, 422, 429, 500, 302].map(classifyWebhookStatus)).toEqual([
      'delivered',
      'delivered',
      'failed',
      'retry',
      'retry',
      'retry',
      'retry',
      'retry',
      'retry',
      'retry',
    ])
  })

  test('the relay: 2xx is delivered; 4xx but 408/429 is final; the rest is retried', () => {
    expect([200, 204, 400, 401, 404, 422, 408, 429, 500, 503, 302].map(classifyStatus)).toEqual([
      'delivered',
      'delivered',
      'failed',
      'failed',
      'failed',
      'failed',
      'retry',
      'retry',
      'retry',
      'retry',
      'retry',
    ])
  })
})
