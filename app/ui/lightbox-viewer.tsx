import Lightbox from 'yet-another-react-lightbox'
import Counter from 'yet-another-react-lightbox/plugins/counter'
import 'yet-another-react-lightbox/styles.css'
import 'yet-another-react-lightbox/plugins/counter.css'
import { parseLocalImage, variantCandidates } from './image-variants.ts'
import { useStrings } from '#app/i18n/use-strings.ts'

export type LightboxViewerProps = {
  images: string[]
  /** What the photos show, e.g. the landing's name. */
  name: string
  open: boolean
  index: number
  onIndexChange: (index: number) => void
  onClose: () => void
}

/**
 * The full-screen photo viewer, loaded only when a visitor first opens a photo. The library
 * brings keyboard (arrows, Escape), swipe, focus in and back, and a modal role; the carousel
 * wraps around from the last photo to the first and back.
 */
/** Our variants let the viewer pick the width the screen needs instead of the largest. */
function sized(src: string) {
  const local = parseLocalImage(src)
  return local ? { width: local.width, height: local.height, srcSet: variantCandidates(local, 'webp') } : {}
}

export default function LightboxViewer({ images, name, open, index, onIndexChange, onClose }: LightboxViewerProps) {
  const total = images.length
  const t = useStrings()
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={images.map((src, i) => ({ src, alt: t.a11y.photoOf(name, i + 1, total), ...sized(src) }))}
      carousel={{ finite: false, preload: 1 }}
      controller={{ closeOnBackdropClick: true }}
      on={{ view: ({ index: current }) => onIndexChange(current) }}
      plugins={[Counter]}
      counter={{ container: { style: { top: 0, bottom: 'unset' } } }}
      labels={{
        Lightbox: t.a11y.photosOf(name),
        'Photo gallery': name,
        Previous: t.a11y.previousPhoto,
        Next: t.a11y.nextPhoto,
        Close: t.a11y.closePhotos,
        Slide: t.a11y.slide,
        Carousel: t.a11y.carousel,
        '{index} of {total}': t.a11y.slideOfTemplate,
      }}
      styles={{ container: { backgroundColor: 'rgba(8, 12, 10, 0.97)' } }}
    />
  )
}
