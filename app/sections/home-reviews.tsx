import { ReviewsWidget } from './reviews-widget.tsx'
import { SectionHeading } from './section-heading.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

type Props = { title: string; widgetClass: string }

/** The reviews block the home page carries when the record keeps reviews on the home page only. */
export function HomeReviews({ title, widgetClass }: Props) {
  const t = useStrings()
  if (!widgetClass.trim()) return null
  return (
    <section aria-labelledby="home-reviews-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="home-reviews-heading" eyebrow={t.sections.testimonials} title={title.trim() || t.sections.whatCustomersSay} />
        <ReviewsWidget widgetClass={widgetClass} />
      </div>
    </section>
  )
}
