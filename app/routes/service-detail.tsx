import { NotFoundNotice } from '#app/layout/not-found-notice.tsx'
import { PageHeader } from '#app/layout/page-header.tsx'
import { findEntryOr404 } from '#app/record/find-entry.server.ts'
import { pageMeta } from '#app/record/route-meta.ts'
import type { Route } from './+types/service-detail'

export function loader({ params, context }: Route.LoaderArgs) {
  const { record } = context.services.records.current()
  const service = findEntryOr404(record.dbServices, params.id, (slug) => `/${slug}`)
  // Picked on the server and sent along, so hydration shows the same slogan.
  const sloganIndex = Math.floor(Math.random() * Math.max(1, record.dbSlogan.length))
  return { service, sloganIndex }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.service.name ?? 'Page not found', matches)

export default function ServiceDetail({ loaderData }: Route.ComponentProps) {
  const { service } = loaderData
  return <PageHeader title={service.name} subHeader="Services" />
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
