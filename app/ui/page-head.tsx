import { createContext, use } from 'react'
import type { MetaDescriptor } from 'react-router'

/** The page's title and meta tags, computed by the server for this render (entry.server, app/record/page-meta.ts). */
export const PageHeadContext = createContext<MetaDescriptor[] | undefined>(undefined)

/**
 * Writes the page's title, description, canonical link and preview tags on the server. The
 * browser never renders them again: every navigation is a document load, and React leaves the
 * head's server-written tags in place when hydrating, so no page carries the code that builds them.
 */
export function PageHead() {
  return use(PageHeadContext)?.map((tag, i) => {
    if ('title' in tag) return <title key={i}>{String(tag.title)}</title>
    if ('tagName' in tag) return <link key={i} rel={String(tag.rel)} href={String(tag.href)} />
    return <meta key={i} {...(tag as Record<string, string>)} />
  })
}
