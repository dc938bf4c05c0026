import { Link } from 'react-router'
import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { videosView } from '#app/record/page-views.ts'
import { VideoGrid } from '#app/sections/video-grid.tsx'
import type { Route } from './+types/our-videos'
import { useStrings } from '#app/i18n/use-strings.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return videosView(await currentRecord(context))
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Our Videos', matches)

export default function OurVideos({ loaderData }: Route.ComponentProps) {
  const { image, channelUrl, videoIds, companyName } = loaderData
  const t = useStrings()
  return (
    <>
      <PageHeader title="Our Videos" english="both" image={image} />
      {channelUrl ? (
        <VideoGrid videoIds={videoIds} channelUrl={channelUrl} companyName={companyName} />
      ) : (
        <p className="container-page py-20 text-center text-lg">
          {t.pages.videosComing}{' '}
          <Link to="/gallery" className="font-semibold text-main-ink underline">
            {t.pages.projectGallery}
          </Link>
          .
        </p>
      )}
    </>
  )
}
