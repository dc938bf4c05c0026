import { PageHeader } from '#app/layout/page-header.tsx'
import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { aboutView } from '#app/record/page-views.ts'
import { AboutWithList } from '#app/sections/about-with-list.tsx'
import { ValuesBlock } from '#app/sections/values-block.tsx'
import { stringsFor } from '#app/i18n/dictionaries.ts'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { setStaticBlocks } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/about'

/** Nothing on this page runs in the browser: the loader renders it all (see StaticBlock). */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { first: firstAbout, second: secondAbout, name, images, values } = aboutView(record)
  const t = stringsFor(record)
  setStaticBlocks(context, {
    about: (
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
      </>
    ),
  })
  return null
}

export const handle: PageHandle = { page: 'About' }

export default function About() {
  return <StaticBlock id="about" />
}
