import { Link } from 'react-router'
import { PageHeader } from '#app/layout/page-header.tsx'
import { imageAt } from '#app/record/home-content.ts'
import { pageMeta } from '#app/record/route-meta.ts'
import { useRecord } from '#app/record/use-record.ts'
import { VideoGrid } from '#app/sections/video-grid.tsx'
import { galleryVideoIds } from '#app/sections/video-ids.ts'
import type { Route } from './+types/our-videos'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Our Videos', matches)

export default function OurVideos() {
  const record = useRecord()
  const { linkCanalYT, links } = record.ytGallery
  return (
    <>
      <PageHeader title="Our Videos" english="both" image={imageAt(record, 2)} />
      {linkCanalYT ? (
        <VideoGrid videoIds={galleryVideoIds(links)} channelUrl={linkCanalYT} companyName={record.dbPrincipal.name} />
      ) : (
        <p className="container-page py-20 text-center text-lg">
          Our videos are coming soon. Meanwhile, see our finished work in the{' '}
          <Link to="/gallery" className="font-semibold text-main-ink underline">
            project gallery
          </Link>
          .
        </p>
      )}
    </>
  )
}
