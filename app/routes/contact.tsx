import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/route-meta.ts'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Contact', matches)

export default function Contact() {
  return <PageHeader title="Contact" />
}
