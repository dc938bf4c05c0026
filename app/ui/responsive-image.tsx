import type { ImgHTMLAttributes } from 'react'
import { preload } from 'react-dom'
import {
  coverSizes,
  fallbackSrc,
  parseLocalImage,
  portraitCandidates,
  portraitSource,
  srcSetOf,
  variantCandidates,
  type CoverBox,
  type Veil,
} from './image-variants.ts'
import { withinPixels } from './picture-density.ts'

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'width' | 'height'> & {
  src: string
  /** Required on purpose: '' marks a decorative picture. */
  alt: string
  /** The box to reserve while the picture loads when its own size is unknown (the placeholder). */
  width: number
  height: number
  /** For pictures shown at a fixed CSS height (logos): `sizes` follows from the picture's own aspect. */
  displayHeight?: number
  /**
   * For pictures drawn with object-fit: cover, their box per layout instead of `sizes`: a box taller
   * than the picture's own shape draws it wider than the box, and `sizes` says so (image-variants.ts). Where the
   * phone's box is taller than the picture's portrait crop, the crop is chosen instead (`portraitSource`).
   */
  cover?: CoverBox[]
  /**
   * A cover picture seen through a veil (the page's overlay, or a backdrop's gradient): its file is chosen for
   * that veil's share of the resolution it is drawn at (VEIL_RESOLUTION), and the <img> names it in `data-veil`.
   */
  veil?: Veil
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean
}

/**
 * The one way a record picture reaches the page. Our variant URLs name the picture's size, so
 * it gets its real width/height and a WebP srcset; browsers without WebP (a vanishing few) get one
 * mid-sized JPEG (or PNG), which keeps every page's markup free of a second srcset. Anything else
 * (the placeholder) is a plain <img>. Lazy unless `priority`: then it is also preloaded from the
 * top of <head> (React places high-priority image preloads before the scripts), so the picture that
 * is the page's largest paint starts downloading before the JavaScript competes for the line.
 * A picture that is not a cover is held to what its pixels hold (picture-density.ts): smaller than its
 * place, it is drawn smaller, and its parent centres it or shrinks to it.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  displayHeight,
  cover,
  veil,
  priority = false,
  sizes = '100vw',
  style,
  ...rest
}: Props) {
  const local = parseLocalImage(src)
  // What a caller leaves undefined (`fetchPriority={low ? 'low' : undefined}`) keeps this component's own value.
  const given = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined))
  const loading = {
    loading: priority ? 'eager' : 'lazy',
    fetchPriority: priority ? 'high' : undefined,
    decoding: priority ? undefined : 'async',
  } as const
  if (!local) return <img src={src} alt={alt} width={width} height={height} style={style} {...loading} {...given} />
  const shownSizes = cover
    ? coverSizes(cover, local, veil)
    : displayHeight
      ? `${Math.ceil((displayHeight * local.width) / local.height)}px`
      : sizes
  const webp = variantCandidates(local, 'webp')
  const webpSrcSet = srcSetOf(webp)
  const portrait = cover && portraitSource(cover, local, veil)
  const crops = portrait ? portraitCandidates(local) : []
  const portraitSrcSet = srcSetOf(crops)
  if (priority) {
    const preloaded = (href: string, srcSet: string, sizes: string, media?: string) =>
      preload(href, { as: 'image', type: 'image/webp', imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: 'high', media })
    // Each screen preloads the one file its <picture> will choose: the crop where its media matches, else the picture.
    if (portrait) preloaded(crops[0]!.src, portraitSrcSet, portrait.sizes, portrait.media)
    preloaded(webp[0]!.src, webpSrcSet, shownSizes, portrait ? `not all and ${portrait.media}` : undefined)
  }
  return (
    // display: contents, so the <img> keeps its place in the parent's grid or flex layout.
    <picture className="contents">
      {portrait ? <source type="image/webp" media={portrait.media} srcSet={portraitSrcSet} sizes={portrait.sizes} /> : null}
      <source type="image/webp" srcSet={webpSrcSet} sizes={shownSizes} />
      <img
        src={fallbackSrc(local)}
        alt={alt}
        width={local.width}
        height={local.height}
        style={cover ? style : { ...withinPixels(local, displayHeight), ...style }}
        data-veil={cover ? veil : undefined}
        {...loading}
        {...given}
      />
    </picture>
  )
}
