import { PageHeader } from '#app/layout/page-header.tsx'
import { imageAt } from '#app/record/home-content.ts'
import { pageMeta } from '#app/record/route-meta.ts'
import { useRecord } from '#app/record/use-record.ts'
import { AboutWithList } from '#app/sections/about-with-list.tsx'
import { ValuesBlock } from '#app/sections/values-block.tsx'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta('About', matches)

export default function About() {
  const record = useRecord()
  const [firstAbout, secondAbout] = record.dbAbout
  const name = record.dbPrincipal.name
  return (
    <>
      <PageHeader title="About" english="both" image={imageAt(record, 1)} />
      {firstAbout ? (
        <AboutWithList id="about-heading" eyebrow="About us" title={name ? `Get To Know ${name}` : 'Who We Are'} text={firstAbout.text} list={firstAbout.list} image={imageAt(record, 2)} />
      ) : null}
      <ValuesBlock values={record.dbValues} />
      {secondAbout ? (
        <AboutWithList id="about-more-heading" eyebrow="Our promise" title="Our Commitment To You" text={secondAbout.text} list={secondAbout.list} image={imageAt(record, 3)} imageRight />
      ) : null}
    </>
  )
}
