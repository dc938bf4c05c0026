/**
 * The URLs of our own image variants, shared by the server (which writes and serves them) and
 * the image component (which derives srcset, sizes and intrinsic size from them). A record
 * image becomes `/img/{hash}-{width}x{height}/{largest}.{jpg|png}`: the hash names the source
 * bytes, so every variant URL is immutable and changes when the photo does. A picture that also
 * has a portrait crop (PORTRAIT_SHAPE) says so in its key, `{hash}-{width}x{height}p{crop width}`,
 * and the crop's variants are `p{width}.webp` beside the others.
 */

/** Widths we encode (never above the source's own). Close steps keep a 2x phone within ~2x of what it shows. */
export const VARIANT_WIDTHS = [160, 240, 320, 400, 480, 640, 800, 1024, 1280, 1600, 1920] as const
/** Shown until a record image's variants exist (or when it cannot be fetched): same origin, never a broken image. */
export const IMAGE_PLACEHOLDER = '/img/placeholder.svg'

export type FallbackFormat = 'jpg' | 'png'
/** `portrait`: the width of its portrait crop (as tall as the picture), when it has one. */
export type LocalImage = { hash: string; width: number; height: number; fallback: FallbackFormat; portrait?: number }

/** A picture's key, the folder of its variants' URLs: hash, width, height and, when it has one, its crop's width. */
const KEY = '([0-9a-f]{32})-(\\d{1,5})x(\\d{1,5})(?:p(\\d{1,5}))?'
const LOCAL = new RegExp(`^/img/${KEY}/\\d{1,5}\\.(jpg|png)$`)
const KEY_ALONE = new RegExp(`^${KEY}$`)

/** The source hash a variant folder's key names (`/img/{key}/…`), or undefined when it is not one of ours. */
export const hashOfKey = (key: string) => KEY_ALONE.exec(key)?.[1]

/**
 * The shape (width / height) of the crop a landscape picture also gets, centred: what a phone shows of a
 * cover picture drawn in a box taller than it is wide (the home page's hero, 42rem tall and a phone wide,
 * draws a 3:2 photo 2.4 times wider than the screen). Any box up to this shape is covered by it: the hero
 * on every phone up to 28rem (448 px) wide, of which a 412 px one shows 92 %.
 */
export const PORTRAIT_SHAPE = 2 / 3

/**
 * The width of a picture's portrait crop; undefined when cropping would save less than a quarter of its width (a
 * portrait photo: not worth its encoding), or when the crop would be narrower than the narrowest phone (320 px),
 * which it could not fill at 1x (a logo, a badge).
 */
export function portraitWidth(width: number, height: number): number | undefined {
  const crop = Math.round(height * PORTRAIT_SHAPE)
  return crop >= 320 && crop <= width * 0.75 ? crop : undefined
}

/** The widths encoded for a source this wide: the ladder below it, plus its own width (capped). */
export function variantWidths(sourceWidth: number): number[] {
  const top = Math.min(sourceWidth, VARIANT_WIDTHS.at(-1)!)
  return [...VARIANT_WIDTHS.filter((w) => w < top), top]
}

const keyOf = (image: LocalImage) => `${image.hash}-${image.width}x${image.height}${image.portrait ? `p${image.portrait}` : ''}`

export const variantUrl = (image: LocalImage, width: number, format: 'webp' | FallbackFormat) => `/img/${keyOf(image)}/${width}.${format}`

/** A variant of the picture's portrait crop (WebP only: the browsers without it get the one fallback). */
export const portraitUrl = (image: LocalImage, width: number) => `/img/${keyOf(image)}/p${width}.webp`

/** The URL a record image is rewritten to: its largest fallback variant, which also names its size. */
export const localImageSrc = (image: LocalImage) => variantUrl(image, variantWidths(image.width).at(-1)!, image.fallback)

