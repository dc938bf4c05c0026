import { Icon } from '#app/ui/icon.tsx'
import { lightboxThumbnails } from '#app/ui/lightbox-grid.server.tsx'
import type { MakeStaticBlock } from '#app/ui/static-block.server.tsx'
import type { GalleryGroup } from '#app/record/gallery-groups.ts'
import { useFormatNumber, useStrings } from '#app/i18n/use-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

export type PhotoGalleryBlocks = ReturnType<typeof photoGalleryBlocks>

/**
 * A group's static blocks for its route's loader (PhotoGallery's `blocks`): the heading (its element
 * id `headingId` labels the section) and the thumbnails. `title` defaults to the group's name.
 */
export function photoGalleryBlocks(staticBlock: MakeStaticBlock, group: GalleryGroup, headingId: string, title = group.name) {
  return {
    headingId,
    heading: staticBlock(<PhotoGalleryHeading group={group} headingId={headingId} title={title} />),
    thumbnails: lightboxThumbnails(staticBlock, group.images),
  }
}

function PhotoGalleryHeading({ group, headingId, title }: { group: GalleryGroup; headingId: string; title: string }) {
  const t = useStrings()
  const page = usePageStrings()
  const formatNumber = useFormatNumber()
  const count = group.images.length
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div>
        <p className="mb-1 text-sm font-bold uppercase tracking-[0.18em] text-secondary-ink">
          {page.sections.photoCount(formatNumber(count), count)}
        </p>
        <h2 id={headingId} className="text-3xl sm:text-4xl">
          {title}
        </h2>
        <span aria-hidden="true" className="mt-3 block h-1 w-16 rounded-full bg-secondary" />
      </div>
      {group.href ? (
        <a href={group.href} className="inline-flex items-center gap-2 rounded-full px-1 py-2 font-semibold text-main-ink hover:underline">
          {page.sections.viewProjectPage}
          <span className="sr-only"> {t.a11y.projectPageFor(group.name)}</span>
          <Icon icon="arrow-right" className="size-3.5" />
        </a>
      ) : null}
    </div>
  )
}
