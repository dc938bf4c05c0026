import { telHref } from '#app/record/contact-links.ts'
import type { PhoneView } from '#app/record/record-phones.ts'
import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

/** `phone`: the first phone that can be dialled, or null (no call button). */
type Props = { phone: PhoneView | null; image: string; slogan?: string }

/** The closing call-to-action band every long page ends with. */
export function TrailingCta({ phone, image, slogan }: Props) {
  const page = usePageStrings()
  return (
    <section aria-labelledby="trailing-cta-heading" className="relative isolate overflow-hidden bg-third py-20 text-on-overlay sm:py-24">
      {image ? (
        <ResponsiveImage
          src={image}
          alt=""
          width={1200}
          height={800}
          // A band as tall as its text and buttons: 27 to 29rem on a phone, where they stack; 17 to 19.5rem from lg.
          cover={[
            { media: '(min-width: 1024px)', width: '100vw', height: '18rem' },
            { width: '100vw', height: '30rem' },
          ]}
          veil="overlay"
          className="absolute inset-0 -z-20 size-full object-cover"
        />
      ) : null}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-overlay" />
      <div className="container-page flex flex-col items-center gap-8 text-center lg:flex-row lg:justify-between lg:text-left">
        <div className="max-w-2xl">
          <h2 id="trailing-cta-heading" className="text-3xl text-on-overlay sm:text-4xl">
            {page.sections.readyToStart}
          </h2>
          <p className="mt-3 text-lg text-on-overlay-soft">{slogan || page.sections.trailingLead}</p>
        </div>
        <div className="flex w-full flex-col gap-4 sm:w-auto sm:flex-row">
          <a href="/contact" className="btn-primary px-8 py-4">
            {page.sections.freeEstimate}
          </a>
          {phone ? (
            <a
              href={telHref(phone.dial)}
              className="inline-flex items-center justify-center gap-3 rounded-full bg-white px-8 py-4 font-semibold text-heading shadow-md transition-colors hover:bg-slate-100"
            >
              <Icon icon="phone" className="size-4 text-secondary-ink" />
              {phone.phone}
            </a>
          ) : null}
        </div>
      </div>
    </section>
  )
}
