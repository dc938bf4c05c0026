import { useState } from 'react'
import { Icon } from './icon.tsx'
import { ResponsiveImage } from './responsive-image.tsx'
import { StaticBlock } from './static-block.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

type Props = {
  /** Names the slider for screen readers, e.g. "Project 1". */
  label: string
  /** The ids of the two photos' static blocks (see comparePhotos). */
  blockPrefix: string
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
export function CompareSlider({ label, blockPrefix }: Props) {
  const t = useStrings()
  const [shown, setShown] = useState(START)

  return (
    <div className="relative aspect-[3/2] w-full overflow-hidden rounded-xl bg-slate-200">
      <StaticBlock id={`${blockPrefix}-after`} />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - shown}% 0 0)` }}>
        <StaticBlock id={`${blockPrefix}-before`} />
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
        <StaticBlock as="span" id={HANDLE_BLOCK} />
      </span>
      <StaticBlock id={`${blockPrefix}-badges`} />
    </div>
  )
}

const HANDLE_BLOCK = 'compare-handle'

/** A slider's photos and badges (and the handle's drawing, the same for all) as static blocks, for its route's loader. */
export function comparePhotos(blockPrefix: string, before: string, after: string, sizes: string) {
  return {
    [`${blockPrefix}-after`]: <ComparePhoto src={after} sizes={sizes} alt="after" />,
    [`${blockPrefix}-before`]: <ComparePhoto src={before} sizes={sizes} alt="before" />,
    [`${blockPrefix}-badges`]: <Badges />,
    [HANDLE_BLOCK]: <HandleDrawing />,
  }
}

function HandleDrawing() {
  return (
    <>
      <span className="w-1 flex-1 bg-white shadow-[0_0_6px_rgba(0,0,0,.45)]" />
      <span
        data-knob=""
        className="grid size-12 shrink-0 place-items-center rounded-full bg-white text-heading shadow-lg ring-4 ring-white/40"
      >
        <Icon icon="left-right" className="size-5" />
      </span>
      <span className="w-1 flex-1 bg-white shadow-[0_0_6px_rgba(0,0,0,.45)]" />
    </>
  )
}

function Badges() {
  const t = useStrings()
  const badge = (text: string, side: string) => (
    <span
      aria-hidden="true"
      className={`pointer-events-none absolute top-3 z-[2] ${side} rounded-full bg-black/65 px-3 py-1 text-xs font-bold uppercase tracking-wider text-white`}
    >
      {text}
    </span>
  )
  return (
    <>
      {badge(t.a11y.before, 'left-3')}
      {badge(t.a11y.after, 'right-3')}
    </>
  )
}

function ComparePhoto({ src, sizes, alt }: { src: string; sizes: string; alt: 'before' | 'after' }) {
  const t = useStrings()
  return (
    <ResponsiveImage
      src={src}
      sizes={sizes}
      alt={t.a11y[alt]}
      width={1200}
      height={800}
      draggable={false}
      className="block size-full object-cover"
    />
  )
}
