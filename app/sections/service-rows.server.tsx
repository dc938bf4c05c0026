import { servicePath } from '#app/record/navigation.ts'
import type { Service } from '#app/record/schema.ts'
import { canonicalSlug } from '#app/record/slug.ts'
import { Icon } from '#app/ui/icon.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { containerBoxes } from '#app/ui/image-variants.ts'
import { BulletList } from './bullet-list.server.tsx'
import { SectionHeading } from './section-heading.tsx'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Entry = Service['description'][number]

/** A row's picture below lg, across the page's container (from lg, half of it beside the text). */
export const rowPictureBelowLg = containerBoxes(3 / 2)

/**
 * `later`: a row after another in its service, rendered when near the screen (`render-when-near`): a service's first
 * row may be the first screen (that of the page's first service is), the next ones are a phone's screen or more
 * below it (each row is as tall as one). Skipped, a row costs the first frame no layout, and its picture, lazy,
 * is asked for when the row comes near instead of beside the first screen's.
 */
function Row({ entry, imageSide, priority, later }: { entry: Entry; imageSide: 'left' | 'right'; priority: boolean; later: boolean }) {
  return (
    <div data-image-side={imageSide} className={`grid items-center gap-8 lg:grid-cols-2 lg:gap-14${later ? ' render-when-near' : ''}`}>
      {entry.img ? (
        <div data-row-part="image" className={imageSide === 'right' ? 'lg:order-last' : ''}>
          <ResponsiveImage
            src={entry.img}
            alt=""
            width={1200}
            height={800}
            cover={[{ media: '(min-width: 1024px)', width: '600px', aspect: 3 / 2 }, ...rowPictureBelowLg]}
            priority={priority}
            className="aspect-[3/2] w-full rounded-2xl object-cover shadow-xl"
          />
        </div>
      ) : null}
      <div data-row-part="text" className={entry.img ? '' : 'lg:col-span-2'}>
        {entry.text ? <p className="whitespace-pre-line text-lg leading-relaxed">{entry.text}</p> : null}
        <BulletList items={entry.lists} />
      </div>
    </div>
  )
}

/** The picture of the page's first row (ServiceRows gives it `priority`), if that row has one. */
export const firstRowPicture = (services: Service[]) => services.flatMap((service) => service.description)[0]?.img

/**
 * Every service with one row per description entry; the picture alternates sides row
 * after row across the whole page (left, right, left…), so consecutive services still alternate.
 * The first row's picture is on a phone's first screen, under the page header, and its largest paint: it is
 * asked for first (`priority`), the others when near the screen, and the rows after a service's first are rendered
 * only then (decision 235).
 */
export function ServiceRows({ services }: { services: Service[] }) {
  const page = usePageStrings()
  let rowIndex = 0
  return (
    <div>
      {services.map((service, serviceIndex) => {
        const headingId = `service-${canonicalSlug(service.name) || serviceIndex}`
        return (
          <section
            key={`${serviceIndex}-${service.name}`}
            aria-labelledby={headingId}
            className={`py-16 sm:py-20 ${serviceIndex % 2 ? 'bg-slate-50' : ''}`}
          >
            <div className="container-page">
              <SectionHeading
                id={headingId}
                title={service.name}
                eyebrow={page.sections.serviceNumber(String(serviceIndex + 1).padStart(2, '0'))}
              />
              <div className="space-y-14">
                {service.description.map((entry, index) => (
                  <Row
                    key={index}
                    entry={entry}
                    priority={rowIndex === 0}
                    later={index > 0}
                    imageSide={rowIndex++ % 2 === 0 ? 'left' : 'right'}
                  />
                ))}
              </div>
              {canonicalSlug(service.name) ? (
                <p className="mt-10 text-center">
                  <a href={servicePath(service.name)} className="btn-primary">
                    {page.sections.moreAbout(service.name)}
                    <Icon icon="arrow-right" className="size-4" />
                  </a>
                </p>
              ) : null}
            </div>
          </section>
        )
      })}
    </div>
  )
}
