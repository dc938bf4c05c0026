import { PageHeader } from '#app/layout/page-header.server.tsx'
import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { aboutView } from '#app/record/page-views.ts'
import { AboutWithList, aboutShown } from '#app/sections/about-with-list.server.tsx'
import { ValuesBlock } from '#app/sections/values-block.server.tsx'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/about'
import { pageStringsFor } from '#app/i18n/use-page-strings.ts'

/** Nothing on this page runs in the browser: the loader renders it all (see StaticBlock). */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { first: firstAbout, second: secondAbout, name, images, values } = aboutView(record)
  const page = pageStringsFor(record)
  // On a phone the first section's picture, right under the band, is the largest paint: asked for first, the band's after it.
  const firstPicture = Boolean(images[1] && firstAbout && aboutShown(firstAbout))
  const about = staticBlocksOf(context)(
    <>
      <PageHeader title="About" english="both" image={images[0]} picturePriority={firstPicture ? 'low' : 'high'} />
      {firstAbout ? (
        <AboutWithList
          id="about-heading"
          eyebrow={page.sections.aboutUs}
          title={name ? page.sections.getToKnow(name) : page.sections.whoWeAre}
          text={firstAbout.text}
          list={firstAbout.list}
          image={images[1]}
          priority
        />
      ) : null}
      <ValuesBlock values={values} />
      {secondAbout ? (
        <AboutWithList
          id="about-more-heading"
          eyebrow={page.sections.ourPromise}
          title={page.sections.ourCommitment}
          text={secondAbout.text}
          list={secondAbout.list}
          image={images[2]}
          imageRight
        />
      ) : null}
    </>,
  )
  return { about }
}

export const handle: PageHandle = { page: 'About' }

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function About({ loaderData }: Route.ComponentProps) {
  return <StaticBlock block={loaderData.about} />
}
