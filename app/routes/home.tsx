import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/route-meta.ts'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Home', matches)

export default function Home() {
  return <PageHeader title="Home" />
}
