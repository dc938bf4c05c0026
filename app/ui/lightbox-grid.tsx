import { Suspense, lazy, useState } from 'react'
import { Icon } from './icon.tsx'
import { ResponsiveImage } from './responsive-image.tsx'
import { StaticBlock } from './static-block.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

const loadViewer = () => import('./lightbox-viewer.tsx')
// Kept out of the first-load bundle: the viewer and its styles arrive on the first open (or hover).
const LightboxViewer = lazy(loadViewer)

type Props = {
  images: string[]
  /** What the photos show; names the buttons ("Open image 3 of 8: {name}") and the viewer. */
  name: string
  /** The ids of the thumbnails' static blocks (see lightboxThumbnails). */
  blockPrefix: string
}

/** A grid of photo thumbnails; each opens the full-screen viewer at that photo. The pictures inside the buttons are static blocks. */
export function LightboxGrid({ images, name, blockPrefix }: Props) {
  const [index, setIndex] = useState(0)
  const [open, setOpen] = useState(false)
  const [viewerWanted, setViewerWanted] = useState(false)
  const t = useStrings()
  if (!images.length) return null
  const total = images.length
  const prefetch = () => void loadViewer()

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" onPointerEnter={prefetch} onFocus={prefetch}>
        {images.map((src, i) => (
          <li key={`${i}-${src}`}>
            <button
              type="button"
              aria-label={t.a11y.openImage(i + 1, total, name)}
              aria-haspopup="dialog"
              onClick={() => {
                setIndex(i)
                setViewerWanted(true)
                setOpen(true)
              }}
              className="group relative block aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-200 shadow-md ring-1 ring-black/5 transition hover:shadow-xl"
            >
              <StaticBlock as="span" id={thumbnailId(blockPrefix, i)} />
            </button>
          </li>
        ))}
      </ul>
      {viewerWanted ? (
        <Suspense fallback={null}>
          <LightboxViewer images={images} name={name} open={open} index={index} onIndexChange={setIndex} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  )
}

const thumbnailId = (prefix: string, i: number) => `${prefix}-${i}`

/** A grid's thumbnails as static blocks, for its route's loader (setStaticBlocks). */
export function lightboxThumbnails(blockPrefix: string, images: string[]) {
  return Object.fromEntries(images.map((src, i) => [thumbnailId(blockPrefix, i), <Thumbnail src={src} />]))
}

function Thumbnail({ src }: { src: string }) {
  return (
    <>
      <ResponsiveImage
        src={src}
        alt=""
        width={600}
        height={450}
        sizes="(min-width: 1024px) 300px, (min-width: 640px) 33vw, 50vw"
        className="photo-cover-zoom"
      />
      <span
        aria-hidden="true"
        className="absolute inset-0 grid place-items-center bg-third/0 transition-colors group-hover:bg-third/45 group-focus-visible:bg-third/45"
      >
        <span className="grid size-12 scale-75 place-items-center rounded-full bg-white/95 text-heading opacity-0 shadow-lg transition group-hover:scale-100 group-hover:opacity-100 group-focus-visible:scale-100 group-focus-visible:opacity-100">
          <Icon icon="magnifying-glass-plus" className="size-5" />
        </span>
      </span>
    </>
  )
}
