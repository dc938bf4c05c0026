import { stringsFor } from '#app/i18n/dictionaries.ts'
import type { PageRecord } from './schema.ts'
import { youtubeId } from './youtube.ts'

export type PromoVideo = { videoId: string; poster: string }

/** The home promo video: only the FIRST videosPromo entry counts, and only when it is active. */
export function promoVideo(record: PageRecord): PromoVideo | null {
  const first = record.videosPromo[0]
  if (!first?.activo) return null
  const videoId = youtubeId(first.link)
  return videoId ? { videoId, poster: first.img } : null
}

/** The branding logos block: only the FIRST brandingExtra entry counts, and only when it is active. */
export function brandingBlock(record: PageRecord) {
  const first = record.brandingExtra[0]
  if (!first?.activo || !first.img) return null
  return {
    link: first.link,
    img: first.img,
    title: record.labels.general.titleBranding.trim() || stringsFor(record).sections.brandsWeTrust,
  }
}

/** The reviews widget's class name: the record's reviews.links[0], or '' when there is none. */
export const reviewsWidgetClass = (record: PageRecord): string => record.reviews.links[0]?.trim() ?? ''

/** The home-only reviews block: when reviews.isHomeOnly is set, with the widget class in links[0]. */
export function homeReviewsWidget(record: PageRecord): string | null {
  const widgetClass = reviewsWidgetClass(record)
  return record.reviews.isHomeOnly && widgetClass ? widgetClass : null
}

/** The texts of the home page, each with a sensible fallback so no block is left empty. */
export function homeTexts(record: PageRecord) {
  const about = record.dbAbout.map((a) => a.text.trim()).filter(Boolean)
  const home = record.dbHome.map((h) => h.text.trim()).filter(Boolean)
  return {
    slogan: record.dbSlogan[0]?.slogan.trim() || record.dbPrincipal.name.trim(),
    heroText: home[0] ?? '',
    circlesText: home[1] ?? about[1] ?? about[0] ?? '',
  }
}

/** Every distinct picture the record has, best suited first (project photos, then service photos, then stock). */
export function recordImages(record: PageRecord): string[] {
  const fromServices = record.dbServices.flatMap((s) => s.description.map((d) => d.img))
  const fromLandings = record.landings.flatMap((l) => l.gallery)
  return [...new Set([...record.gallery, ...fromServices, ...fromLandings, ...record.stock].filter(Boolean))]
}

/** A picture for a page header or backdrop: the n-th record image (wrapping), or '' when there are none. */
export function imageAt(record: PageRecord, n: number): string {
  const images = recordImages(record)
  return images.length ? images[n % images.length]! : ''
}
