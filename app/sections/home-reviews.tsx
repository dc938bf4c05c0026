import { ReviewsWidget } from './reviews-widget.tsx'
import { SectionHeading } from './section-heading.tsx'

type Props = { title: string; widgetClass: string }

/** The reviews block the home page carries when the record keeps reviews on the home page only. */
export function HomeReviews({ title, widgetClass }: Props) {
  if (!widgetClass.trim()) return null
  return (
    <section aria-labelledby="home-reviews-heading" className="bg-slate-50 py-16 sm:py-24">
      <div className="container-page">
        <SectionHeading id="home-reviews-heading" eyebrow="Testimonials" title={title.trim() || 'What Our Customers Say'} />
        <ReviewsWidget widgetClass={widgetClass} />
      </div>
    </section>
  )
}
