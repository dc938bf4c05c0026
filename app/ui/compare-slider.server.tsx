import { Icon } from './icon.tsx'
import type { CoverBox } from './image-variants.ts'
import { ResponsiveImage } from './responsive-image.tsx'
import type { MakeStaticBlock } from './static-block.server.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

export type ComparePhotos = ReturnType<typeof comparePhotos>[number]

/**
 * Each slider's photos (CompareSlider's `photos`) as static blocks, for its route's loader; the
 * badges and the handle's drawing are the same for every slider, so one block of each serves all.
 */
export function comparePhotos(staticBlock: MakeStaticBlock, pairs: { before: string; after: string }[], cover: CoverBox[]) {
  const badges = staticBlock(<Badges />)
  const handle = staticBlock(<HandleDrawing />)
  return pairs.map(({ before, after }) => ({
    after: staticBlock(<ComparePhoto src={after} cover={cover} alt="after" />),
    before: staticBlock(<ComparePhoto src={before} cover={cover} alt="before" />),
    badges,
    handle,
  }))
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

function ComparePhoto({ src, cover, alt }: { src: string; cover: CoverBox[]; alt: 'before' | 'after' }) {
  const t = useStrings()
  return (
    <ResponsiveImage
      src={src}
      cover={cover}
      alt={t.a11y[alt]}
      width={1200}
      height={800}
      draggable={false}
      className="block size-full object-cover"
      // On /gallery, in a phone's first screen under the page header, the page's largest paint: asked for after it (issue 46).
      fetchPriority="low"
    />
  )
}
