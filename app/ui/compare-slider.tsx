import { useCallback, useState } from 'react'
import { HandleRoot, Item, Provider, Root } from 'react-compare-slider/components'
import { useReactCompareSlider } from 'react-compare-slider/hooks'
import { Icon } from './icon.tsx'
import { ResponsiveImage } from './responsive-image.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

type Props = {
  before: string
  after: string
  /** Names the slider for screen readers, e.g. "Project 1". */
  label: string
  sizes?: string
}

const START = 50
const STEP = 5
const PAGE_STEP = 25

/** The arrow keys come from the library; Home/End and Page Up/Down complete the slider keyboard pattern. */
export function keyboardTarget(key: string, position: number): number | null {
  if (key === 'Home') return 0
  if (key === 'End') return 100
  if (key === 'PageUp') return Math.min(100, position + PAGE_STEP)
  if (key === 'PageDown') return Math.max(0, position - PAGE_STEP)
  return null
}

/**
 * A before/after comparison: the before photo on the left, the after photo on the right,
 * split by a handle you drag (mouse or touch) or move with the keyboard.
 */
export function CompareSlider({ before, after, label, sizes = '(min-width: 1024px) 600px, 100vw' }: Props) {
  const t = useStrings()
  const [shown, setShown] = useState(START)
  // Must stay the same function: the library resets the position whenever it changes.
  const onPositionChange = useCallback((position: number) => setShown(Math.round(position)), [])
  const slider = useReactCompareSlider({
    defaultPosition: START,
    keyboardIncrement: `${STEP}%`,
    transition: '0.15s ease-out',
    onPositionChange,
  })

  const photo = (src: string, alt: string) => (
    <ResponsiveImage
      src={src}
      sizes={sizes}
      alt={alt}
      width={1200}
      height={800}
      draggable={false}
      className="block size-full object-cover"
    />
  )
  const badge = (text: string, side: string) => (
    <span
      aria-hidden="true"
      className={`pointer-events-none absolute top-3 z-[2] ${side} rounded-full bg-black/65 px-3 py-1 text-xs font-bold uppercase tracking-wider text-white`}
    >
      {text}
    </span>
  )

  return (
    <Provider {...slider}>
      <Root className="aspect-[3/2] w-full rounded-xl bg-slate-200">
        <Item item="itemOne">{photo(before, t.a11y.before)}</Item>
        <Item item="itemTwo">{photo(after, t.a11y.after)}</Item>
        <HandleRoot
          className="group"
          aria-label={t.a11y.comparison(label)}
          aria-valuenow={shown}
          aria-valuetext={t.a11y.comparisonValue(shown)}
          onKeyDown={(event) => {
            const next = keyboardTarget(event.key, slider.position.current)
            if (next === null) return
            event.preventDefault()
            slider.setPosition(next)
          }}
        >
          <span className="pointer-events-auto w-1 flex-1 bg-white shadow-[0_0_6px_rgba(0,0,0,.45)]" />
          <span className="pointer-events-auto grid size-12 shrink-0 cursor-ew-resize place-items-center rounded-full bg-white text-heading shadow-lg ring-4 ring-white/40 transition-shadow group-focus-visible:ring-focus">
            <Icon icon="left-right" className="size-5" />
          </span>
          <span className="pointer-events-auto w-1 flex-1 bg-white shadow-[0_0_6px_rgba(0,0,0,.45)]" />
        </HandleRoot>
        {badge(t.a11y.before, 'left-3')}
        {badge(t.a11y.after, 'right-3')}
      </Root>
    </Provider>
  )
}
