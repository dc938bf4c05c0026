import type { Mailer } from '../mail/mailer.server.ts'
import type { AppServices } from '../services.server.ts'
import type { ConsoleConfig } from './console-config.server.ts'
import type { ConsoleStorage } from '../storage/console-storage.ts'

/**
 * What every console loader and action is given (React Router's load context, under `console`): the very
 * services the site runs on (storage, sites, records, reports, images, fleet), never a copy of them.
 */
/** What the console limits: sign-ins (their challenges too), wrong invitation links, new passkeys' challenges. */
export type AttemptKind = 'sign-in' | 'invitation' | 'challenge' | 'webhook'

export interface ConsoleContext {
  services: AppServices
  store: ConsoleStorage
  config: ConsoleConfig
  /** The client's address (CONSOLE_TRUST_PROXY says which proxies may name it): rate limits only, never stored. */
  clientIp: string
  /** The agency's mail server (SMTP_URL), to email invitations; null without one (the link is shown to copy). */
  mailer: Mailer | null
  now(): number
  /**
   * Counts one attempt of this client (its IPv6 /64) and, when named, of `subject` (a person's id, an invitation's
   * hash: a new passkey's challenge); false once either is over CONSOLE_RATE_LIMIT per 10 minutes.
   */
  attempt(kind: AttemptKind, subject?: string): Promise<boolean>
}
