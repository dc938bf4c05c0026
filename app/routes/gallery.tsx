import { PageHeader } from '#app/layout/page-header.tsx'
import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { galleryView } from '#app/record/page-views.ts'
import { PhotoGallery, photoGalleryBlocks } from '#app/sections/photo-gallery.tsx'
import { BeforeAfter, beforeAfterBlocks } from '#app/sections/before-after.tsx'
import { stringsFor } from '#app/i18n/dictionaries.ts'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { setStaticBlocks } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/gallery'

/** The header and the empty notice are rendered here; the sliders and lightboxes run in the browser. */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { groups, pairs, subHeader, image } = galleryView(record)
  const headingId = (i: number) => `gallery-group-${i}`
  setStaticBlocks(context, {
    ...beforeAfterBlocks(pairs),
    ...Object.assign({}, ...groups.map((group, i) => photoGalleryBlocks(group, headingId(i)))),
    'gallery-header': (
      <PageHeader title="Gallery" subHeader={subHeader} english={subHeader === 'Gallery' ? 'both' : 'title'} image={image} />
    ),
    'gallery-empty':
      !groups.length && !pairs.length ? (
        <p className="container-page py-20 text-center text-lg">{stringsFor(record).pages.galleryComing}</p>
      ) : null,
  })
  return { groups, pairs: pairs.length }
}

export const handle: PageHandle = { page: 'Gallery' }

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { groups, pairs } = loaderData
  return (
    <>
      <StaticBlock id="gallery-header" />
      <BeforeAfter count={pairs} />
      {groups.map((group, i) => (
        <PhotoGallery key={`${i}-${group.name}`} group={group} headingId={`gallery-group-${i}`} tinted={i % 2 === 1} />
      ))}
      <StaticBlock id="gallery-empty" />
    </>
  )
}
