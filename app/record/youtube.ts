/**
 * Everything the site knows about YouTube: reading a video id out of what a record holds, and the
 * URLs built from an id. Only an id matching VIDEO_ID ever reaches an embed or image URL.
 */

/** Exactly what a YouTube video id looks like. */
const VIDEO_ID = /^[\w-]{11}$/

export const isYoutubeId = (value: string) => VIDEO_ID.test(value)

/** A YouTube id from a bare id or any of the usual watch/share/embed/shorts URLs; '' when none. */
export function youtubeId(link: string): string {
  const raw = link.trim()
  if (isYoutubeId(raw)) return raw
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return ''
  }
  const host = url.hostname.replace(/^(www|m)\./, '')
  let candidate = ''
  if (host === 'youtu.be') candidate = url.pathname.split('/')[1] ?? ''
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    candidate = url.searchParams.get('v') ?? url.pathname.match(/^\/(?:embed|shorts|live|v)\/([^/?#]+)/)?.[1] ?? ''
  }
  return isYoutubeId(candidate) ? candidate : ''
}

/** The gallery's video ids from ytGallery.links (bare ids or the usual YouTube URLs), valid and distinct. */
export function galleryVideoIds(links: readonly string[]): string[] {
  return [...new Set(links.map(youtubeId).filter(Boolean))]
}

export const videoThumbnailUrl = (id: string) => `https://i.ytimg.com/vi/${id}/hqdefault.jpg`
export const videoWatchUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`

/** The gallery's player, opened on request: privacy-enhanced, starts playing. */
export const videoPlayerUrl = (id: string) => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`

/** The home promo's player: looping, muted and chrome-less, as the spec's promo video calls for. */
export const promoPlayerUrl = (id: string) =>
  `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&mute=1&loop=1&playlist=${id}&controls=0&playsinline=1`
