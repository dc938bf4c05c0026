import type { ReactNode } from 'react'
import type { PageRecord } from '#app/record/schema.ts'
import { CompareSlider, comparePhotos } from '#app/ui/compare-slider.tsx'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { SectionHeading } from './section-heading.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

type Pairs = PageRecord['beforeAfterGall']

const HEADING_BLOCK = 'before-after-heading'
const sliderBlocks = (i: number) => `before-after-${i}`
const photoSizes = (count: number) =>
  count === 1 ? '(min-width: 1024px) 900px, 100vw' : '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw'

/**
 * Before/after sliders, one per pair: drag the handle, or focus it and use the arrow keys, Home and
 * End. The heading and the photos are static blocks (`beforeAfterBlocks`); only the count of pairs
 * reaches the browser.
 */
export function BeforeAfter({ count }: { count: number }) {
  const t = useStrings()
  if (!count) return null
  const indexes = Array.from({ length: count }, (_, i) => i)
  return (
    <section aria-labelledby="before-after-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <StaticBlock id={HEADING_BLOCK} />
        <ul className={`grid gap-6 sm:gap-8 ${count === 1 ? 'mx-auto max-w-4xl' : 'md:grid-cols-2'} ${count > 2 ? 'xl:grid-cols-3' : ''}`}>
          {indexes.map((i) => (
            <li key={i}>
              <figure className="rounded-2xl bg-white p-3 shadow-lg ring-1 ring-black/5">
                <CompareSlider label={t.sections.project(i + 1)} blockPrefix={sliderBlocks(i)} />
                <figcaption className="flex items-center justify-between px-1 pt-3 text-sm font-semibold text-heading">
                  <span>{t.sections.project(i + 1)}</span>
                  <span className="text-xs font-medium uppercase tracking-wider text-paragraph">{t.sections.beforeAfterCaption}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

/** The section's static blocks for its route's loader: the heading and every pair's photos. */
export function beforeAfterBlocks(pairs: Pairs): Record<string, ReactNode> {
  return Object.assign(
    { [HEADING_BLOCK]: <BeforeAfterHeading /> },
    ...pairs.map((pair, i) => comparePhotos(sliderBlocks(i), pair.beforeImg, pair.afterImg, photoSizes(pairs.length))),
  )
}

function BeforeAfterHeading() {
  const t = useStrings()
  return (
    <SectionHeading id="before-after-heading" eyebrow={t.sections.transformations} title={t.sections.beforeAndAfter}>
      <p>{t.sections.beforeAfterLead}</p>
    </SectionHeading>
  )
}
