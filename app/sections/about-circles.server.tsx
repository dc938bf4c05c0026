import { formatCount } from '#app/record/statistics.ts'
import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { SectionHeading } from './section-heading.tsx'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = { companyName: string; text: string; images: string[]; exprYears: number | null }

function Circle({ src, className, sizes }: { src: string | undefined; className: string; sizes: string }) {
  return (
    <div className={`absolute overflow-hidden rounded-full bg-slate-200 shadow-xl ring-8 ring-white ${className}`}>
      {src ? <ResponsiveImage src={src} alt="" width={600} height={600} sizes={sizes} className="size-full object-cover" /> : null}
    </div>
  )
}

/** The three-circle about block: three round photos beside who the company is. */
export function AboutCircles({ companyName, text, images, exprYears }: Props) {
  const page = usePageStrings()
  if (!text) return null
  return (
    <section aria-labelledby="about-circles-heading" className="overflow-hidden py-16 sm:py-24">
      <div className="container-page grid items-center gap-14 lg:grid-cols-2">
        <div className="relative mx-auto aspect-square w-full max-w-md lg:max-w-lg">
          <Circle src={images[0]} sizes="(min-width: 1024px) 400px, 70vw" className="left-0 top-0 size-[72%]" />
          <Circle
            src={images[1]}
            sizes="(min-width: 1024px) 205px, (min-width: 480px) 180px, 37vw"
            className="right-0 top-[8%] size-[40%]"
          />
          <Circle
            src={images[2]}
            sizes="(min-width: 1024px) 236px, (min-width: 480px) 206px, 42vw"
            className="bottom-0 right-[10%] size-[46%]"
          />
          {exprYears ? (
            <p className="absolute bottom-[6%] left-[4%] flex items-center gap-3 rounded-2xl bg-btn px-5 py-3 text-on-btn shadow-lg">
              <Icon icon="award" className="size-7" />
              <span className="leading-tight">
                <span className="block text-2xl font-extrabold">{formatCount(exprYears)}+</span>
                <span className="text-sm font-semibold">{page.sections.yearsOfExperience}</span>
              </span>
            </p>
          ) : null}
        </div>
        <div>
          <SectionHeading
            id="about-circles-heading"
            align="left"
            eyebrow={page.sections.aboutUs}
            title={companyName ? page.sections.welcomeTo(companyName) : page.sections.whoWeAre}
          />
          <p className="-mt-4 text-lg leading-relaxed">{text}</p>
          <a href="/about" className="btn-primary mt-8">
            {page.sections.moreAboutUs}
            <Icon icon="arrow-right" className="size-4" />
          </a>
        </div>
      </div>
    </section>
  )
}
