import { landingPath, servicePath } from './navigation.ts'
import type { PageRecord } from './schema.ts'
import { canonicalSlug } from './slug.ts'

/** Every page of the site a crawler should know, derived from the record's conditions. */
export function sitePaths(record: PageRecord): string[] {
  const paths = ['/', '/about', '/services', '/gallery', '/contact', '/find-us-on']
  if (record.reviews.activo && !record.reviews.isHomeOnly) paths.push('/reviews')
  if (record.ytGallery.linkCanalYT) paths.push('/our-videos')
  const named = <T extends { name: string }>(items: T[]) => items.filter((i) => canonicalSlug(i.name))
  paths.push(...named(record.dbServices).map((s) => servicePath(s.name)))
  paths.push(...named(record.landings).map((l) => landingPath(l.name)))
  return [...new Set(paths)]
}
