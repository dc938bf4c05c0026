import { MAP_FRAME_HEIGHT_PX, coverageLocations, coverageTitle, specCoverageTitle } from '#app/record/coverage.ts'
import type { PageRecord } from '#app/record/schema.ts'
import { Icon } from '#app/ui/icon.tsx'
import { SectionHeading } from './section-heading.tsx'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = {
  locations: PageRecord['dbPrincipal']['location']
  miles: number | null
  /** labels.general.titleMap: replaces the generated heading when set. */
  customTitle: string
}

/** Where the company works: a heading, the locations (when more than two) and the first location's map. */
export function CoverageMap({ locations, miles, customTitle }: Props) {
  const t = useStrings()
  const page = usePageStrings()
  const fixedEnglish = useFixedEnglish()
  const title = coverageTitle(customTitle, miles, locations, page.sections)
  const titleIsSpecs = !customTitle.trim() && specCoverageTitle(miles, locations) !== null
  const listed = coverageLocations(locations)
  const first = locations[0]
  if (!first) return null
  return (
    <section aria-labelledby="coverage-heading" className="py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading
          id="coverage-heading"
          eyebrow={page.sections.serviceArea}
          title={title}
          titleLang={titleIsSpecs ? fixedEnglish : undefined}
        />
        <div className={`grid gap-8 ${listed.length ? 'lg:grid-cols-[1fr_2fr]' : ''}`}>
          {listed.length ? (
            <div className="flex flex-col rounded-2xl bg-third p-6 text-on-third shadow-xl sm:p-8">
              <h3 className="text-xl text-on-third">{page.sections.ourLocations}</h3>
              <ul className="mt-4 space-y-1">
                {listed.map((location, index) => (
                  <li key={`${index}-${location.address}`}>
                    <a href="/contact" className="flex items-start gap-3 rounded-lg p-2 transition-colors hover:bg-white/10">
                      <Icon icon="location-dot" className="mt-1 size-4 shrink-0 text-secondary-on-third" />
                      <span>{location.address}</span>
                    </a>
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-6">
                <a href="/contact" className="btn-primary">
                  {page.sections.askAboutYourArea}
                </a>
              </div>
            </div>
          ) : null}
          {first.url ? (
            <iframe
              src={first.url}
              title={t.a11y.mapOf(first.address)}
              height={MAP_FRAME_HEIGHT_PX}
              style={{ height: MAP_FRAME_HEIGHT_PX }}
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
              className="w-full rounded-2xl border-0 bg-slate-200 shadow-xl"
            />
          ) : null}
        </div>
      </div>
    </section>
  )
}
