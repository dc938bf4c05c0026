import type { ImgHTMLAttributes } from 'react'
import { parseLocalImage, srcSetOf, variantCandidates } from './image-variants.ts'

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'width' | 'height'> & {
  src: string
  /** Required on purpose: '' marks a decorative picture. */
  alt: string
  /** The box to reserve while the picture loads when its own size is unknown (the placeholder). */
  width: number
  height: number
  /** For pictures shown at a fixed CSS height (logos): `sizes` follows from the picture's own aspect. */
  displayHeight?: number
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean
}

/**
 * The one way a record picture reaches the page. Our variant URLs name the picture's size, so
 * it gets its real width/height and a srcset of WebP with a JPEG (or PNG) fallback; anything
 * else (the placeholder) is a plain <img>. Lazy unless `priority`.
 */
export function ResponsiveImage({ src, alt, width, height, displayHeight, priority = false, sizes = '100vw', ...rest }: Props) {
  const local = parseLocalImage(src)
  const loading = { loading: priority ? 'eager' : 'lazy', fetchPriority: priority ? 'high' : undefined, decoding: 'async' } as const
  if (!local) return <img src={src} alt={alt} width={width} height={height} {...loading} {...rest} />
  const shownSizes = displayHeight ? `${Math.ceil((displayHeight * local.width) / local.height)}px` : sizes
  return (
    // display: contents, so the <img> keeps its place in the parent's grid or flex layout.
    <picture className="contents">
      <source type="image/webp" srcSet={srcSetOf(variantCandidates(local, 'webp'))} sizes={shownSizes} />
      <img
        src={src}
        srcSet={srcSetOf(variantCandidates(local, local.fallback))}
        sizes={shownSizes}
        alt={alt}
        width={local.width}
        height={local.height}
        {...loading}
        {...rest}
      />
    </picture>
  )
}
