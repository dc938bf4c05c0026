import { PageHeader } from '#app/layout/page-header.tsx'
import { pageMeta } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { aboutView } from '#app/record/page-views.ts'
import { AboutWithList, ValuesBlock } from '#app/sections/deferred-sections.ts'
import type { Route } from './+types/about'

export async function loader({ context }: Route.LoaderArgs) {
  return aboutView(await currentRecord(context))
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('About', matches)

export default function About({ loaderData }: Route.ComponentProps) {
  const { first: firstAbout, second: secondAbout, name, images, values } = loaderData
  return (
    <>
      <PageHeader title="About" english="both" image={images[0]} />
      {firstAbout ? (
        <AboutWithList id="about-heading" eyebrow="About us" title={name ? `Get To Know ${name}` : 'Who We Are'} text={firstAbout.text} list={firstAbout.list} image={images[1]} />
      ) : null}
      <ValuesBlock values={values} />
      {secondAbout ? (
        <AboutWithList id="about-more-heading" eyebrow="Our promise" title="Our Commitment To You" text={secondAbout.text} list={secondAbout.list} image={images[2]} imageRight />
      ) : null}
    </>
  )
}
