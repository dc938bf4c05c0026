import { CompareSlider } from '#app/ui/compare-slider.tsx'
import { StaticBlock } from '#app/ui/static-block.tsx'
import type { BeforeAfterBlocks } from './before-after.server.tsx'

/**
 * Before/after sliders, one per pair: drag the handle, or focus it and use the arrow keys, Home and
 * End. The heading and the photos are static blocks (`beforeAfterBlocks`); only their tokens reach
 * the browser.
 */
export function BeforeAfter({ blocks }: { blocks: BeforeAfterBlocks | null }) {
  if (!blocks) return null
  const count = blocks.sliders.length
  return (
    <section aria-labelledby="before-after-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <StaticBlock block={blocks.heading} />
        <ul className={`grid gap-6 sm:gap-8 ${count === 1 ? 'mx-auto max-w-4xl' : 'md:grid-cols-2'} ${count > 2 ? 'xl:grid-cols-3' : ''}`}>
          {blocks.sliders.map((photos, i) => (
            <li key={i}>
              <figure className="rounded-2xl bg-white p-3 shadow-lg ring-1 ring-black/5">
                <CompareSlider label={blocks.labels[i] ?? ''} photos={photos} />
                <figcaption className="flex items-center justify-between px-1 pt-3 text-sm font-semibold text-heading">
                  <span>{blocks.labels[i]}</span>
                  <span className="text-xs font-medium uppercase tracking-wider text-paragraph">{blocks.caption}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
