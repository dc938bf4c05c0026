import { PageHeader } from '#app/layout/page-header.server.tsx'
import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { servicesView } from '#app/record/page-views.ts'
import { ServiceRows, firstRowPicture, rowPictureBelowLg } from '#app/sections/service-rows.server.tsx'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/services'

/** Nothing on this page runs in the browser: the loader renders it all (see StaticBlock). */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { services, image } = servicesView(record)
  const firstRow = firstRowPicture(services)
  const page = staticBlocksOf(context)(
    <>
      {/* On a phone the first row's picture, right under the band, is the largest paint: asked for first, the band's after it.
          It is the band's picture when the first service's first row has one: below lg the band then shows its file. */}
      <PageHeader
        title="Services"
        english="both"
        image={image}
        picturePriority={firstRow ? 'low' : 'high'}
        sameFileBelowLg={firstRow && firstRow === image ? rowPictureBelowLg : undefined}
      />
      <ServiceRows services={services} />
    </>,
  )
  return { page }
}

export const handle: PageHandle = { page: 'Services' }

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function Services({ loaderData }: Route.ComponentProps) {
  return <StaticBlock block={loaderData.page} />
}
