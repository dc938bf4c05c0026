import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/route-meta.ts'
import type { Route } from './+types/services'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Services', matches)

export default function Services() {
  return <PageHeader title="Services" />
}
