import { PageHeader } from '#app/layout/page-header.tsx'
import { imageAt } from '#app/record/home-content.ts'
import { pageMeta } from '#app/record/route-meta.ts'
import { serviceImage } from '#app/record/service-lists.ts'
import { useRecord } from '#app/record/use-record.ts'
import { ServiceRows } from '#app/sections/service-rows.tsx'
import type { Route } from './+types/services'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Services', matches)

export default function Services() {
  const record = useRecord()
  const services = record.dbServices.filter((s) => s.name.trim() || s.description.length)
  const image = services.map(serviceImage).find(Boolean) || imageAt(record, 0)
  return (
    <>
      <PageHeader title="Services" english="both" image={image} />
      <ServiceRows services={services} />
    </>
  )
}
