/**
 * Cross-site form posts are refused without any token or cookie: browsers say where a request
 * comes from. `Sec-Fetch-Site` (every current browser) must be same-origin (or none: typed into the
 * address bar); without it, the Origin (or Referer) must name this very host. A request with
 * neither header does not come from a browser, so no visitor's browser can be tricked into it.
 */
export type RequestHeaders = { get(name: string): string | undefined | null }

export function isCrossOriginPost(headers: RequestHeaders): boolean {
  const fetchSite = headers.get('sec-fetch-site')
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none'
  const from = headers.get('origin') ?? headers.get('referer')
  if (!from) return false
  const host = headers.get('host')?.toLowerCase()
  try {
    return from === 'null' || new URL(from).host.toLowerCase() !== host
  } catch {
    return true
  }
}
