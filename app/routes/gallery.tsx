import { PageHeader } from '#app/layout/page-header.server.tsx'
import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { galleryView } from '#app/record/page-views.ts'
import { PhotoGallery } from '#app/sections/photo-gallery.tsx'
import { photoGalleryBlocks } from '#app/sections/photo-gallery.server.tsx'
import { BeforeAfter } from '#app/sections/deferred-sections.ts'
import { beforeAfterBlocks } from '#app/sections/before-after.server.tsx'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/gallery'
import { pageStringsFor } from '#app/i18n/use-page-strings.ts'

/** The header and the empty notice are rendered here; the sliders and lightboxes run in the browser. */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { groups, pairs, subHeader, image } = galleryView(record)
  const staticBlock = staticBlocksOf(context)
  const blocks = {
    header: staticBlock(
      <PageHeader title="Gallery" subHeader={subHeader} english={subHeader === 'Gallery' ? 'both' : 'title'} image={image} />,
    ),
    beforeAfter: beforeAfterBlocks(staticBlock, pairs, pageStringsFor(record).sections),
    groups: groups.map((group, i) => photoGalleryBlocks(staticBlock, group, `gallery-group-${i}`)),
    empty: staticBlock(
      !groups.length && !pairs.length ? (
        <p className="container-page py-20 text-center text-lg">{pageStringsFor(record).pages.galleryComing}</p>
      ) : null,
    ),
  }
  return { groups, blocks }
}

export const handle: PageHandle = { page: 'Gallery' }

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { groups, blocks } = loaderData
  return (
    <>
      <StaticBlock block={blocks.header} />
      <BeforeAfter blocks={blocks.beforeAfter} />
      {groups.map((group, i) => (
        <PhotoGallery key={`${i}-${group.name}`} group={group} blocks={blocks.groups[i]!} tinted={i % 2 === 1} />
      ))}
      <StaticBlock block={blocks.empty} />
    </>
  )
}
