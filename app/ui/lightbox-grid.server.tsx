import { Icon } from './icon.tsx'
import { ResponsiveImage } from './responsive-image.tsx'
import type { MakeStaticBlock } from './static-block.server.tsx'

/** A grid's thumbnails (LightboxGrid's `thumbnails`) as static blocks, for its route's loader. */
export function lightboxThumbnails(staticBlock: MakeStaticBlock, images: string[]) {
  return images.map((src) => staticBlock(<Thumbnail src={src} />))
}

function Thumbnail({ src }: { src: string }) {
  return (
    <>
      <ResponsiveImage
        src={src}
        alt=""
        width={600}
        height={450}
        // The grid's 4:3 buttons (lightbox-grid.tsx): 2, 3 and 4 columns.
        cover={[
          { media: '(min-width: 1024px)', width: '300px', aspect: 4 / 3 },
          { media: '(min-width: 640px)', width: '33vw', aspect: 4 / 3 },
          { width: '50vw', aspect: 4 / 3 },
        ]}
        className="photo-cover-zoom"
        // Never a page's largest paint: on a phone's first screen (a project's page, right under its header) the browser
        // would raise it to high beside the header's picture, which is (issue 46).
        fetchPriority="low"
      />
      <span
        aria-hidden="true"
        className="absolute inset-0 grid place-items-center bg-third/0 transition-colors group-hover:bg-third/45 group-focus-visible:bg-third/45"
      >
        <span className="grid size-12 scale-75 place-items-center rounded-full bg-white/95 text-heading opacity-0 shadow-lg transition group-hover:scale-100 group-hover:opacity-100 group-focus-visible:scale-100 group-focus-visible:opacity-100">
          <Icon icon="magnifying-glass-plus" className="size-5" />
        </span>
      </span>
    </>
  )
}
