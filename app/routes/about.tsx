import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/route-meta.ts'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('About', matches)

export default function About() {
  return <PageHeader title="About" />
}
