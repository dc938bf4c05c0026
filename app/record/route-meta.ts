import type { MetaDescriptor } from 'react-router'
import type { HeadView } from './page-views.ts'
import { pageTitle } from './page-meta.ts'
import { strings } from '#app/i18n/strings.ts'

type RootData = { head: HeadView; siteUrl: string } | undefined
type Matches = ReadonlyArray<{ id: string; pathname?: string; loaderData?: unknown; error?: unknown } | undefined>

export function rootData(matches: Matches): RootData {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData
}

/** The head of a 404, its title in the page's language. */
export const notFoundMeta = (matches: Matches): MetaDescriptor[] => pageMeta(strings[rootData(matches)?.head.lang ?? 'en'].errors.notFound, matches)

/**
 * The head every page shares: title '{page} | {company}', description, robots,
 * plus canonical URL and Open Graph / Twitter tags for link previews. A page that failed (a 404)
 * is not indexed and names no URL, so every 404 of a route is the same page (one cache entry).
 */
export function pageMeta(page: string, matches: Matches): MetaDescriptor[] {
  const data = rootData(matches)
  const meta = data?.head.meta
  const title = pageTitle(page, meta?.company)
  const description = meta?.description ?? ''
  const pathname = matches.at(-1)?.pathname ?? '/'
  const failed = matches.some((m) => m?.error != null)
  const url = data && !failed ? `${data.siteUrl}${pathname}` : undefined
  const image = meta?.image
  const absoluteImage = image && data ? (image.startsWith('/') ? data.siteUrl + image : image) : undefined
  return [
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: failed ? 'noindex' : 'index,follow' },
    ...(url ? [{ tagName: 'link', rel: 'canonical', href: url }, { property: 'og:url', content: url }] : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(meta?.company ? [{ property: 'og:site_name', content: meta.company }] : []),
    ...(absoluteImage ? [{ property: 'og:image', content: absoluteImage }] : []),
    { name: 'twitter:card', content: absoluteImage ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ]
}
