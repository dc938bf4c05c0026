import { PageHeader } from '#app/layout/page-header.tsx'
import { imageAt } from '#app/record/home-content.ts'
import { pageMeta } from '#app/record/route-meta.ts'
import { useRecord } from '#app/record/use-record.ts'
import { BeforeAfter } from '#app/sections/before-after.tsx'
import { beforeAfterPairs, galleryGroups } from '#app/sections/gallery-groups.ts'
import { PhotoGallery } from '#app/sections/photo-gallery.tsx'
import type { Route } from './+types/gallery'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Gallery', matches)

export default function Gallery() {
  const record = useRecord()
  const groups = galleryGroups(record)
  const pairs = beforeAfterPairs(record)
  return (
    <>
      <PageHeader title="Gallery" subHeader={record.labels.general.titleGallery.trim() || 'Gallery'} english={record.labels.general.titleGallery.trim() ? 'title' : 'both'} image={imageAt(record, 0)} />
      <BeforeAfter pairs={pairs} />
      {groups.map((group, i) => (
        <PhotoGallery key={`${i}-${group.name}`} group={group} headingId={`gallery-group-${i}`} tinted={i % 2 === 1} />
      ))}
      {!groups.length && !pairs.length ? (
        <p className="container-page py-20 text-center text-lg">Photos of our latest projects are on their way. Check back soon.</p>
      ) : null}
    </>
  )
}
