import { mailtoHref } from '#app/record/contact-links.ts'
import type { FooterView } from '#app/record/page-views.ts'
import { Icon } from '#app/ui/icon.tsx'
import { PhoneLink } from '#app/layout/phone-link.tsx'
import { SocialIcons } from '#app/layout/social-icons.server.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'
import { usePageStrings } from '#app/i18n/use-page-strings.ts'
import { PAYMENT_IMAGE_HEIGHT } from '#app/ui/picture-places.ts'

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-4 text-lg text-on-footer after:mt-2 after:block after:h-1 after:w-10 after:rounded after:bg-secondary">{title}</h2>
      {children}
    </div>
  )
}

export function SiteFooter({ footer: f }: { footer: FooterView }) {
  const t = useStrings()
  const page = usePageStrings()
  const fixedEnglish = useFixedEnglish()
  const linkClass = 'hover:text-on-footer hover:underline'
  // Each link is a 24 px target (WCAG 2.5.8) by its own padding, not by the room around it: a row of
  // links scrolling under the sticky header loses that room. The rows keep their pitch (the gaps shrink by as much).
  const listLinkClass = `inline-block py-0.5 ${linkClass}`
  return (
    <footer className="render-when-near bg-footer text-on-footer-soft">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <Column title={f.title}>
          <p className="text-sm leading-relaxed">{f.about}</p>
        </Column>
        <Column title={page.sections.ourServicesTitle}>
          <ul className="space-y-1 text-sm">
            {f.services.map((s) => (
              <li key={s.name}>
                <a href={s.to} className={listLinkClass}>
                  {s.name}
                </a>
              </li>
            ))}
          </ul>
        </Column>
        <Column title={page.pages.footerNavigation}>
          <nav aria-label={t.a11y.footerNav}>
            <ul className="space-y-1 text-sm">
              {f.navigation.map((item) => (
                <li key={item.to}>
                  <a href={item.to} lang={fixedEnglish} className={listLinkClass}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </Column>
        <Column title={page.pages.footerContact}>
          <ul className="space-y-2 text-sm">
            {f.phones.map((x) => (
              <li key={x.phone} className="flex items-start gap-3">
                <Icon icon="phone" className="mt-1 size-4 shrink-0 text-secondary-on-footer" />
                <PhoneLink dial={x.dial} className={listLinkClass} textClassName="py-0.5">
                  {x.name ? `${x.name}: ` : ''}
                  {x.phone}
                </PhoneLink>
              </li>
            ))}
            {f.emails.map((email) => (
              <li key={email} className="flex items-start gap-3">
                <Icon icon="envelope" className="mt-1 size-4 shrink-0 text-secondary" />
                <a href={mailtoHref(email)} className={`${listLinkClass} break-all`}>
                  {email}
                </a>
              </li>
            ))}
            {f.address ? (
              <li className="flex items-start gap-3 py-0.5">
                <Icon icon="location-dot" className="mt-0.5 size-4 shrink-0 text-secondary" />
                {f.address}
              </li>
            ) : null}
            {f.workday || f.workHour ? (
              <li className="flex items-start gap-3 py-0.5">
                <Icon icon="clock" className="mt-0.5 size-4 shrink-0 text-secondary" />
                {[f.workday, f.workHour].filter(Boolean).join(', ')}
              </li>
            ) : null}
          </ul>
        </Column>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col items-center gap-4 py-6 text-sm md:flex-row md:justify-between">
          <div className="flex flex-col items-center gap-2 md:items-start">
            {f.paymentMethod ? <p>{page.pages.weAccept(f.paymentMethod)}</p> : null}
            {f.paymentImage ? (
              <ResponsiveImage
                src={f.paymentImage}
                alt={t.a11y.paymentMethods}
                className="h-8 w-auto"
                width={240}
                height={32}
                displayHeight={PAYMENT_IMAGE_HEIGHT}
              />
            ) : null}
          </div>
          <p className="text-center">
            © {new Date().getFullYear()} {f.name}. {page.pages.rightsReserved}
          </p>
          <SocialIcons links={f.socials} className="flex gap-1" />
        </div>
      </div>
    </footer>
  )
}
