import { NotFoundNotice, StatisticsBand } from '#app/sections/deferred-sections.ts'
import { PageHeader } from '#app/layout/page-header.server.tsx'
import { currentRecord } from '#app/record/current-record.server.ts'
import { findEntryOr404 } from '#app/record/find-entry.server.ts'
import { servicePath } from '#app/record/navigation.ts'
import { serviceDetailView } from '#app/record/page-views.ts'
import type { PageHandle } from '#app/record/page-meta.ts'
import { serviceImage } from '#app/record/service-lists.ts'
import { BulletList } from '#app/sections/bullet-list.server.tsx'
import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { containerBoxes } from '#app/ui/image-variants.ts'
import { ServiceSidePanel } from '#app/sections/service-side-panel.server.tsx'
import { TrailingCta } from '#app/sections/trailing-cta.server.tsx'
import { ValuesBlock } from '#app/sections/values-block.server.tsx'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/service-detail'

/** The page but for the statistics band (which counts up) is rendered here (see StaticBlock). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const view = serviceDetailView(
    record,
    findEntryOr404(record.dbServices, params.id, (slug) => `/${slug}`),
  )
  const { service, slogan, headerImage, side, values, trailing } = view
  const mainImage = service.description[0]?.img || serviceImage(service)
  const staticBlock = staticBlocksOf(context)
  const blocks = {
    service: staticBlock(
      <>
        <PageHeader title={service.name} subHeader="Services" english="subHeader" image={mainImage || headerImage} />
        <div className="container-page grid gap-12 py-16 sm:py-20 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
          <article aria-labelledby="service-heading">
            {mainImage ? (
              <ResponsiveImage
                src={mainImage}
                alt={service.name}
                width={1200}
                height={800}
                // Under the page header, the page's largest paint (on a phone and a desktop): asked for after it (issue 46).
                fetchPriority="low"
                cover={[
                  { media: '(min-width: 1280px)', width: '800px', aspect: 3 / 2 },
                  { media: '(min-width: 1024px)', width: '66vw', aspect: 3 / 2 },
                  ...containerBoxes(3 / 2),
                ]}
                className="aspect-[3/2] w-full rounded-2xl object-cover shadow-xl"
              />
            ) : null}
            {slogan ? (
              <p className="mt-10 flex gap-4 rounded-r-2xl border-l-4 border-secondary bg-slate-50 p-6 text-xl font-semibold italic text-heading">
                <Icon icon="quote-left" className="size-6 shrink-0 text-secondary-ink" />
                {slogan}
              </p>
            ) : null}
            <h2
              id="service-heading"
              className="mt-10 text-3xl after:mt-4 after:block after:h-1 after:w-16 after:rounded-full after:bg-secondary"
            >
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
          <ServiceSidePanel {...side} currentPath={servicePath(service.name)} />
        </div>
      </>,
    ),
    end: staticBlock(
      <>
        <ValuesBlock values={values} />
        <TrailingCta {...trailing} />
      </>,
    ),
  }
  return { name: service.name, statistics: view.statistics, blocks }
}

export const handle: PageHandle = { page: (data: { name: string }) => data.name }

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <StaticBlock block={loaderData.blocks.service} />
      <StatisticsBand principal={loaderData.statistics} />
      <StaticBlock block={loaderData.blocks.end} />
    </>
  )
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
