import type { MetaDescriptor } from 'react-router'
import type { PageRecord } from './schema.ts'
import { metaDescription, pageTitle } from './page-meta.ts'

type RootData = { record: PageRecord } | undefined
type Matches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>

export function rootRecord(matches: Matches): PageRecord | undefined {
  return (matches.find((m) => m?.id === 'root')?.loaderData as RootData)?.record
}

/** The head every page shares (spec "Common layout"): title, description, robots. */
export function pageMeta(page: string, matches: Matches): MetaDescriptor[] {
  const record = rootRecord(matches)
  return [
    { title: pageTitle(page, record) },
    { name: 'description', content: metaDescription(record) },
    { name: 'robots', content: 'index,follow' },
  ]
}
