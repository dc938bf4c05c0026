import type { ServiceLink } from '#app/record/service-lists.ts'
import { Icon } from '#app/ui/icon.tsx'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = { services: ServiceLink[]; companyName: string }

/** The intro card under the hero: what the company does, as the first six service names. */
export function ServicesIntro({ services, companyName }: Props) {
  const page = usePageStrings()
  if (!services.length) return null
  return (
    <section aria-labelledby="intro-heading" className="relative z-10 pt-12 lg:-mt-24 lg:pt-0">
      <div className="container-page">
        <div className="rounded-2xl bg-white p-6 shadow-xl ring-1 ring-black/5 sm:p-10">
          <div className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <p className="text-sm font-bold uppercase tracking-[0.18em] text-secondary-ink">{page.sections.whatWeDo}</p>
              <h2 id="intro-heading" className="mt-1 text-2xl sm:text-3xl">
                {companyName ? page.sections.servicesBy(companyName) : page.sections.ourServicesTitle}
              </h2>
            </div>
            <a href="/services" className="whitespace-nowrap font-semibold text-main-ink underline-offset-4 hover:underline">
              {page.sections.seeAllServices}
            </a>
          </div>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {services.map((service) => (
              <li key={service.to}>
                <a href={service.to} className="group service-link">
                  <Icon icon="circle-check" className="size-5 shrink-0 text-secondary-ink" />
                  {service.name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  )
}
