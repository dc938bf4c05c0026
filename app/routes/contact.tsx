import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/route-meta.ts'
import { contactAction } from '#server/leads/contact-action.server.ts'
import type { Route } from './+types/contact'

/** Every form on the site posts here (with or without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context)
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Contact', matches)

export default function Contact() {
  return <PageHeader title="Contact" />
}
