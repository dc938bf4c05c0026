import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { aboutView } from '#app/record/page-views.ts'
import { AboutWithList, ValuesBlock } from '#app/sections/deferred-sections.ts'
import type { Route } from './+types/about'
import { useStrings } from '#app/i18n/use-strings.ts'

export async function loader({ context }: Route.LoaderArgs) {
  return aboutView(await currentRecord(context))
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('About', matches)

export default function About({ loaderData }: Route.ComponentProps) {
  const { first: firstAbout, second: secondAbout, name, images, values } = loaderData
  const t = useStrings()
  return (
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
  )
}
