import type { PageRecord } from '#app/record/schema.ts'
import { CompareSlider } from '#app/ui/compare-slider.tsx'
import { SectionHeading } from './section-heading.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

type Props = { pairs: PageRecord['beforeAfterGall'] }

/** Before/after sliders, one per pair: drag the handle, or focus it and use the arrow keys, Home and End. */
export function BeforeAfter({ pairs }: Props) {
  const t = useStrings()
  if (!pairs.length) return null
  const single = pairs.length === 1
  return (
    <section aria-labelledby="before-after-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="before-after-heading" eyebrow={t.sections.transformations} title={t.sections.beforeAndAfter}>
          <p>{t.sections.beforeAfterLead}</p>
        </SectionHeading>
        <ul
          className={`grid gap-6 sm:gap-8 ${single ? 'mx-auto max-w-4xl' : 'md:grid-cols-2'} ${pairs.length > 2 ? 'xl:grid-cols-3' : ''}`}
        >
          {pairs.map((pair, i) => (
            <li key={`${i}-${pair.beforeImg}`}>
              <figure className="rounded-2xl bg-white p-3 shadow-lg ring-1 ring-black/5">
                <CompareSlider
                  before={pair.beforeImg}
                  after={pair.afterImg}
                  label={t.sections.project(i + 1)}
                  sizes={single ? '(min-width: 1024px) 900px, 100vw' : '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw'}
                />
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
