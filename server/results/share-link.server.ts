import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SiteConfig } from '../sites/site-config.server.ts'
import type { ResultsStorage } from '../storage/storage-contract.server.ts'

/**
 * A site's share link (issue 37): its month's report, read-only, without an account, at
 * `/reports/<token>` on the site's own host. The token is 32 random bytes in lower-case hex (256 bits:
 * unguessable, unforgeable; lower case, as the gate spells every page's path), one per site, kept in the storage so that every instance honours it and a revoked one
 * stops working fleet-wide (within REVOCATION_MS: each instance keeps the site's token that long). It
 * is checked in constant time. It is kept as it is, not hashed: the console shows it again, and the
 * database that holds it holds the report's figures themselves. See decision 120.
 */

export const SHARE_PATH = '/reports/'

/** A share link's token is a password to the report: a log line names the path, never the token. */
export const hideShareToken = (path: string) => (path.startsWith(SHARE_PATH) ? `${SHARE_PATH}(token)` : path)
/** How long an instance keeps a site's token before asking the storage again: a revocation takes effect within it everywhere. */
export const REVOCATION_MS = 5_000
const TOKEN = /^[\da-f]{64}$/

/** The public origin of a site's pages: its siteUrl, else https:// and its first host; null for a single site without SITE_URL. */
export function siteOrigin(config: Pick<SiteConfig, 'siteUrl' | 'hosts'>): string | null {
  if (config.siteUrl) return new URL(config.siteUrl).origin
  return config.hosts[0] ? `https://${config.hosts[0]}` : null
}

/** The link for a token: on the site's origin when it has one, else the path alone (the single site without SITE_URL). */
export const shareUrl = (config: Pick<SiteConfig, 'siteUrl' | 'hosts'>, token: string) => `${siteOrigin(config) ?? ''}${SHARE_PATH}${token}`

/** The site's current share link, or null when it has none (the console shows it; `--link` makes one). */
export async function currentShareLink(results: ResultsStorage, config: SiteConfig): Promise<string | null> {
  const token = await results.shareToken(config.id)
  return token && shareUrl(config, token)
}

/** The site's share link: its current one, or a new one made now. */
export async function shareLink(results: ResultsStorage, config: SiteConfig, now = Date.now()): Promise<string> {
  return shareUrl(config, await results.makeShareToken(config.id, randomBytes(32).toString('hex'), now))
}

/** Whether a token is a site's current one; each site's token is asked of the storage at most once per REVOCATION_MS. */
export function createShareChecker(results: ResultsStorage, now: () => number = Date.now) {
  const held = new Map<string, { token: Promise<string | null>; until: number }>()
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return async function isShared(site: string, token: string): Promise<boolean> {
    if (!TOKEN.test(token)) return false
    let known = held.get(site)
    if (!known || known.until <= now()) {
      known = { token: results.shareToken(site), until: now() + REVOCATION_MS }
      held.set(site, known)
      known.token.catch(() => held.delete(site))
    }
    const current = await known.token
    // Digests of equal length: the comparison takes as long whatever the token and however much of it matches.
    return current !== null && timingSafeEqual(digest(current), digest(token))
  }
}
