import { NotFoundNotice } from '#app/layout/not-found-notice.tsx'
import { PageHeader } from '#app/layout/page-header.tsx'
import { currentRecord } from '#app/record/current-record.server.ts'
import { findEntryOr404 } from '#app/record/find-entry.server.ts'
import { notFoundMeta, pageMeta } from '#app/record/page-meta.ts'
import { PhotoGallery } from '#app/sections/photo-gallery.tsx'
import { stringsFor } from '#app/i18n/dictionaries.ts'
import { useStrings } from '#app/i18n/use-strings.ts'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { renderStaticBlocks } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/landing-gallery'

/** The header, the empty notice and the link back are rendered here; the lightbox runs in the browser. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const landing = findEntryOr404(record.landings, params.id, (slug) => `/gallery/${slug}`)
  const name = landing.name.trim()
  const t = stringsFor(record)
  renderStaticBlocks(context, record, {
    'landing-header': <PageHeader title={name} subHeader="Project Gallery" english="subHeader" image={landing.gallery[0]} />,
    'landing-end': (
      <>
        {landing.gallery.length ? null : <p className="container-page py-20 text-center text-lg">{t.pages.projectComing}</p>}
        <p className="container-page pb-16 text-center">
          <a href="/gallery" className="btn-primary">
            {t.pages.wholeGallery}
          </a>
        </p>
      </>
    ),
  })
  return { name, images: landing.gallery }
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(loaderData.name, matches) : notFoundMeta(matches)

export default function LandingGallery({ loaderData }: Route.ComponentProps) {
  const { name, images } = loaderData
  const t = useStrings()
  return (
    <>
      <StaticBlock id="landing-header" />
      {images.length ? <PhotoGallery group={{ name, images }} title={t.pages.projectPhotos} headingId="landing-gallery-heading" /> : null}
      <StaticBlock id="landing-end" />
    </>
  )
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
