import { NotFoundNotice } from '#app/layout/not-found-notice.tsx'
import { PageHeader } from '#app/layout/page-header.tsx'
import { firstOf } from '#app/record/contact-links.ts'
import { findEntryOr404 } from '#app/record/find-entry.server.ts'
import { imageAt } from '#app/record/home-content.ts'
import { servicePath } from '#app/record/navigation.ts'
import { pageMeta } from '#app/record/route-meta.ts'
import { serviceImage, sideServiceLinks } from '#app/record/service-lists.ts'
import { sidePanelSocialLinks } from '#app/record/side-panel.ts'
import { useRecord } from '#app/record/use-record.ts'
import { BulletList } from '#app/sections/service-rows.tsx'
import { ServiceSidePanel } from '#app/sections/service-side-panel.tsx'
import { StatisticsBand } from '#app/sections/statistics-band.tsx'
import { TrailingCta } from '#app/sections/trailing-cta.tsx'
import { ValuesBlock } from '#app/sections/values-block.tsx'
import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import type { Route } from './+types/service-detail'

/** Spec: the service page shows three value cards. */
export const SERVICE_VALUE_CARDS = 3

export function loader({ params, context }: Route.LoaderArgs) {
  const { record } = context.services.records.current()
  const service = findEntryOr404(record.dbServices, params.id, (slug) => `/${slug}`)
  // Picked on the server and sent along, so hydration shows the same slogan.
  const sloganIndex = Math.floor(Math.random() * Math.max(1, record.dbSlogan.length))
  return { service, sloganIndex }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.service.name ?? 'Page not found', matches)

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { service, sloganIndex } = loaderData
  const record = useRecord()
  const first = firstOf(record)
  const mainImage = service.description[0]?.img || serviceImage(service)
  const slogan = record.dbSlogan[sloganIndex]?.slogan.trim() ?? ''
  return (
    <>
      <PageHeader title={service.name} subHeader="Services" image={mainImage || imageAt(record, 0)} />
      <div className="container-page grid gap-12 py-16 sm:py-20 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <article aria-labelledby="service-heading">
          {mainImage ? (
            <ResponsiveImage
              src={mainImage}
              alt={service.name}
              width={1200}
              height={800}
              priority
              sizes="(min-width: 1280px) 800px, (min-width: 1024px) 66vw, 100vw"
              className="aspect-[3/2] w-full rounded-2xl object-cover shadow-xl"
            />
          ) : null}
          {slogan ? (
            <p className="mt-10 flex gap-4 rounded-r-2xl border-l-4 border-secondary bg-slate-50 p-6 text-xl font-semibold italic text-heading">
              <Icon icon="quote-left" className="size-6 shrink-0 text-secondary" />
              {slogan}
            </p>
          ) : null}
          <h2 id="service-heading" className="mt-10 text-3xl after:mt-4 after:block after:h-1 after:w-16 after:rounded-full after:bg-secondary">
            {service.name}
          </h2>
          <div className="mt-6 space-y-8">
            {service.description.map((entry, index) => (
              <div key={index}>
                {entry.text ? <p className="whitespace-pre-line text-lg leading-relaxed">{entry.text}</p> : null}
                <BulletList items={entry.lists} />
              </div>
            ))}
          </div>
        </article>
        <ServiceSidePanel
          services={sideServiceLinks(record.dbServices)}
          currentPath={servicePath(service.name)}
          phones={record.dbPrincipal.phones}
          emails={record.dbPrincipal.emails}
          workday={first.workday}
          workHour={first.workHour}
          socialLinks={sidePanelSocialLinks(record.dbSocialMedia.redes)}
        />
      </div>
      <StatisticsBand principal={record.dbPrincipal} />
      <ValuesBlock values={record.dbValues.slice(0, SERVICE_VALUE_CARDS)} />
      <TrailingCta phone={first.phone} image={imageAt(record, 2)} slogan={record.dbSlogan[0]?.slogan} />
    </>
  )
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
