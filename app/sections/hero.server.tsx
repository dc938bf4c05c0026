import { telHref } from '#app/record/contact-links.ts'
import type { PhoneView } from '#app/record/record-phones.ts'
import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = { slogan: string; text: string; image: string; phone: PhoneView | null; companyName: string }

/** The home page's opening: slogan as the page's h1, the value text, and the two ways to get in touch. */
export function Hero({ slogan, text, image, phone, companyName }: Props) {
  const page = usePageStrings()
  return (
    <section className="relative isolate overflow-hidden bg-third text-on-overlay">
      {image ? (
        <ResponsiveImage
          src={image}
          alt=""
          width={1200}
          height={800}
          priority
          // As tall as its text, at least 32rem (38rem from sm): about 40rem on a phone, where a landscape photo is drawn far wider than the screen.
          cover={[{ width: '100vw', height: '42rem' }]}
          veil="overlay"
          className="absolute inset-0 -z-20 size-full object-cover"
        />
      ) : null}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-overlay" />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-overlay-shade/55 via-overlay-shade/25 to-transparent"
      />
      {/* On a phone its text is stacked from the top, not centred in the minimum height: a page that arrives in parts (a
          busy phone's parser paints between the heading and the rest) then only adds below what is drawn, where centring
          moved the heading (a shift of 0.07 to 0.11). Wider, it is centred: a short text would sit high over the photo. */}
      <div className="container-page min-h-[32rem] py-20 sm:flex sm:min-h-[38rem] sm:flex-col sm:justify-center sm:py-28 lg:pb-36">
        <div className="max-w-3xl">
          {companyName ? (
            <p className="mb-4 inline-flex items-center gap-3 text-sm font-bold uppercase tracking-[0.2em] text-on-overlay-soft">
              <span aria-hidden="true" className="h-0.5 w-10 bg-secondary" />
              {companyName}
            </p>
          ) : null}
          <h1 className="text-4xl leading-[1.1] text-on-overlay sm:text-5xl lg:text-6xl">{slogan || page.sections.welcome}</h1>
          {text ? <p className="mt-6 max-w-2xl text-lg leading-relaxed text-on-overlay-soft sm:text-xl">{text}</p> : null}
          <div className="mt-10 flex flex-col gap-4 sm:flex-row sm:flex-wrap">
            <a href="/contact" className="btn-primary px-8 py-4 text-base">
              {page.sections.getFreeEstimate}
              <Icon icon="arrow-right" className="size-4" />
            </a>
            {phone ? (
              <a
                href={telHref(phone.dial)}
                className="inline-flex items-center justify-center gap-3 rounded-full border-2 border-on-overlay/80 px-8 py-3.5 font-semibold text-on-overlay transition-colors hover:bg-white hover:text-heading"
              >
                <Icon icon="phone" className="size-4" />
                {page.sections.callPhone(phone.phone)}
              </a>
            ) : null}
          </div>
        </div>
      </div>
    </section>
  )
}
