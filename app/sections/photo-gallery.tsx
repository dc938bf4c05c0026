import type { ReactNode } from 'react'
import { Icon } from '#app/ui/icon.tsx'
import { LightboxGrid, lightboxThumbnails } from '#app/ui/lightbox-grid.tsx'
import { StaticBlock } from '#app/ui/static-block.tsx'
import type { GalleryGroup } from '#app/record/gallery-groups.ts'
import { useFormatNumber, useStrings } from '#app/i18n/use-strings.ts'

type Props = { group: GalleryGroup; headingId: string; tinted?: boolean }

/**
 * One titled grid of photos (a landing's, or the general gallery) that open in the lightbox. Its
 * heading and pictures are static blocks (`photoGalleryBlocks`, rendered by the route's loader,
 * `headingId` naming them); the grid's buttons and the viewer run in the browser.
 */
export function PhotoGallery({ group, headingId, tinted = false }: Props) {
  return (
    <section aria-labelledby={headingId} className={`py-14 sm:py-20 ${tinted ? 'bg-slate-50' : ''}`}>
      <div className="container-page">
        <StaticBlock id={headingId} />
        <LightboxGrid images={group.images} name={group.name} blockPrefix={headingId} />
      </div>
    </section>
  )
}

/** A group's static blocks for its route's loader: the heading and the thumbnails. `title` defaults to the group's name. */
export function photoGalleryBlocks(group: GalleryGroup, headingId: string, title = group.name): Record<string, ReactNode> {
  return {
    [headingId]: <PhotoGalleryHeading group={group} headingId={headingId} title={title} />,
    ...lightboxThumbnails(headingId, group.images),
  }
}

function PhotoGalleryHeading({ group, headingId, title }: { group: GalleryGroup; headingId: string; title: string }) {
  const t = useStrings()
  const formatNumber = useFormatNumber()
  const count = group.images.length
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
      <div>
        <p className="mb-1 text-sm font-bold uppercase tracking-[0.18em] text-secondary-ink">
          {t.sections.photoCount(formatNumber(count), count)}
        </p>
        <h2 id={headingId} className="text-3xl sm:text-4xl">
          {title}
        </h2>
        <span aria-hidden="true" className="mt-3 block h-1 w-16 rounded-full bg-secondary" />
      </div>
      {group.href ? (
        <a href={group.href} className="inline-flex items-center gap-2 rounded-full px-1 py-2 font-semibold text-main-ink hover:underline">
          {t.sections.viewProjectPage}
          <span className="sr-only"> {t.a11y.projectPageFor(group.name)}</span>
          <Icon icon="arrow-right" className="size-3.5" />
        </a>
      ) : null}
    </div>
  )
}
