import { Suspense, lazy, useState } from 'react'
import { StaticBlock, type StaticBlockRef } from './static-block.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import { replayedOnceHydrated } from '#app/ui/deferred.tsx'

const loadViewer = () => import('./lightbox-viewer.tsx')
// Kept out of the first-load bundle: the viewer and its styles arrive on the first open (or hover).
const LightboxViewer = lazy(loadViewer)

type Props = {
  images: string[]
  /** What the photos show; names the buttons ("Open image 3 of 8: {name}") and the viewer. */
  name: string
  /** The thumbnails' pictures, one static block per image (lightbox-grid.server.tsx). */
  thumbnails: StaticBlockRef[]
}

/** A grid of photo thumbnails; each opens the full-screen viewer at that photo. The pictures inside the buttons are static blocks. */
export function LightboxGrid({ images, name, thumbnails }: Props) {
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
              {...replayedOnceHydrated}
              aria-label={t.a11y.openImage(i + 1, total, name)}
              aria-haspopup="dialog"
              onClick={() => {
                setIndex(i)
                setViewerWanted(true)
                setOpen(true)
              }}
              className="group relative block aspect-[4/3] w-full overflow-hidden rounded-xl bg-slate-200 shadow-md ring-1 ring-black/5 transition hover:shadow-xl"
            >
              <StaticBlock as="span" block={thumbnails[i] ?? null} />
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
