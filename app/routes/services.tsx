import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { servicesView } from '#app/record/page-views.ts'
import { ServiceRows } from '#app/sections/deferred-sections.ts'
import type { Route } from './+types/services'

export async function loader({ context }: Route.LoaderArgs) {
  return servicesView(await currentRecord(context))
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Services', matches)

export default function Services({ loaderData }: Route.ComponentProps) {
  const { services, image } = loaderData
  return (
    <>
      <PageHeader title="Services" english="both" image={image} />
      <ServiceRows services={services} />
    </>
  )
}
