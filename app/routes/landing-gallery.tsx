import { Link } from 'react-router'
import { NotFoundNotice } from '#app/layout/not-found-notice.tsx'
import { PageHeader } from '#app/layout/page-header.tsx'
import { currentRecord } from '#app/record/current-record.server.ts'
import { findEntryOr404 } from '#app/record/find-entry.server.ts'
import { notFoundMeta, pageMeta } from '#app/record/page-meta.ts'
import { PhotoGallery } from '#app/sections/photo-gallery.tsx'
import type { Route } from './+types/landing-gallery'
import { useStrings } from '#app/i18n/use-strings.ts'

export async function loader({ params, context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  return { landing: findEntryOr404(record.landings, params.id, (slug) => `/gallery/${slug}`) }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(loaderData.landing.name, matches) : notFoundMeta(matches)

export default function LandingGallery({ loaderData }: Route.ComponentProps) {
  const { landing } = loaderData
  const name = landing.name.trim()
  const t = useStrings()
  return (
    <>
      <PageHeader title={name} subHeader="Project Gallery" english="subHeader" image={landing.gallery[0]} />
      {landing.gallery.length ? (
        <PhotoGallery group={{ name, images: landing.gallery }} title={t.pages.projectPhotos} headingId="landing-gallery-heading" />
      ) : (
        <p className="container-page py-20 text-center text-lg">{t.pages.projectComing}</p>
      )}
      <p className="container-page pb-16 text-center">
        <Link to="/gallery" className="btn-primary">
          {t.pages.wholeGallery}
        </Link>
      </p>
    </>
  )
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
