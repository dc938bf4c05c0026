import { formatCount } from '#app/record/statistics.ts'
import { Icon } from '#app/ui/icon.tsx'
import type { CoverBox } from '#app/ui/image-variants.ts'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { SectionHeading } from './section-heading.tsx'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = { companyName: string; text: string; images: string[]; exprYears: number | null }

/**
 * A circle `share` of the square's width: the square is the page's width less its 1rem margins, at most
 * 28rem; from lg, half the page less margins and gap (50vw - 60px), at most 32rem. A photo is drawn as wide
 * as its circle is tall, so a landscape one wider than the circle.
 */
function circleBoxes(share: number): CoverBox[] {
  // Rounded up, what is taken away rounded down: never narrower than the circle.
  const up = (length: number) => Math.ceil(share * length)
  const down = (length: number) => Math.floor(share * length)
  return [
    { media: '(min-width: 1024px)', width: `min(${up(50)}vw - ${down(60)}px, ${up(512)}px)`, aspect: 1 },
    { width: `min(${up(100)}vw - ${down(32)}px, ${up(448)}px)`, aspect: 1 },
  ]
}

function Circle({ src, className, share }: { src: string | undefined; className: string; share: number }) {
  return (
    <div className={`absolute overflow-hidden rounded-full bg-slate-200 shadow-xl ring-8 ring-white ${className}`}>
      {src ? (
        <ResponsiveImage src={src} alt="" width={600} height={600} cover={circleBoxes(share)} className="size-full object-cover" />
      ) : null}
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
          <Circle src={images[0]} share={0.72} className="left-0 top-0 size-[72%]" />
          <Circle src={images[1]} share={0.4} className="right-0 top-[8%] size-[40%]" />
          <Circle src={images[2]} share={0.46} className="bottom-0 right-[10%] size-[46%]" />
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
