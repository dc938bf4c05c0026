import { LightboxGrid } from '#app/ui/lightbox-grid.tsx'
import { StaticBlock } from '#app/ui/static-block.tsx'
import type { GalleryGroup } from '#app/record/gallery-groups.ts'
import type { PhotoGalleryBlocks } from './photo-gallery.server.tsx'

type Props = { group: GalleryGroup; blocks: PhotoGalleryBlocks; tinted?: boolean }

/**
 * One titled grid of photos (a landing's, or the general gallery) that open in the lightbox. Its
 * heading and pictures are static blocks (`photoGalleryBlocks`, rendered by the route's loader);
 * the grid's buttons and the viewer run in the browser.
 */
export function PhotoGallery({ group, blocks, tinted = false }: Props) {
  return (
    <section aria-labelledby={blocks.headingId} className={`py-14 sm:py-20 ${tinted ? 'bg-slate-50' : ''}`}>
      <div className="container-page">
        <StaticBlock block={blocks.heading} />
        <LightboxGrid images={group.images} name={group.name} thumbnails={blocks.thumbnails} />
      </div>
    </section>
  )
}
