import type { PageRecord } from '#app/record/schema.ts'
import { comparePhotos } from '#app/ui/compare-slider.server.tsx'
import type { CoverBox } from '#app/ui/image-variants.ts'
import type { MakeStaticBlock } from '#app/ui/static-block.server.tsx'
import { SectionHeading } from './section-heading.tsx'
import type { PageStrings } from '#app/i18n/page-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

export type BeforeAfterBlocks = NonNullable<ReturnType<typeof beforeAfterBlocks>>

/**
 * Each slider's 3:2 box (compare-slider.tsx) per layout (before-after.tsx): one pair is at most 56rem wide;
 * more share two columns from md, three from xl when there are three or more.
 */
function photoBoxes(count: number): CoverBox[] {
  const box = (width: string, media?: string): CoverBox => ({ media, width, aspect: 3 / 2 })
  if (count === 1) return [box('900px', '(min-width: 1024px)'), box('100vw')]
  return [box(count > 2 ? '400px' : '570px', '(min-width: 1280px)'), box('50vw', '(min-width: 768px)'), box('100vw')]
}

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
      photoBoxes(pairs.length),
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
