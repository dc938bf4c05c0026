import { youtubeId } from '#app/record/home-content.ts'

/** Exactly what a YouTube video id looks like; nothing else ever reaches an embed or image URL. */
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/

export const isYoutubeId = (value: string) => VIDEO_ID.test(value)

/** The gallery's video ids from ytGallery.links (bare ids or the usual YouTube URLs), valid and distinct. */
export function galleryVideoIds(links: readonly string[]): string[] {
  const ids = links.map((link) => youtubeId(link)).filter(isYoutubeId)
  return [...new Set(ids)]
}

export const videoThumbnail = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`
export const videoEmbed = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`
export const videoWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`
