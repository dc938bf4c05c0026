import { notShown, shown, type Shown } from './block-status.ts'
import type { PageRecord } from './schema.ts'
import { youtubeId } from './youtube.ts'
import { pageStringsFor } from '#app/i18n/use-page-strings.ts'

export type PromoVideo = { videoId: string; poster: string }

/** Only the FIRST entry of videosPromo / brandingExtra counts, and only when it is active. */
function firstActive<T extends { activo: boolean }>(entries: T[], field: string): Shown<T> {
  const first = entries[0]
  if (!first) return notShown(field, [], 'the record has no entry', false)
  return first.activo ? shown(first) : notShown(`${field}[0].activo`, first.activo, 'the first entry is not active', false)
}

/** The home promo video, or why it is not shown. */
export function promoVideoBlock(record: PageRecord): Shown<PromoVideo> {
  const { view: first, reason } = firstActive(record.videosPromo, 'videosPromo')
  if (!first) return { view: null, reason }
  const videoId = youtubeId(first.link)
  return videoId
    ? shown({ videoId, poster: first.img })
    : notShown('videosPromo[0].link', first.link, 'not a YouTube video link or id', true)
}
export const promoVideo = (record: PageRecord): PromoVideo | null => promoVideoBlock(record).view

/** The branding logos block, or why it is not shown. */
export function brandingSection(record: PageRecord): Shown<{ link: string; img: string; title: string }> {
  const { view: first, reason } = firstActive(record.brandingExtra, 'brandingExtra')
  if (!first) return { view: null, reason }
  if (!first.img) return notShown('brandingExtra[0].img', first.img, 'an active logos block needs a picture', true)
  return shown({
    link: first.link,
    img: first.img,
    title: record.labels.general.titleBranding.trim() || pageStringsFor(record).sections.brandsWeTrust,
  })
}
export const brandingBlock = (record: PageRecord) => brandingSection(record).view

/** The reviews widget's class name: the record's reviews.links[0], or '' when there is none. */
export const reviewsWidgetClass = (record: PageRecord): string => record.reviews.links[0]?.trim() ?? ''

/** The home-only reviews block: when reviews.isHomeOnly is set, with the widget class in links[0]. */
export function homeReviewsBlock(record: PageRecord): Shown<string> {
  const widgetClass = reviewsWidgetClass(record)
  if (!record.reviews.isHomeOnly)
    return notShown('reviews.isHomeOnly', record.reviews.isHomeOnly, 'reviews are not for the home page', false)
  return widgetClass ? shown(widgetClass) : notShown('reviews.links[0]', record.reviews.links[0], 'no reviews widget id', true)
}
export const homeReviewsWidget = (record: PageRecord): string | null => homeReviewsBlock(record).view

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
