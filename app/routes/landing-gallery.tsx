import { NotFoundNotice } from '#app/sections/deferred-sections.ts'
import { PageHeader } from '#app/layout/page-header.tsx'
import { currentRecord } from '#app/record/current-record.server.ts'
import { findEntryOr404 } from '#app/record/find-entry.server.ts'
import type { PageHandle } from '#app/record/page-meta.ts'
import { PhotoGallery, photoGalleryBlocks } from '#app/sections/photo-gallery.tsx'

const LANDING_HEADING = 'landing-gallery-heading'
import { stringsFor } from '#app/i18n/dictionaries.ts'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { setStaticBlocks } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/landing-gallery'

/** The header, the empty notice and the link back are rendered here; the lightbox runs in the browser. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const landing = findEntryOr404(record.landings, params.id, (slug) => `/gallery/${slug}`)
  const name = landing.name.trim()
  const t = stringsFor(record)
  setStaticBlocks(context, {
    ...photoGalleryBlocks({ name, images: landing.gallery }, LANDING_HEADING, t.pages.projectPhotos),
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

export const handle: PageHandle = { page: (data: { name: string }) => data.name }

export default function LandingGallery({ loaderData }: Route.ComponentProps) {
  const { name, images } = loaderData
  return (
    <>
      <StaticBlock id="landing-header" />
      {images.length ? <PhotoGallery group={{ name, images }} headingId={LANDING_HEADING} /> : null}
      <StaticBlock id="landing-end" />
    </>
  )
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
