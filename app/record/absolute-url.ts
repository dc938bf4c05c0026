/**
 * A URL that works off the site (canonical links, sitemap, JSON-LD, link previews, the relay's
 * email): a root-relative path joined to the site's public origin; anything else (already absolute,
 * or empty) as given. The record only holds http(s) URLs or root-relative paths (safe-values.ts);
 * without a known siteUrl a path stays relative.
 */
export function absoluteUrl(siteUrl: string | undefined, pathOrUrl: string): string {
  const rootRelative = pathOrUrl.startsWith('/') && !pathOrUrl.startsWith('//')
  return rootRelative && siteUrl ? withoutTrailingSlashes(siteUrl) + pathOrUrl : pathOrUrl
}

/** "https://a.example///" → "https://a.example", in linear time whatever the input. */
export function withoutTrailingSlashes(text: string): string {
  let end = text.length
  while (end > 0 && text[end - 1] === '/') end--
  return text.slice(0, end)
}
