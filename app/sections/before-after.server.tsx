import type { PageRecord } from '#app/record/schema.ts'
import { comparePhotos } from '#app/ui/compare-slider.server.tsx'
import type { MakeStaticBlock } from '#app/ui/static-block.server.tsx'
import { SectionHeading } from './section-heading.tsx'
import type { PageStrings } from '#app/i18n/page-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

export type BeforeAfterBlocks = NonNullable<ReturnType<typeof beforeAfterBlocks>>

const photoSizes = (count: number) =>
  count === 1 ? '(min-width: 1024px) 900px, 100vw' : '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw'

/**
 * The section for its route's loader (BeforeAfter's `blocks`): the heading and every pair's photos as
 * static blocks, and the few words the sliders show (so the page copy stays out of the browser); null
 * without pairs.
 */
export function beforeAfterBlocks(staticBlock: MakeStaticBlock, pairs: PageRecord['beforeAfterGall'], words: PageStrings['sections']) {
  if (!pairs.length) return null
  return {
    heading: staticBlock(<BeforeAfterHeading />),
    labels: pairs.map((_, i) => words.project(i + 1)),
    caption: words.beforeAfterCaption,
    sliders: comparePhotos(
      staticBlock,
      pairs.map((pair) => ({ before: pair.beforeImg, after: pair.afterImg })),
      photoSizes(pairs.length),
    ),
  }
}

function BeforeAfterHeading() {
  const page = usePageStrings()
  return (
    <SectionHeading id="before-after-heading" eyebrow={page.sections.transformations} title={page.sections.beforeAndAfter}>
      <p>{page.sections.beforeAfterLead}</p>
    </SectionHeading>
  )
}
