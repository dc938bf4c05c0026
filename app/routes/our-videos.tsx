import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { videosView } from '#app/record/page-views.ts'
import { VideoGrid } from '#app/sections/video-grid.tsx'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { renderStaticBlocks } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/our-videos'
import { useStrings } from '#app/i18n/use-strings.ts'

export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { image, ...videos } = videosView(record)
  renderStaticBlocks(context, record, { 'videos-header': <PageHeader title="Our Videos" english="both" image={image} /> })
  return videos
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Our Videos', matches)

export default function OurVideos({ loaderData }: Route.ComponentProps) {
  const { channelUrl, videoIds, companyName } = loaderData
  const t = useStrings()
  return (
    <>
      <StaticBlock id="videos-header" />
      {channelUrl ? (
        <VideoGrid videoIds={videoIds} channelUrl={channelUrl} companyName={companyName} />
      ) : (
        <p className="container-page py-20 text-center text-lg">
          {t.pages.videosComing}{' '}
          <a href="/gallery" className="font-semibold text-main-ink underline">
            {t.pages.projectGallery}
          </a>
          .
        </p>
      )}
    </>
  )
}
