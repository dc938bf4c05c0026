import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/route-meta.ts'
import type { Route } from './+types/gallery'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Gallery', matches)

export default function Gallery() {
  return <PageHeader title="Gallery" />
}
