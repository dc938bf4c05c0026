import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/route-meta.ts'
import type { Route } from './+types/reviews'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Reviews', matches)

export default function Reviews() {
  return <PageHeader title="Reviews" />
}
