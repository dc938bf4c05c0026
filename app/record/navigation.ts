import { notShown, shown, type Shown } from './block-status.ts'
import type { PageRecord } from './schema.ts'
import { canonicalSlug } from './slug.ts'
import { isWidgetActive } from './widgets.ts'

export type NavLink = { label: string; to: string }
export type NavItem = NavLink & { children?: NavLink[] }

export const servicePath = (name: string) => `/${canonicalSlug(name)}`
export const landingPath = (name: string) => `/gallery/${canonicalSlug(name)}`

const named = <T extends { name: string }>(items: T[]) => items.filter((i) => canonicalSlug(i.name) !== '')

function withBeforeContact(items: NavItem[], extra: NavItem[]): NavItem[] {
  const contact = items.findIndex((i) => i.to === '/contact')
  return [...items.slice(0, contact), ...extra, ...items.slice(contact)]
}

/** The /reviews page (and its menu entry): when reviews are active and not for the home page only. */
export function reviewsPage({ reviews }: PageRecord): Shown<true> {
  if (!reviews.activo) return notShown('reviews.activo', reviews.activo, 'reviews are not active', false)
  if (reviews.isHomeOnly) return notShown('reviews.isHomeOnly', true, 'reviews are shown on the home page only', false)
  return shown(true)
}

/** The /our-videos page (and its menu entry): when the record names a channel. */
export function videosPage({ ytGallery }: PageRecord): Shown<true> {
  return ytGallery.linkCanalYT ? shown(true) : notShown('ytGallery.linkCanalYT', '', 'no channel link', false)
}

/** The header menu with every conditional entry of spec §2 "Navigation menu". */
export function mainNavigation(record: PageRecord): NavItem[] {
  const services: NavItem = { label: 'Services', to: '/services' }
  if (record.autoGntLandingFromService) {
    services.children = named(record.dbServices).map((s) => ({ label: s.name, to: servicePath(s.name) }))
  }
  const gallery: NavItem = { label: 'Gallery', to: '/gallery' }
  if (record.customLinks) {
    gallery.children = named(record.landings).map((l) => ({ label: l.name, to: landingPath(l.name) }))
  }
  const base: NavItem[] = [
    { label: 'Home', to: '/' },
    { label: 'About', to: '/about' },
    services,
    gallery,
    { label: 'Contact', to: '/contact' },
  ]
  const extra: NavItem[] = []
  if (videosPage(record).view) extra.push({ label: 'Our Videos', to: '/our-videos' })
  if (reviewsPage(record).view) extra.push({ label: 'Reviews', to: '/reviews' })
  return withBeforeContact(base, extra)
}

/** The footer menu: the five fixed links, plus Reviews before Contact when the ReviewTab widget is on. */
export function footerNavigation(record: PageRecord): NavLink[] {
  const base: NavLink[] = [
    { label: 'Home', to: '/' },
    { label: 'About', to: '/about' },
    { label: 'Services', to: '/services' },
    { label: 'Gallery', to: '/gallery' },
    { label: 'Contact', to: '/contact' },
  ]
  return isWidgetActive(record, 'ReviewTab') ? withBeforeContact(base, [{ label: 'Reviews', to: '/reviews' }]) : base
}
