import type { ServiceCard } from '#app/record/page-views.ts'
import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { SectionHeading } from './section-heading.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

type Props = { services: ServiceCard[]; title: string; tinted?: boolean }

/** The home page's service cards: picture, name, a short text and a link to the service's page. */
export function ServicesCards({ services, title, tinted = false }: Props) {
  const t = useStrings()
  if (!services.length) return null
  return (
    <section aria-labelledby="services-cards-heading" className={`py-16 sm:py-24 ${tinted ? 'bg-slate-50' : ''}`}>
      <div className="container-page">
        <SectionHeading id="services-cards-heading" eyebrow={t.errors.ourServices} title={title.trim() || t.sections.whatWeCanDo} />
        <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {services.map(({ name, to, image, summary }) => {
            return (
              <li
                key={name}
                className="group relative flex overflow-hidden sm:flex-col rounded-2xl bg-white shadow-lg ring-1 ring-black/5 transition hover:-translate-y-1 hover:shadow-xl focus-within:ring-2 focus-within:ring-focus"
              >
                <div className="relative w-28 shrink-0 overflow-hidden bg-slate-200 sm:aspect-[3/2] sm:w-auto">
                  {image ? (
                    <ResponsiveImage
                      src={image}
                      alt=""
                      width={1200}
                      height={800}
                      sizes="(min-width: 1024px) 300px, (min-width: 640px) 50vw, 112px"
                      className="absolute inset-0 size-full object-cover transition-transform duration-500 group-hover:scale-105"
                    />
                  ) : (
                    <span className="grid size-full place-items-center text-main-ink">
                      <Icon icon="screwdriver-wrench" className="size-10" />
                    </span>
                  )}
                </div>
                <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-6">
                  <h3 className="text-base leading-snug sm:text-lg">
                    <a href={to} className="after:absolute after:inset-0 focus-visible:outline-none">
                      {name}
                    </a>
                  </h3>
                  <p className="mt-1.5 line-clamp-2 flex-1 text-sm leading-relaxed sm:mt-2 sm:line-clamp-3">{summary}</p>
                  <span
                    aria-hidden="true"
                    className="mt-3 inline-flex items-center gap-2 text-xs sm:mt-4 sm:text-sm font-bold uppercase tracking-wide text-secondary-ink"
                  >
                    {t.sections.learnMore}
                    <Icon icon="arrow-right" className="size-3.5 transition-transform group-hover:translate-x-1" />
                  </span>
                </div>
              </li>
            )
          })}
        </ul>
      </div>
    </section>
  )
}
