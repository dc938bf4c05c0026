import { Link } from 'react-router'
import { firstOf, mailtoHref, telHref } from '#app/record/contact-links.ts'
import { footerNavigation, servicePath } from '#app/record/navigation.ts'
import { FOOTER_ABOUT_LENGTH } from '#app/record/page-meta.ts'
import type { PageRecord } from '#app/record/schema.ts'
import { Icon } from '#app/ui/icon.tsx'
import { SocialIcons } from '#app/ui/social-icons.tsx'

export const FOOTER_SERVICES = 6

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="mb-4 text-lg text-white after:mt-2 after:block after:h-1 after:w-10 after:rounded after:bg-secondary">{title}</h2>
      {children}
    </div>
  )
}

export function SiteFooter({ record }: { record: PageRecord }) {
  const first = firstOf(record)
  const p = record.dbPrincipal
  const paymentImage = record.tiposPago.find((t) => t.activo && t.img)?.img
  const services = record.dbServices.filter((s) => s.name).slice(0, FOOTER_SERVICES)
  const linkClass = 'hover:text-white hover:underline'
  return (
    <footer className="bg-footer text-slate-200">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <Column title={first.slogan || p.name || 'About us'}>
          <p className="text-sm leading-relaxed">{first.about.slice(0, FOOTER_ABOUT_LENGTH)}{first.about.length > FOOTER_ABOUT_LENGTH ? '…' : ''}</p>
        </Column>
        <Column title="Our Services">
          <ul className="space-y-2 text-sm">
            {services.map((s) => (
              <li key={s.name}>
                <Link to={servicePath(s.name)} className={linkClass}>
                  {s.name}
                </Link>
              </li>
            ))}
          </ul>
        </Column>
        <Column title="Navigation">
          <nav aria-label="Footer">
            <ul className="space-y-2 text-sm">
              {footerNavigation(record).map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={linkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </Column>
        <Column title="Contact">
          <ul className="space-y-3 text-sm">
            {p.phones.filter((x) => x.phone).map((x) => (
              <li key={x.phone} className="flex items-start gap-3">
                <Icon icon="phone" className="mt-0.5 size-4 shrink-0 text-secondary" />
                <a href={telHref(x.phone)} className={linkClass}>
                  {x.name ? `${x.name}: ` : ''}
                  {x.phone}
                </a>
              </li>
            ))}
            {p.emails.filter((x) => x.email).map((x) => (
              <li key={x.email} className="flex items-start gap-3">
                <Icon icon="envelope" className="mt-0.5 size-4 shrink-0 text-secondary" />
                <a href={mailtoHref(x.email)} className={`${linkClass} break-all`}>
                  {x.email}
                </a>
              </li>
            ))}
            {first.address ? (
              <li className="flex items-start gap-3">
                <Icon icon="location-dot" className="mt-0.5 size-4 shrink-0 text-secondary" />
                {first.address}
              </li>
            ) : null}
            {first.workday || first.workHour ? (
              <li className="flex items-start gap-3">
                <Icon icon="clock" className="mt-0.5 size-4 shrink-0 text-secondary" />
                {[first.workday, first.workHour].filter(Boolean).join(', ')}
              </li>
            ) : null}
          </ul>
        </Column>
      </div>
      <div className="border-t border-white/10">
        <div className="container-page flex flex-col items-center gap-4 py-6 text-sm md:flex-row md:justify-between">
          <div className="flex flex-col items-center gap-2 md:items-start">
            {p.paymentMethod ? <p>We accept: {p.paymentMethod}</p> : null}
            {paymentImage ? <img src={paymentImage} alt="Accepted payment methods" className="h-8 w-auto" width={240} height={32} loading="lazy" /> : null}
          </div>
          <p className="text-center">
            © {new Date().getFullYear()} {p.name}. All rights reserved.
          </p>
          <SocialIcons links={record.dbSocialMedia.redes} className="flex gap-1" />
        </div>
      </div>
    </footer>
  )
}
