import { Link } from 'react-router'
import { NotFoundNotice } from '#app/layout/not-found-notice.tsx'
import { PageHeader } from '#app/layout/page-header.tsx'
import { currentRecord } from '#app/record/current-record.server.ts'
import { findEntryOr404 } from '#app/record/find-entry.server.ts'
import { pageMeta } from '#app/record/page-meta.ts'
import { PhotoGallery } from '#app/sections/photo-gallery.tsx'
import type { Route } from './+types/landing-gallery'

export async function loader({ params, context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  return { landing: findEntryOr404(record.landings, params.id, (slug) => `/gallery/${slug}`) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => pageMeta(loaderData?.landing.name ?? 'Page not found', matches)

export default function LandingGallery({ loaderData }: Route.ComponentProps) {
  const { landing } = loaderData
  const name = landing.name.trim()
  return (
    <>
      <PageHeader title={name} subHeader="Project Gallery" english="subHeader" image={landing.gallery[0]} />
      {landing.gallery.length ? (
        <PhotoGallery group={{ name, images: landing.gallery }} title="Project Photos" headingId="landing-gallery-heading" />
      ) : (
        <p className="container-page py-20 text-center text-lg">Photos of this project are on their way.</p>
      )}
      <p className="container-page pb-16 text-center">
        <Link to="/gallery" className="btn-primary">
          See the whole gallery
        </Link>
      </p>
    </>
  )
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
