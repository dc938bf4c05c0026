import { landingPath } from './navigation.ts'
import type { PageRecord } from './schema.ts'
import { canonicalSlug } from './slug.ts'

export type GalleryGroup = {
  name: string
  images: string[]
  /** The landing's own gallery page, for landing groups. */
  href?: string
}

export const DEFAULT_GALLERY_TITLE = 'Our Recent Work'

/**
 * The gallery page's photo grids (spec §2 Gallery): one per landing entry; with no landings,
 * the general gallery; with an empty gallery, the stock images. A landing needs a name (for its
 * page and heading) and at least one photo to count.
 */
export function galleryGroups(record: Pick<PageRecord, 'landings' | 'gallery' | 'stock' | 'labels'>): GalleryGroup[] {
  const landings = record.landings.filter((l) => canonicalSlug(l.name) !== '' && l.gallery.length > 0)
  if (landings.length) return landings.map((l) => ({ name: l.name.trim(), images: l.gallery, href: landingPath(l.name) }))
  const name = record.labels.general.titleGallery.trim() || DEFAULT_GALLERY_TITLE
  if (record.gallery.length) return [{ name, images: record.gallery }]
  if (record.stock.length) return [{ name, images: record.stock }]
  return []
}

/** Before/after pairs with both photos present. */
export function beforeAfterPairs(record: Pick<PageRecord, 'beforeAfterGall'>) {
  return record.beforeAfterGall.filter((pair) => pair.beforeImg && pair.afterImg)
}
