import { firstOf } from './contact-links.ts'
import { metaDescription, META_DESCRIPTION_LENGTH } from './page-meta.ts'
import { FOOTER_ABOUT_LENGTH } from './page-views.ts'
import { landingPath, servicePath } from './navigation.ts'
import type { PageRecord } from './schema.ts'
import { FORM_SERVICE_COUNT, linkableServices, SERVICE_CARDS, SERVICE_SIDE_LINKS } from './service-lists.ts'
import { FIXED_PAGES } from './site-paths.ts'
import { canonicalSlug, findBySlug, specSlug } from './slug.ts'

/**
 * The addresses the record's services and landings get, and the record's values the site cuts to
 * one of spec §9's limits: parts of the record report (record-report.ts).
 */

export type ReportLink = {
  kind: 'service' | 'landing'
  field: string
  name: string
  path: string
  specPath: string
  problem: string
}

/** Each named entry's page (the address we link to) and the spec's form of it, which redirects there. */
export function reportLinks(record: PageRecord): ReportLink[] {
  const links = (kind: ReportLink['kind'], field: string, items: { name: string }[], pathOf: (name: string) => string) =>
    items.map((item, i): ReportLink => {
      const path = canonicalSlug(item.name) ? pathOf(item.name) : ''
      const specPath = pathOf('') + encodeURI(specSlug(item.name))
      return { kind, field: `${field}[${i}].name`, name: item.name, path, specPath, problem: linkProblem(items, item, path) }
    })
  return [...links('service', 'dbServices', record.dbServices, servicePath), ...links('landing', 'landings', record.landings, landingPath)]
}

function linkProblem(items: { name: string }[], item: { name: string }, path: string): string {
  if (!item.name.trim()) return 'no name: no page'
  if (!path) return 'the name has no letters or digits to make an address from: no page'
  if (FIXED_PAGES.includes(path)) return `${path} is one of the site's own pages: this entry's page can never be reached`
  // The page answers with the first entry its address finds (slug.ts findBySlug), as the route does.
  const owner = findBySlug(items, path.split('/').pop()!)?.item
  if (owner && owner !== item) return `"${owner.name}" comes first with the same address: this entry's page can never be reached`
  return ''
}

type Limit = { field: string; limit: number; length: number; where: string }

/** Record values longer than what the site shows (text cut, lists shortened). */
export function reportLimits(record: PageRecord): Limit[] {
  const about = firstOf(record).about
  const services = linkableServices(record.dbServices).length
  const limits: Limit[] = [
    {
      field: 'dbAbout[0].text',
      limit: FOOTER_ABOUT_LENGTH,
      length: about.length,
      where: 'the footer shows its first 181 characters, then …',
    },
    {
      field: 'dbAbout[0].text',
      limit: META_DESCRIPTION_LENGTH,
      length: (record.dbAbout[0]?.text ?? '').trim().length,
      where: `search results show the first 150 characters: "${metaDescription(record)}"`,
    },
    {
      field: 'dbServices',
      limit: FORM_SERVICE_COUNT,
      length: record.dbServices.filter((s) => s.name.trim()).length,
      where: 'the contact form, the footer and the home intro list the first six services',
    },
    { field: 'dbServices', limit: SERVICE_CARDS, length: services, where: 'the home page shows the first eight as cards' },
    { field: 'dbServices', limit: SERVICE_SIDE_LINKS, length: services, where: "a service page's side panel lists the first thirteen" },
  ]
  return limits.filter((l) => l.length > l.limit)
}