export function parseLocalImage(src: string): LocalImage | null {
  const match = LOCAL.exec(src)
  if (!match) return null
  const image: LocalImage = { hash: match[1]!, width: Number(match[2]), height: Number(match[3]), fallback: match[5] as FallbackFormat }
  if (match[4]) image.portrait = Number(match[4])
  return image
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

/** srcset candidates of the picture's portrait crop, smallest first (none without one). */
export const portraitCandidates = (image: LocalImage) =>
  image.portrait ? variantWidths(image.portrait).map((width) => ({ src: portraitUrl(image, width), width })) : []

/**
 * Where a picture drawn with object-fit: cover sits, per layout (the first entry whose `media` matches
 * wins, as in `sizes`): its box's CSS width, and either the box's shape (`aspect`, width / height, for a
 * box of fixed proportions) or its height (`height`, a CSS length: `100vh` for the screen, or the usual
 * height of a band as tall as its text).
 */
export type CoverBox = {
  media?: string
  width: string
  /**
   * Asked for at its whole drawn resolution though the picture is veiled: a box that borrows another picture's boxes
   * to ask for the very file that one asks for, unveiled, on the same page (fetched once for both).
   */
  unveiled?: true
} & ({ aspect: number } | { height: string })

/**
 * The boxes of a picture drawn across the page's container below lg (`container-page` in app.css: 1rem of padding
 * each side on a phone, 1.5rem from sm, 640 px), of shape `aspect` (`phoneAspect` on a phone, when it differs). Not
 * `100vw`: asked for the screen's width, a phone's browser may pick the next larger file.
 */
export const containerBoxes = (aspect: number, phoneAspect = aspect): CoverBox[] => [
  { media: '(min-width: 640px)', width: 'calc(100vw - 3rem)', aspect },
  { width: 'calc(100vw - 2rem)', aspect: phoneAspect },
]

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
 * The share of its drawn resolution asked for a picture seen through a veil, by veil. A veil lets only part of a
 * picture's contrast through, and with it only part of a smaller file's error (issue 46, measured in decision 232):
 * - `overlay`: the page's overlay colour (hero, page header, closing call-to-action), which the theme makes at least
 *   half opaque whatever the record asks (theme.ts). At half its resolution, a phone photo's error under the least
 *   of those overlays is below the error of the same photo unveiled at full resolution.
 * - `backdrop`: a gradient of 85 % or more (a page's backdrop): a tenth of its contrast shows, and no detail finer
 *   than three screen pixels does.
 */
export const VEIL_RESOLUTION = { overlay: 1 / 2, backdrop: 1 / 3 } as const
export type Veil = keyof typeof VEIL_RESOLUTION

/**
 * `sizes` for a picture drawn with object-fit: cover: the width it is drawn at. That is its box's width,
 * unless the box is proportionally taller than the picture: then the picture is scaled to the box's height
 * and cropped at the sides, and drawn as wide as that height × its own width / height. A picture seen
 * through a `veil` asks for its VEIL_RESOLUTION of it, but in an `unveiled` box.
 */
export function coverSizes(boxes: CoverBox[], image: { width: number; height: number }, veil?: Veil): string {
  const shape = image.width / image.height
  return boxes
    .map((box) => {
      const drawn =
        'aspect' in box ? scaled(box.width, Math.max(1, shape / box.aspect)) : `max(${box.width}, ${box.height} * ${ceil3(shape)})`
      const asked = veil && !box.unveiled ? `calc(${drawn} * ${ceil3(VEIL_RESOLUTION[veil])})` : drawn
      return box.media ? `${box.media} ${asked}` : asked
    })
    .join(', ')
}

const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a)
/** `a/b` in lowest terms (both whole numbers once multiplied by 1000). */
function ratio(a: number, b: number) {
  const [x, y] = [Math.round(a * 1000), Math.round(b * 1000)]
  const d = gcd(x, y)
  return `${x / d}/${y / d}`
}

/**
 * The `<source>` of a cover picture's portrait crop: its `media` (where the crop is used) and `sizes` (the width it
 * is drawn at there). It serves the phone's layout, the last box (without `media` of its own), when that box is as wide
 * as the screen with a height in rem, px or vh: the crop is used wherever that box is no wider than the crop's shape
 * (PORTRAIT_SHAPE), which then covers it with the fewest pixels. Undefined for a picture without a crop, or boxes of
 * another kind (a box of fixed proportions is never that tall).
 */
export function portraitSource(boxes: CoverBox[], image: LocalImage, veil?: Veil): { media: string; sizes: string } | undefined {
  const box = boxes.at(-1)
  if (!image.portrait || !box || box.media || !('height' in box) || box.width !== '100vw') return undefined
  const height = /^(\d+(?:\.\d+)?)(rem|px|vh)$/.exec(box.height)
  if (!height) return undefined
  const crop = { width: image.portrait, height: image.height }
  const [length, unit] = [Number(height[1]), height[2]]
  // The screen's shape for a box as tall as the screen (in whole numbers, as the feature wants them); else its width,
  // rounded down: just past it, the crop would be drawn by its width, a little short of pixels.
  const media =
    unit === 'vh'
      ? `(max-aspect-ratio: ${ratio(crop.width * length, crop.height * 100)})`
      : `(max-width: ${Math.floor((length * crop.width * 1000) / crop.height) / 1000}${unit})`
  return { media, sizes: coverSizes([box], crop, veil) }
}

export const srcSetOf = (candidates: { src: string; width: number }[]) => candidates.map((c) => `${c.src} ${c.width}w`).join(', ')
