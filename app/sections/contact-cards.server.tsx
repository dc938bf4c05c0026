import { digitsOnly, mapSearchHref } from '#app/record/contact-links.ts'
import type { PhoneView } from '#app/record/record-phones.ts'
import { Icon, type IconName } from '#app/ui/icon.tsx'
import { PhoneLink } from '#app/layout/phone-link.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = {
  phones: PhoneView[]
  address: string
  workday: string
  workHour: string
}

function Card({ icon, title, children }: { icon: IconName; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-5 shadow-lg ring-1 ring-black/5 sm:p-6">
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-main text-on-main">
        <Icon icon={icon} className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="text-lg">{title}</h3>
        <div className="mt-1.5 text-paragraph">{children}</div>
      </div>
    </li>
  )
}

/**
 * The contact page's three cards: every phone with digits and its name (a tel: link when it can be
 * dialled, else text), the first address, the first work day and hours.
 */
export function ContactCards({ phones, address, workday, workHour }: Props) {
  const t = useStrings()
  const page = usePageStrings()
  const withDigits = phones.filter((p) => digitsOnly(p.phone))
  return (
    <ul aria-label={t.a11y.howToReach} className="grid gap-4">
      <Card icon="phone" title={page.sections.callUs}>
        {withDigits.length ? (
          <ul className="space-y-1">
            {withDigits.map((p) => (
              <li key={p.phone} className="flex flex-wrap items-baseline gap-x-2">
                {p.name ? <span className="text-sm font-semibold uppercase tracking-wide text-paragraph">{p.name}:</span> : null}
                <PhoneLink dial={p.dial} className="font-semibold text-main-ink hover:underline" textClassName="font-semibold text-heading">
                  {p.phone}
                </PhoneLink>
              </li>
            ))}
          </ul>
        ) : (
          <p>{page.sections.weCallYouBack}</p>
        )}
      </Card>
      <Card icon="location-dot" title={page.sections.visitUs}>
        {address ? (
          <a href={mapSearchHref(address)} target="_blank" rel="noopener noreferrer" className="hover:text-main-ink hover:underline">
            {address}
            <span className="sr-only"> {t.a11y.mapOpensInNewTab}</span>
          </a>
        ) : (
          <p>{page.sections.weComeToYou}</p>
        )}
      </Card>
      <Card icon="clock" title={page.sections.workingHours}>
        <p className="font-semibold text-heading">{workday || page.sections.byAppointment}</p>
        {workHour ? <p>{workHour}</p> : null}
      </Card>
    </ul>
  )
}
