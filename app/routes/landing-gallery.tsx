import { NotFoundNotice } from '#app/sections/deferred-sections.ts'
import { PageHeader } from '#app/layout/page-header.server.tsx'
import { currentRecord } from '#app/record/current-record.server.ts'
import { findEntryOr404 } from '#app/record/find-entry.server.ts'
import type { PageHandle } from '#app/record/page-meta.ts'
import { PhotoGallery } from '#app/sections/photo-gallery.tsx'
import { photoGalleryBlocks } from '#app/sections/photo-gallery.server.tsx'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/landing-gallery'
import { pageStringsFor } from '#app/i18n/use-page-strings.ts'

/** The header, the empty notice and the link back are rendered here; the lightbox runs in the browser. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const landing = findEntryOr404(record.landings, params.id, (slug) => `/gallery/${slug}`)
  const name = landing.name.trim()
  const page = pageStringsFor(record)
  const staticBlock = staticBlocksOf(context)
  const blocks = {
    header: staticBlock(<PageHeader title={name} subHeader="Project Gallery" english="subHeader" image={landing.gallery[0]} />),
    gallery: photoGalleryBlocks(staticBlock, { name, images: landing.gallery }, 'landing-gallery-heading', page.pages.projectPhotos),
    end: staticBlock(
      <>
        {landing.gallery.length ? null : <p className="container-page py-20 text-center text-lg">{page.pages.projectComing}</p>}
        <p className="container-page pb-16 text-center">
          <a href="/gallery" className="btn-primary">
            {page.pages.wholeGallery}
          </a>
        </p>
      </>,
    ),
  }
  return { name, images: landing.gallery, blocks }
}

export const handle: PageHandle = { page: (data: { name: string }) => data.name }

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function LandingGallery({ loaderData }: Route.ComponentProps) {
  const { name, images, blocks } = loaderData
  return (
    <>
      <StaticBlock block={blocks.header} />
      {images.length ? <PhotoGallery group={{ name, images }} blocks={blocks.gallery} /> : null}
      <StaticBlock block={blocks.end} />
    </>
  )
}

export function ErrorBoundary() {
  return <NotFoundNotice />
}
