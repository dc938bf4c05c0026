import { PageHeader } from '#app/layout/page-header.server.tsx'
import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { aboutView } from '#app/record/page-views.ts'
import { AboutWithList } from '#app/sections/about-with-list.server.tsx'
import { ValuesBlock } from '#app/sections/values-block.server.tsx'
import { stringsFor } from '#app/i18n/dictionaries.ts'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/about'

/** Nothing on this page runs in the browser: the loader renders it all (see StaticBlock). */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { first: firstAbout, second: secondAbout, name, images, values } = aboutView(record)
  const t = stringsFor(record)
  const about = staticBlocksOf(context)(
    <>
      <PageHeader title="About" english="both" image={images[0]} />
      {firstAbout ? (
        <AboutWithList
          id="about-heading"
          eyebrow={t.sections.aboutUs}
          title={name ? t.sections.getToKnow(name) : t.sections.whoWeAre}
          text={firstAbout.text}
          list={firstAbout.list}
          image={images[1]}
        />
      ) : null}
      <ValuesBlock values={values} />
      {secondAbout ? (
        <AboutWithList
          id="about-more-heading"
          eyebrow={t.sections.ourPromise}
          title={t.sections.ourCommitment}
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
