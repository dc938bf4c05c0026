/**
 * Rendered pages keyed by record version and URL. A page only changes when the record does,
 * but each response carries its own CSP nonce and anti-forgery token: those are stored as
 * placeholders and filled in per response, so a cached page is byte-identical to a fresh render.
 */
export type Secrets = { nonce: string; csrfToken: string }

/** One key per page: the record version, the host (canonical URLs use it) and the path with query. */
export const pageKey = (version: string, host: string, pathAndQuery: string) => `${version}|${host}|${pathAndQuery}`
type Entry = { status: number; html: string }

const NONCE_SLOT = '\u0000nonce\u0000'
const TOKEN_SLOT = '\u0000csrf\u0000'

export function createRenderCache(maxEntries = 300) {
  const entries = new Map<string, Entry>()
  return {
    get(key: string, secrets: Secrets): Entry | undefined {
      const hit = entries.get(key)
      if (!hit) return undefined
      entries.delete(key) // re-insert: Map order doubles as least-recently-used order
      entries.set(key, hit)
      return { status: hit.status, html: hit.html.replaceAll(NONCE_SLOT, secrets.nonce).replaceAll(TOKEN_SLOT, secrets.csrfToken) }
    },
    set(key: string, status: number, html: string, secrets: Secrets) {
      // Secrets are long random strings, so they can only appear where they were rendered.
      if (secrets.nonce.length < 16 || secrets.csrfToken.length < 16) return
      entries.set(key, { status, html: html.replaceAll(secrets.nonce, NONCE_SLOT).replaceAll(secrets.csrfToken, TOKEN_SLOT) })
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    },
    get size() {
      return entries.size
    },
  }
}
