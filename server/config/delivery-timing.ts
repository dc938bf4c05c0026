/** The outbox's clock; the defaults are production's, and shorter ones (RELAY_* settings) make tests quick. */
export interface DeliveryTiming {
  /** How long one request (a relay post, a webhook, each step with the mail server) may take. */
  timeoutMs: number
  /** The first retry's delay; each next one doubles… */
  retryBaseMs: number
  /** …up to this. */
  retryCapMs: number
  /** How often an instance looks for due deliveries (it also wakes on each new lead). */
  pollMs: number
}
export const DEFAULT_DELIVERY_TIMING: DeliveryTiming = { timeoutMs: 10_000, retryBaseMs: 5_000, retryCapMs: 60 * 60 * 1000, pollMs: 2_000 }
