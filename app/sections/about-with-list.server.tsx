import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { containerBoxes } from '#app/ui/image-variants.ts'
import { SectionHeading } from './section-heading.tsx'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = {
  id: string
  title: string
  eyebrow?: string
  text: string
  list: string[]
  image: string
  /** Put the picture on the right instead of the left (large screens). */
  imageRight?: boolean
  tinted?: boolean
  /** The picture is a phone's largest paint (/about's first section, under the page header): asked for first. */
  priority?: boolean
}

/** Whether an about section has anything to show (without text or list it is left out, picture and all). */
export const aboutShown = ({ text, list }: { text: string; list: string[] }) => Boolean(text || list.length)

/** An about text with its bullet list, beside a framed photo. */
export function AboutWithList({ id, title, eyebrow, text, list, image, imageRight = false, tinted = false, priority = false }: Props) {
  const aboutUs = usePageStrings().sections.aboutUs
  if (!aboutShown({ text, list })) return null
  return (
    <section aria-labelledby={id} className={`py-16 sm:py-24 ${tinted ? 'bg-slate-50' : ''}`}>
      <div className="container-page grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        {image ? (
          <div className={`relative ${imageRight ? 'lg:order-last' : ''}`}>
            <div
              aria-hidden="true"
              className={`absolute -bottom-4 size-2/3 rounded-2xl bg-secondary/15 ${imageRight ? '-right-4' : '-left-4'}`}
            />
            <ResponsiveImage
              src={image}
              alt=""
              width={1200}
              height={800}
              cover={[{ media: '(min-width: 1024px)', width: '600px', aspect: 4 / 3 }, ...containerBoxes(4 / 3)]}
              priority={priority}
              className="relative aspect-[4/3] w-full rounded-2xl object-cover shadow-xl"
            />
          </div>
        ) : null}
        <div className={image ? '' : 'lg:col-span-2'}>
          <SectionHeading id={id} align="left" eyebrow={eyebrow ?? aboutUs} title={title} />
          {text ? <p className="-mt-4 whitespace-pre-line text-lg leading-relaxed">{text}</p> : null}
          {list.length ? (
            <ul className="mt-8 grid gap-3 sm:grid-cols-2">
              {list.map((item, index) => (
                <li key={`${index}-${item}`} className="flex items-start gap-3 font-medium text-heading">
                  <span className="mt-0.5 grid size-6 shrink-0 place-items-center rounded-full bg-secondary text-on-secondary">
                    <Icon icon="check" className="size-3.5" />
                  </span>
                  {item}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
    </section>
  )
}
