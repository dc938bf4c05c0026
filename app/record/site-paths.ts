import { landingPath, reviewsPage, servicePath, videosPage } from './navigation.ts'
import type { PageRecord } from './schema.ts'
import { canonicalSlug } from './slug.ts'

/** The pages of the route table (app/routes.ts) a service's or landing's address can never take. */
export const FIXED_PAGES = ['/', '/about', '/services', '/gallery', '/contact', '/find-us-on', '/reviews', '/our-videos']

/** Every page of the site a crawler should know, derived from the record's conditions. */
export function sitePaths(record: PageRecord): string[] {
  const paths = FIXED_PAGES.slice(0, 6)
  if (reviewsPage(record).view) paths.push('/reviews')
  if (videosPage(record).view) paths.push('/our-videos')
  const named = <T extends { name: string }>(items: T[]) => items.filter((i) => canonicalSlug(i.name))
  paths.push(...named(record.dbServices).map((s) => servicePath(s.name)))
  paths.push(...named(record.landings).map((l) => landingPath(l.name)))
  return [...new Set(paths)]
}

/** The record's own pages by path and name: each service's and landing's (the monthly report names pages so). */
export function pageTitles(record: PageRecord): Record<string, string> {
  const named = <T extends { name: string }>(items: T[], path: (name: string) => string) =>
    items.filter((i) => canonicalSlug(i.name)).map((i) => [path(i.name), i.name.trim()] as const)
  return Object.fromEntries([...named(record.landings, landingPath), ...named(record.dbServices, servicePath)])
}
