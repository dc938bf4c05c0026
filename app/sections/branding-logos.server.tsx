import { SectionHeading } from './section-heading.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import { BRANDING_WIDTH } from '#app/ui/picture-places.ts'

type Props = { title: string; link: string; img: string }

/** The partner/branding logos block: one image, linked when the record gives a link. */
export function BrandingLogos({ title, link, img }: Props) {
  const t = useStrings()
  const logo = (
    <ResponsiveImage
      src={img}
      alt={title}
      width={900}
      height={200}
      sizes={`(min-width: 900px) ${BRANDING_WIDTH}px, 100vw`}
      style={{ maxWidth: `min(100%, ${BRANDING_WIDTH}px)` }}
      className="mx-auto h-auto max-h-44 w-auto max-w-full object-contain"
    />
  )
  return (
    <section aria-labelledby="branding-heading" className="border-y border-slate-200 bg-white py-14 sm:py-16">
      <div className="container-page">
        <SectionHeading id="branding-heading" title={title} />
        {link ? (
          <a href={link} target="_blank" rel="noopener noreferrer" className="block rounded-xl p-2 transition-opacity hover:opacity-80">
            {logo}
            <span className="sr-only"> {t.a11y.opensInNewTab}</span>
          </a>
        ) : (
          logo
        )}
      </div>
    </section>
  )
}
