import { PageHeader } from '#app/layout/page-header.tsx'
import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { videosView } from '#app/record/page-views.ts'
import { VideoGrid, VideoThumbnail, videoThumbnailId } from '#app/sections/video-grid.tsx'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { setStaticBlocks } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/our-videos'
import { stringsFor } from '#app/i18n/dictionaries.ts'
import { SectionHeading } from '#app/sections/section-heading.tsx'
import { Icon } from '#app/ui/icon.tsx'

/** The header, the section's heading and the channel link are rendered here; the thumbnails and player run in the browser. */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { image, channelUrl, videoIds, companyName } = videosView(record)
  const t = stringsFor(record)
  setStaticBlocks(context, {
    'videos-header': <PageHeader title="Our Videos" english="both" image={image} />,
    'videos-heading': (
      <SectionHeading id="videos-heading" eyebrow={t.sections.watchOurCrews} title={t.sections.projectVideos}>
        <p>{t.sections.videosLead(companyName)}</p>
      </SectionHeading>
    ),
    ...Object.fromEntries(videoIds.map((id, i) => [videoThumbnailId(i), <VideoThumbnail id={id} i={i} total={videoIds.length} />])),
    'videos-end': channelUrl ? (
      <p className="mt-12 text-center">
        <a href={channelUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
          <Icon icon="youtube" className="size-5" />
          {t.sections.visitYouTube}
          <Icon icon="arrow-up-right-from-square" className="size-3.5" />
          <span className="sr-only">{t.a11y.opensInNewTab}</span>
        </a>
      </p>
    ) : (
      <p className="container-page py-20 text-center text-lg">
        {t.pages.videosComing}{' '}
        <a href="/gallery" className="font-semibold text-main-ink underline">
          {t.pages.projectGallery}
        </a>
        .
      </p>
    ),
  })
  return { hasChannel: Boolean(channelUrl), videoIds, companyName }
}

export const handle: PageHandle = { page: 'Our Videos' }

export default function OurVideos({ loaderData: { hasChannel, videoIds, companyName } }: Route.ComponentProps) {
  return (
    <>
      <StaticBlock id="videos-header" />
      {hasChannel ? (
        <section aria-labelledby="videos-heading" className="py-16 sm:py-24">
          <div className="container-page">
            <StaticBlock id="videos-heading" />
            <VideoGrid videoIds={videoIds} companyName={companyName} />
            <StaticBlock id="videos-end" />
          </div>
        </section>
      ) : (
        <StaticBlock id="videos-end" />
      )}
    </>
  )
}
