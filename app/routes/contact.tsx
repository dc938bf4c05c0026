import { formStringsFor } from '#app/forms/form-strings.ts'
import { PageHeader } from '#app/layout/page-header.server.tsx'
import type { PageHandle } from '#app/record/page-meta.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { contactView } from '#app/record/page-views.ts'
import { useLayout } from '#app/record/use-record.ts'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { containerBoxes } from '#app/ui/image-variants.ts'
import { contactAction } from '#server/leads/contact-action.server.ts'
import { ContactCards } from '#app/sections/contact-cards.server.tsx'
import { ContactFormIntro } from '#app/sections/contact-form-intro.server.tsx'
import { CoverageMap } from '#app/sections/coverage-map.server.tsx'
import { ContactForm } from '#app/sections/deferred-sections.ts'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import type { Route } from './+types/contact'

/** Every form on the site posts here (with or without JavaScript). */
export async function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context)
}

/** The header, photo, cards and map are rendered here; the form's card is the part that runs in the browser. */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const { headerImage, photo, cards, coverage } = contactView(record)
  const staticBlock = staticBlocksOf(context)
  const blocks = {
    header: staticBlock(<PageHeader title="Contact" english="both" image={headerImage} />),
    photo: staticBlock(
      photo ? (
        <ResponsiveImage
          src={photo}
          alt=""
          width={1200}
          height={800}
          cover={[{ media: '(min-width: 1024px)', width: '480px', aspect: 3 / 2 }, ...containerBoxes(3 / 2, 16 / 9)]}
          className="aspect-video w-full rounded-2xl object-cover shadow-xl sm:aspect-[3/2] lg:col-start-1 lg:row-start-1"
          // In a phone's first screen under the page header, the page's largest paint: asked for after it (issue 46).
          fetchPriority="low"
        />
      ) : null,
    ),
    cards: staticBlock(<ContactCards {...cards} />),
    map: staticBlock(<CoverageMap {...coverage} />),
    formIntro: staticBlock(<ContactFormIntro invitation={formStringsFor(record.labels.formLabel).invitation} />),
  }
  return { blocks }
}

export const handle: PageHandle = { page: 'Contact' }

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function Contact({ loaderData }: Route.ComponentProps) {
  const { blocks } = loaderData
  const { form } = useLayout()
  return (
    <>
      <StaticBlock block={blocks.header} />
      <section aria-labelledby="contact-heading" className="bg-slate-50 py-16 sm:py-24">
        {/* Spec order on small screens: photo, heading and form, then the cards; on wide screens the form sits on the right. */}
        <div className="container-page grid gap-8 lg:grid-cols-[2fr_3fr] lg:grid-rows-[auto_1fr] lg:gap-x-12">
          {/* The wrappers of static blocks have display: contents, so the photo is a cell of this grid. */}
          <StaticBlock block={blocks.photo} />
          <div className="rounded-2xl bg-white p-5 shadow-xl ring-1 ring-black/5 sm:p-10 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            <StaticBlock block={blocks.formIntro} />
            <ContactForm {...form} idPrefix="contact" place="contact" />
          </div>
          <div className="lg:col-start-1">
            <StaticBlock block={blocks.cards} />
          </div>
        </div>
      </section>
      <StaticBlock block={blocks.map} />
    </>
  )
}
