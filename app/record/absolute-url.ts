/**
 * A URL that works off the site (canonical links, sitemap, JSON-LD, link previews, the relay's
 * email): a root-relative path joined to the site's public origin; anything else (already absolute,
 * or empty) as given. The record only holds http(s) URLs or root-relative paths (safe-values.ts);
 * without a known siteUrl a path stays relative.
 */
export function absoluteUrl(siteUrl: string | undefined, pathOrUrl: string): string {
  const rootRelative = pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//')
  return rootRelative && siteUrl ? siteUrl.replace(/\/+$/, '') + pathOrUrl : pathOrUrl
}
