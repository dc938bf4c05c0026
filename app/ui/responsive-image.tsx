import type { ImgHTMLAttributes } from 'react'

/** The demo's photos come in two widths: name.webp (1200 px) and name-600.webp beside it. */
const DEMO_PHOTO = /^\/demo\/images\/(?!.*-600\.webp$)[\w-]+\.webp$/

/** A srcset for the demo's own photos; undefined for anything else (we cannot know other hosts' variants). */
export function demoSrcSet(src: string): string | undefined {
  if (!DEMO_PHOTO.test(src)) return undefined
  return `${src.replace(/\.webp$/, '-600.webp')} 600w, ${src} 1200w`
}

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'alt' | 'width' | 'height'> & {
  src: string
  /** Required on purpose: '' marks a decorative picture. */
  alt: string
  width: number
  height: number
  /** Above the fold: load eagerly with high priority. */
  priority?: boolean
}

/** An <img> with explicit size, lazy by default, and a srcset when the picture has a smaller variant. */
export function ResponsiveImage({ src, alt, width, height, priority = false, sizes = '100vw', ...rest }: Props) {
  const srcSet = demoSrcSet(src)
  return (
    <img
      src={src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      {...rest}
    />
  )
}
