/**
 * The URLs of our own image variants, shared by the server (which writes and serves them) and
 * the image component (which derives srcset, sizes and intrinsic size from them). A record
 * image becomes `/img/{hash}-{width}x{height}/{largest}.{jpg|png}`: the hash names the source
 * bytes, so every variant URL is immutable and changes when the photo does.
 */

/** Widths we encode (never above the source's own). Close steps keep a 2x phone within ~2x of what it shows. */
export const VARIANT_WIDTHS = [160, 240, 320, 400, 480, 640, 800, 1024, 1280, 1600, 1920] as const
/** Shown until a record image's variants exist (or when it cannot be fetched): same origin, never a broken image. */
export const IMAGE_PLACEHOLDER = '/img/placeholder.svg'

export type FallbackFormat = 'jpg' | 'png'
export type LocalImage = { hash: string; width: number; height: number; fallback: FallbackFormat }

const LOCAL = /^\/img\/([0-9a-f]{32})-(\d{1,5})x(\d{1,5})\/\d{1,5}\.(jpg|png)$/

/** The widths encoded for a source this wide: the ladder below it, plus its own width (capped). */
export function variantWidths(sourceWidth: number): number[] {
  const top = Math.min(sourceWidth, VARIANT_WIDTHS.at(-1)!)
  return [...VARIANT_WIDTHS.filter((w) => w < top), top]
}

export const variantUrl = (image: LocalImage, width: number, format: 'webp' | FallbackFormat) =>
  `/img/${image.hash}-${image.width}x${image.height}/${width}.${format}`

/** The URL a record image is rewritten to: its largest fallback variant, which also names its size. */
export const localImageSrc = (image: LocalImage) => variantUrl(image, variantWidths(image.width).at(-1)!, image.fallback)

export function parseLocalImage(src: string): LocalImage | null {
  const match = LOCAL.exec(src)
  if (!match) return null
  return { hash: match[1]!, width: Number(match[2]), height: Number(match[3]), fallback: match[4] as FallbackFormat }
}

/** The one fallback (JPEG/PNG) a browser without WebP gets: wide enough for a phone at 2x, or the source's own width. */
export function fallbackSrc(image: LocalImage) {
  const widths = variantWidths(image.width)
  return variantUrl(image, widths.findLast((w) => w <= 800) ?? widths[0]!, image.fallback)
}

/** The smallest variant (a favicon, a tiny badge); other URLs as they are. */
export function smallestVariant(src: string): string {
  const local = parseLocalImage(src)
  return local ? variantUrl(local, variantWidths(local.width)[0]!, local.fallback) : src
}

/** srcset candidates of one format, smallest first. */
export function variantCandidates(image: LocalImage, format: 'webp' | FallbackFormat) {
  return variantWidths(image.width).map((width) => ({
    src: variantUrl(image, width, format),
    width,
    height: Math.round((image.height * width) / image.width),
  }))
}

export const srcSetOf = (candidates: { src: string; width: number }[]) => candidates.map((c) => `${c.src} ${c.width}w`).join(', ')
