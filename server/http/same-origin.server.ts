/**
 * Cross-site form posts are refused without any token or cookie: browsers say where a request
 * comes from. `Sec-Fetch-Site` (every current browser) must be same-origin (or none: typed into the
 * address bar); without it, the Origin (or Referer) must be this very origin, as the visitor's
 * browser sees it (`ownOrigin`, from the request resolver: scheme and host behind a proxy too). A
 * request with neither header does not come from a browser, so no visitor's browser can be tricked into it.
 */
export type RequestHeaders = { get(name: string): string | undefined | null }

export function isCrossOriginPost(headers: RequestHeaders, ownOrigin: string): boolean {
  const fetchSite = headers.get('sec-fetch-site')
  if (fetchSite) return fetchSite !== 'same-origin' && fetchSite !== 'none'
  const from = headers.get('origin') ?? headers.get('referer')
  if (!from) return false
  try {
    return from === 'null' || new URL(from).origin !== new URL(ownOrigin).origin
  } catch {
    return true
  }
}
