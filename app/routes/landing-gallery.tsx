import { NotFoundNotice } from '#app/layout/not-found-notice.tsx'
import { PageHeader } from '#app/layout/page-header.tsx'
import { findEntryOr404 } from '#app/record/find-entry.server.ts'
import { pageMeta } from '#app/record/route-meta.ts'
import type { Route } from './+types/landing-gallery'

export function loader({ params, context }: Route.LoaderArgs) {
  const { record } = context.services.records.current()
  return { landing: findEntryOr404(record.landings, params.id, (slug) => `/gallery/${slug}`) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.landing.name ?? 'Page not found', matches)

export default function LandingGallery({ loaderData }: Route.ComponentProps) {
  const { landing } = loaderData
  return <PageHeader title={landing.name} subHeader="Gallery" />
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
