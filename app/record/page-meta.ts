import type { MetaDescriptor } from 'react-router'
import { absoluteUrl } from './absolute-url.ts'
import type { PageRecord } from './schema.ts'
import { strings } from '#app/i18n/dictionaries.ts'
import type { Lang } from '#app/i18n/strings.ts'

export const META_DESCRIPTION_LENGTH = 150

/** '{page} | {company name}', or just the page when there is no name. */
export function pageTitle(page: string, company = ''): string {
  return company.trim() ? `${page} | ${company.trim()}` : page
}

export function metaDescription(record?: PageRecord): string {
  return (record?.dbAbout[0]?.text ?? '').trim().slice(0, META_DESCRIPTION_LENGTH)
}

/** What the root loader sends for every page's meta tags (the rest comes from the route: its name and URL). */
export function headMeta(record: PageRecord) {
  return {
    company: record.dbPrincipal.name.trim(),
    description: metaDescription(record),
    image: record.gallery[0] ?? record.dbPrincipal.logo,
  }
}
export type HeadMeta = ReturnType<typeof headMeta>

type RootData = { head: { meta: HeadMeta; lang: Lang }; siteUrl: string } | undefined
type Matches = ReadonlyArray<{ id: string; pathname?: string; loaderData?: unknown; error?: unknown } | undefined>

export function rootData(matches: Matches): RootData {
  return matches.find((m) => m?.id === 'root')?.loaderData as RootData
}

/** What a route module exports as `handle` to name its page in the head: a fixed name, or one from its data (a service's). */
/**
 * A route's `handle`: its page name for the head, and `scripts: false` on a page that is all static
 * blocks, so the root writes no script for it at all (app/root.tsx).
 */
export type PageHandle = { page: string | ((data: never) => string); scripts?: false }
type HeadMatch = NonNullable<Matches[number]> & { handle?: unknown }

/**
 * The head of the page as rendered (server only, entry.server): the deepest route's page name, or
 * for a failed page (404, 500) its title in the page's language.
 */
export function pageHead(matches: HeadMatch[], status: number): MetaDescriptor[] {
  if (status >= 400) {
    const errors = strings[rootData(matches)?.head.lang ?? 'en'].errors
    return pageMeta(status === 404 ? errors.notFound : errors.failed, matches)
  }
  const named = matches.findLast((m) => (m.handle as PageHandle | undefined)?.page)
  const page = (named?.handle as PageHandle | undefined)?.page
  return pageMeta(typeof page === 'function' ? (page as (data: unknown) => string)(named?.loaderData) : (page ?? ''), matches)
}

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
  const url = data && !failed ? absoluteUrl(data.siteUrl, pathname) : undefined
  const image = meta?.image && data ? absoluteUrl(data.siteUrl, meta.image) : undefined
  return [
    { title },
    { name: 'description', content: description },
    { name: 'robots', content: failed ? 'noindex' : 'index,follow' },
    ...(url
      ? [
          { tagName: 'link', rel: 'canonical', href: url },
          { property: 'og:url', content: url },
        ]
      : []),
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    ...(meta?.company ? [{ property: 'og:site_name', content: meta.company }] : []),
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: title },
    { name: 'twitter:description', content: description },
  ]
}
