import type { PageRecord } from '#app/record/schema.ts'
import { comparePhotos } from '#app/ui/compare-slider.server.tsx'
import type { MakeStaticBlock } from '#app/ui/static-block.server.tsx'
import { SectionHeading } from './section-heading.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

export type BeforeAfterBlocks = NonNullable<ReturnType<typeof beforeAfterBlocks>>

const photoSizes = (count: number) =>
  count === 1 ? '(min-width: 1024px) 900px, 100vw' : '(min-width: 1280px) 400px, (min-width: 768px) 50vw, 100vw'

/** The section's static blocks for its route's loader (BeforeAfter's `blocks`): the heading and every pair's photos; null without pairs. */
export function beforeAfterBlocks(staticBlock: MakeStaticBlock, pairs: PageRecord['beforeAfterGall']) {
  if (!pairs.length) return null
  return {
    heading: staticBlock(<BeforeAfterHeading />),
    sliders: comparePhotos(
      staticBlock,
      pairs.map((pair) => ({ before: pair.beforeImg, after: pair.afterImg })),
      photoSizes(pairs.length),
    ),
  }
}

function BeforeAfterHeading() {
  const t = useStrings()
  return (
    <SectionHeading id="before-after-heading" eyebrow={t.sections.transformations} title={t.sections.beforeAndAfter}>
      <p>{t.sections.beforeAfterLead}</p>
    </SectionHeading>
  )
}
