import { mailtoHref } from '#app/record/contact-links.ts'
import type { PhoneView } from '#app/record/record-phones.ts'
import type { PageRecord, SocialLink } from '#app/record/schema.ts'
import type { ServiceLink } from '#app/record/service-lists.ts'
import { Icon } from '#app/ui/icon.tsx'
import { PhoneLink } from '#app/layout/phone-link.tsx'
import { SocialIcons } from '#app/layout/social-icons.server.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'

type Props = {
  services: ServiceLink[]
  currentPath: string
  /** A tel: link each, or text for one that cannot be dialled. */
  phones: PhoneView[]
  emails: PageRecord['dbPrincipal']['emails']
  workday: string
  workHour: string
  /** Already filtered by the "more than one" rule: empty means no social block. */
  socialLinks: SocialLink[]
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-black/5">
      <h2 className="mb-4 border-b border-slate-200 pb-3 text-xl after:mt-3 after:-mb-3 after:block after:h-1 after:w-12 after:translate-y-px after:rounded-full after:bg-secondary">
        {title}
      </h2>
      {children}
    </div>
  )
}

/** The service page's side panel: other services, how to reach the company, hours, social links. */
export function ServiceSidePanel({ services, currentPath, phones, emails, workday, workHour, socialLinks }: Props) {
  const t = useStrings()
  const page = usePageStrings()
  const reachable = phones.filter((p) => p.phone.trim())
  const mailable = emails.filter((e) => e.email.trim())
  return (
    <aside aria-label={t.a11y.serviceDetails} className="space-y-8">
      {services.length ? (
        <Card title={page.sections.ourServicesTitle}>
          <nav aria-label={t.a11y.services}>
            <ul className="space-y-1">
              {services.map((service) => {
                const current = service.to === currentPath
                return (
                  <li key={service.to}>
                    <a
                      href={service.to}
                      aria-current={current ? 'page' : undefined}
                      className={`flex items-center justify-between gap-3 rounded-lg px-3 py-2.5 font-medium transition-colors ${current ? 'bg-main text-on-main' : 'text-heading hover:bg-slate-100 hover:text-secondary-ink'}`}
                    >
                      {service.name}
                      <Icon icon="chevron-right" className="size-3 shrink-0" />
                    </a>
                  </li>
                )
              })}
            </ul>
          </nav>
        </Card>
      ) : null}
      {reachable.length || mailable.length ? (
        <Card title={page.sections.contactUs}>
          <ul className="space-y-3">
            {reachable.map((p) => (
              <li key={p.phone}>
                <PhoneLink
                  dial={p.dial}
                  className="flex items-center gap-3 font-semibold text-heading hover:text-secondary-ink"
                  textClassName="flex items-center gap-3 font-semibold text-heading"
                >
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-secondary/10 text-secondary-ink">
                    <Icon icon="phone" className="size-4" />
                  </span>
                  <span>
                    {p.name ? <span className="block text-xs font-bold uppercase tracking-wider text-paragraph">{p.name}</span> : null}
                    {p.phone}
                  </span>
                </PhoneLink>
              </li>
            ))}
            {mailable.map((e) => (
              <li key={e.email}>
                <a
                  href={mailtoHref(e.email)}
                  className="flex items-center gap-3 text-sm font-medium text-heading [overflow-wrap:anywhere] hover:text-secondary-ink"
                >
                  <span className="grid size-8 shrink-0 place-items-center rounded-full bg-secondary/10 text-secondary-ink">
                    <Icon icon="envelope" className="size-4" />
                  </span>
                  {e.email.trim()}
                </a>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
      {workday || workHour ? (
        <Card title={page.sections.workingHours}>
          <ul className="space-y-2">
            {workday ? (
              <li className="flex items-center gap-3">
                <Icon icon="calendar-days" className="size-4 text-secondary-ink" />
                {workday}
              </li>
            ) : null}
            {workHour ? (
              <li className="flex items-center gap-3">
                <Icon icon="clock" className="size-4 text-secondary-ink" />
                {workHour}
              </li>
            ) : null}
          </ul>
        </Card>
      ) : null}
      {socialLinks.length ? (
        <Card title={page.sections.followUs}>
          <SocialIcons
            links={socialLinks}
            className="flex flex-wrap gap-2 [&_a]:bg-main [&_a]:text-on-main [&_a:hover]:bg-secondary [&_a:hover]:text-on-secondary"
          />
        </Card>
      ) : null}
    </aside>
  )
}
