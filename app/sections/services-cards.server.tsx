import type { ServiceCard } from '#app/record/page-views.ts'
import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { SectionHeading } from './section-heading.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = { services: ServiceCard[]; title: string; tinted?: boolean }

/** The home page's service cards: picture, name, a short text and a link to the service's page. */
export function ServicesCards({ services, title, tinted = false }: Props) {
  const t = useStrings()
  const page = usePageStrings()
  if (!services.length) return null
  return (
    <section aria-labelledby="services-cards-heading" className={`py-16 sm:py-24 ${tinted ? 'bg-slate-50' : ''}`}>
      <div className="container-page">
        <SectionHeading id="services-cards-heading" eyebrow={t.errors.ourServices} title={title.trim() || page.sections.whatWeCanDo} />
        <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
          {services.map(({ name, to, image, summary }) => {
            return (
              <li key={name} className="group service-card">
                <div className="service-card-media">
                  {image ? (
                    <ResponsiveImage
                      src={image}
                      alt=""
                      width={1200}
                      height={800}
                      // On a phone the picture is a 7rem strip as tall as the card's text (about 8.5 to 10rem).
                      cover={[
                        { media: '(min-width: 1024px)', width: '300px', aspect: 3 / 2 },
                        { media: '(min-width: 640px)', width: '50vw', aspect: 3 / 2 },
                        { width: '112px', height: '10rem' },
                      ]}
                      className="photo-cover-zoom"
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
                  <p className="service-card-summary">{summary}</p>
                  <span aria-hidden="true" className="service-card-more">
                    {page.sections.learnMore}
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
