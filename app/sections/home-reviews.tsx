import { ReviewsWidget } from './reviews-widget.tsx'
import { SectionHeading } from './section-heading.tsx'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = { title: string; widgetClass: string }

/** The reviews block the home page carries when the record keeps reviews on the home page only. */
export function HomeReviews({ title, widgetClass }: Props) {
  const page = usePageStrings()
  if (!widgetClass.trim()) return null
  return (
    <section aria-labelledby="home-reviews-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading
          id="home-reviews-heading"
          eyebrow={page.sections.testimonials}
          title={title.trim() || page.sections.whatCustomersSay}
        />
        <ReviewsWidget widgetClass={widgetClass} />
      </div>
    </section>
  )
}
