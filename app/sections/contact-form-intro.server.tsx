import { CONTACT_US } from '#app/i18n/spec-english.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'
import { useFixedEnglish } from '#app/i18n/use-strings.ts'

/** The contact page's form card: its heading and invitation (a static block: the card's only part that runs is the form). */
export function ContactFormIntro({ invitation }: { invitation: string }) {
  const page = usePageStrings()
  const fixedEnglish = useFixedEnglish()
  return (
    <>
      <p className="mb-2 text-sm font-bold uppercase tracking-[0.18em] text-secondary-ink">{page.sections.freeEstimate}</p>
      <h2 id="contact-heading" lang={fixedEnglish} className="text-3xl sm:text-4xl">
        {CONTACT_US}
      </h2>
      <span aria-hidden="true" className="mt-4 block h-1 w-16 rounded-full bg-secondary" />
      <p className="mb-8 mt-5 text-lg">{invitation}</p>
    </>
  )
}
