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

/**
 * Where a picture drawn with object-fit: cover sits, per layout (the first entry whose `media` matches
 * wins, as in `sizes`): its box's CSS width, and either the box's shape (`aspect`, width / height, for a
 * box of fixed proportions) or its height (`height`, a CSS length: `100vh` for the screen, or the usual
 * height of a band as tall as its text).
 */
export type CoverBox = { media?: string; width: string } & ({ aspect: number } | { height: string })

/** Up to 3 decimals, never below: a size rounded down could pick a candidate one step too small. */
const ceil3 = (n: number) => Math.ceil(n * 1000) / 1000

/** A CSS length times a factor ≥ 1: multiplied out for plain px and vw, else left to the browser. */
function scaled(length: string, factor: number) {
  if (factor === 1) return length
  const plain = /^(\d+(?:\.\d+)?)(px|vw)$/.exec(length)
  if (!plain) return `calc(${length} * ${ceil3(factor)})`
  return plain[2] === 'px' ? `${Math.ceil(Number(plain[1]) * factor)}px` : `${ceil3(Number(plain[1]) * factor)}vw`
}

/**
 * The share of its drawn resolution asked for a picture seen through a veil of 85 % or more (a page's
 * backdrop): a tenth of its contrast shows, and no detail finer than three screen pixels does (issue 46).
 */
export const VEILED_RESOLUTION = 1 / 3

/**
 * `sizes` for a picture drawn with object-fit: cover: the width it is drawn at. That is its box's width,
 * unless the box is proportionally taller than the picture: then the picture is scaled to the box's height
 * and cropped at the sides, and drawn as wide as that height × its own width / height. A `veiled` picture
 * asks for VEILED_RESOLUTION of it.
 */
export function coverSizes(boxes: CoverBox[], image: { width: number; height: number }, veiled = false): string {
  const shape = image.width / image.height
  return boxes
    .map((box) => {
      const drawn =
        'aspect' in box ? scaled(box.width, Math.max(1, shape / box.aspect)) : `max(${box.width}, ${box.height} * ${ceil3(shape)})`
      const asked = veiled ? `calc(${drawn} * ${ceil3(VEILED_RESOLUTION)})` : drawn
      return box.media ? `${box.media} ${asked}` : asked
    })
    .join(', ')
}

export const srcSetOf = (candidates: { src: string; width: number }[]) => candidates.map((c) => `${c.src} ${c.width}w`).join(', ')
