/**
 * Cache keys of rendered pages. A page depends on its site, the site's record version, the public
 * origin (canonical links) and its path; never on tracking parameters (utm_*, fbclid, gclid…), so a
 * query string only counts for the parameters a page reads, and every 404 of one route is one page.
 */

/** Query parameters any page reads. None today: pages depend on their path only. */
export const PAGE_QUERY_PARAMS: readonly string[] = []

/** `/about?utm_source=x&fbclid=y` → `/about`; kept parameters are sorted, so their order does not matter. */
export function pagePath(pathname: string, search: string): string {
  if (!search || PAGE_QUERY_PARAMS.length === 0) return pathname
  const params = new URLSearchParams(search)
  const kept = new URLSearchParams([...params].filter(([name]) => PAGE_QUERY_PARAMS.includes(name)).sort(([a], [b]) => a.localeCompare(b)))
  return kept.size ? `${pathname}?${kept}` : pathname
}

export type PageScope = { siteId: string; version: string; origin: string }

/** Every key of a site starts with this, so a record change drops them all at once. */
export const sitePrefix = (siteId: string) => `${siteId}\u0000`

export const pageKey = (scope: PageScope, path: string) => `${sitePrefix(scope.siteId)}${scope.version}\u0000${scope.origin}\u0000${path}`

/** All the 404s a route answers look alike (no canonical link, no path), so they share one entry. */
export const notFoundKey = (scope: PageScope, routeId: string) => pageKey(scope, `404:${routeId}`)
