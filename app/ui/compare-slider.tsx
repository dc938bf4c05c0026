import { useState } from 'react'
import { StaticBlock } from './static-block.tsx'
import type { ComparePhotos } from './compare-slider.server.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

type Props = {
  /** Names the slider for screen readers, e.g. "Project 1". */
  label: string
  /** The two photos, their badges and the handle's drawing, as static blocks (compare-slider.server.tsx). */
  photos: ComparePhotos
}

const START = 50
const STEP = 5
const PAGE_STEP = 25

/** Page Up/Down move a quarter (a range input's own step would be one arrow press). */
export function keyboardTarget(key: string, position: number): number | null {
  if (key === 'PageUp') return Math.min(100, position + PAGE_STEP)
  if (key === 'PageDown') return Math.max(0, position - PAGE_STEP)
  return null
}

/**
 * A before/after comparison: the before photo on the left, the after photo on the right, split
 * where the visitor drags (mouse or touch) or moves with the keyboard. The control is the
 * browser's own range input, stretched invisibly over the photos: arrows, Home/End, touch and
 * screen readers come with it; the handle drawn on top only shows where it is. The photos are
 * static blocks.
 */
export function CompareSlider({ label, photos }: Props) {
  const t = useStrings()
  const [shown, setShown] = useState(START)

  return (
    <div className="relative aspect-[3/2] w-full overflow-hidden rounded-xl bg-slate-200">
      <StaticBlock block={photos.after} />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - shown}% 0 0)` }}>
        <StaticBlock block={photos.before} />
      </div>
      <input
        type="range"
        min={0}
        max={100}
        step={STEP}
        value={shown}
        aria-label={t.a11y.comparison(label)}
        aria-valuetext={t.a11y.comparisonValue(shown)}
        onChange={(event) => setShown(Number(event.target.value))}
        onKeyDown={(event) => {
          const next = keyboardTarget(event.key, shown)
          if (next === null) return
          event.preventDefault()
          setShown(next)
        }}
        // pan-y: a vertical swipe over the photos still scrolls the page; a sideways one moves the split.
        className="peer absolute inset-0 z-[1] size-full cursor-ew-resize touch-pan-y opacity-0"
      />
      <span
        aria-hidden="true"
        data-split-handle=""
        style={{ left: `${shown}%` }}
        className="pointer-events-none absolute inset-y-0 z-[2] flex -translate-x-1/2 flex-col items-center peer-focus-visible:[&_[data-knob]]:ring-focus"
      >
        <StaticBlock as="span" block={photos.handle} />
      </span>
      <StaticBlock block={photos.badges} />
    </div>
  )
}
