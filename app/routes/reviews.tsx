import { PageHeader } from '#app/layout/page-header.server.tsx'
import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { reviewsView } from '#app/record/page-views.ts'
import { SectionHeading } from '#app/sections/section-heading.tsx'
import { Icon } from '#app/ui/icon.tsx'
import { ReviewsWidget } from '#app/sections/deferred-sections.ts'
import { stringsFor } from '#app/i18n/dictionaries.ts'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/reviews'
import { pageStringsFor } from '#app/i18n/use-page-strings.ts'

/** Everything but the reviews widget (a third-party script) is rendered here (see StaticBlock). */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { image, title, widgetClass, gmbLink } = reviewsView(record)
  const t = stringsFor(record)
  const page = pageStringsFor(record)
  const staticBlock = staticBlocksOf(context)
  const blocks = {
    header: staticBlock(<PageHeader title="Reviews" english="both" image={image} />),
    heading: staticBlock(
      <SectionHeading id="reviews-heading" eyebrow={page.sections.testimonials} title={title}>
        <p>{page.pages.reviewsLead}</p>
      </SectionHeading>,
    ),
    end: staticBlock(
      <>
        {widgetClass ? null : (
          <p className="text-center text-lg">
            {page.pages.reviewsComing}{' '}
            <a href="/contact" className="font-semibold text-main-ink underline">
              {page.pages.askForReferences}
            </a>
            .
          </p>
        )}
        {gmbLink ? (
          <div className="mx-auto mt-12 flex max-w-3xl flex-col items-center gap-4 rounded-2xl bg-slate-50 p-6 text-center ring-1 ring-black/5 sm:flex-row sm:p-8 sm:text-left">
            <span className="grid size-14 shrink-0 place-items-center rounded-full bg-secondary text-on-secondary">
              <Icon icon="star" className="size-6" />
            </span>
            <div className="flex-1">
              <h3 className="text-xl">{page.pages.workedWithUs}</h3>
              <p className="mt-1">{page.pages.reviewHelps}</p>
            </div>
            <a href={gmbLink} target="_blank" rel="noopener noreferrer" className="btn-primary shrink-0">
              {page.pages.leaveReview}
              <span className="sr-only"> {t.a11y.opensInNewTab}</span>
            </a>
          </div>
        ) : null}
      </>,
    ),
  }
  return { widgetClass, blocks }
}

export const handle: PageHandle = { page: 'Reviews' }

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function Reviews({ loaderData: { widgetClass, blocks } }: Route.ComponentProps) {
  return (
    <>
      <StaticBlock block={blocks.header} />
      <section aria-labelledby="reviews-heading" className="py-16 sm:py-24">
        <div className="container-page">
          <StaticBlock block={blocks.heading} />
          {widgetClass ? <ReviewsWidget widgetClass={widgetClass} /> : null}
          <StaticBlock block={blocks.end} />
        </div>
      </section>
    </>
  )
}
