import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { galleryView } from '#app/record/page-views.ts'
import { PhotoGallery } from '#app/sections/photo-gallery.tsx'
import { BeforeAfter } from '#app/sections/before-after.tsx'
import type { Route } from './+types/gallery'
import { useStrings } from '#app/i18n/use-strings.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return galleryView(await currentRecord(context))
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('Gallery', matches)

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { groups, pairs, subHeader, image } = loaderData
  const t = useStrings()
  return (
    <>
      <PageHeader title="Gallery" subHeader={subHeader} english={subHeader === 'Gallery' ? 'both' : 'title'} image={image} />
      <BeforeAfter pairs={pairs} />
      {groups.map((group, i) => (
        <PhotoGallery key={`${i}-${group.name}`} group={group} headingId={`gallery-group-${i}`} tinted={i % 2 === 1} />
      ))}
      {!groups.length && !pairs.length ? <p className="container-page py-20 text-center text-lg">{t.pages.galleryComing}</p> : null}
    </>
  )
}
