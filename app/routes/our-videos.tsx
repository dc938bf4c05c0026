import { PageHeader } from '#app/layout/page-header.server.tsx'
import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { videosView } from '#app/record/page-views.ts'
import { VideoGrid } from '#app/sections/video-grid.tsx'
import { videoThumbnails } from '#app/sections/video-grid.server.tsx'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/our-videos'
import { stringsFor } from '#app/i18n/dictionaries.ts'
import { SectionHeading } from '#app/sections/section-heading.tsx'
import { Icon } from '#app/ui/icon.tsx'
import { pageStringsFor } from '#app/i18n/use-page-strings.ts'

/** The header, the section's heading and the channel link are rendered here; the thumbnails and player run in the browser. */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { image, channelUrl, videoIds, companyName } = videosView(record)
  const t = stringsFor(record)
  const page = pageStringsFor(record)
  const staticBlock = staticBlocksOf(context)
  const blocks = {
    header: staticBlock(<PageHeader title="Our Videos" english="both" image={image} />),
    heading: staticBlock(
      <SectionHeading id="videos-heading" eyebrow={page.sections.watchOurCrews} title={page.sections.projectVideos}>
        <p>{page.sections.videosLead(companyName)}</p>
      </SectionHeading>,
    ),
    thumbnails: videoThumbnails(staticBlock, videoIds),
    end: staticBlock(
      channelUrl ? (
        <p className="mt-12 text-center">
          <a href={channelUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
            <Icon icon="youtube" className="size-5" />
            {page.sections.visitYouTube}
            <Icon icon="arrow-up-right-from-square" className="size-3.5" />
            <span className="sr-only">{t.a11y.opensInNewTab}</span>
          </a>
        </p>
      ) : (
        <p className="container-page py-20 text-center text-lg">
          {page.pages.videosComing}{' '}
          <a href="/gallery" className="font-semibold text-main-ink underline">
            {page.pages.projectGallery}
          </a>
          .
        </p>
      ),
    ),
  }
  return { hasChannel: Boolean(channelUrl), videoIds, companyName, blocks }
}

export const handle: PageHandle = { page: 'Our Videos' }

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function OurVideos({ loaderData: { hasChannel, videoIds, companyName, blocks } }: Route.ComponentProps) {
  return (
    <>
      <StaticBlock block={blocks.header} />
      {hasChannel ? (
        <section aria-labelledby="videos-heading" className="py-16 sm:py-24">
          <div className="container-page">
            <StaticBlock block={blocks.heading} />
            <VideoGrid videoIds={videoIds} companyName={companyName} thumbnails={blocks.thumbnails} />
            <StaticBlock block={blocks.end} />
          </div>
        </section>
      ) : (
        <StaticBlock block={blocks.end} />
      )}
    </>
  )
}
