import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/route-meta.ts'
import type { Route } from './+types/our-videos'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Our Videos', matches)

export default function OurVideos() {
  return <PageHeader title="Our Videos" />
}
