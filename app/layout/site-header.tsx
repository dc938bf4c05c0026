import { callToAction, telHref } from '#app/record/contact-links.ts'
import type { LayoutView } from '#app/record/page-views.ts'
import { Icon } from '#app/ui/icon.tsx'
import { SocialIcons } from '#app/ui/social-icons.tsx'
import { DesktopMenu, MobileMenu } from './nav-menu.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'

/** `displayHeight` is the CSS height `className` gives the logo, in px (it picks the variant). */
export function CompanyLogo({
  logo,
  name,
  className = 'h-12 w-auto',
  displayHeight = 48,
}: {
  logo: string
  name: string
  className?: string
  displayHeight?: number
}) {
  const home = useStrings().errors.home
  const label = name || home
  if (!logo) return <span className="text-xl font-extrabold text-heading">{label}</span>
  return <ResponsiveImage src={logo} alt={label} className={className} width={200} height={60} displayHeight={displayHeight} priority />
}

export function SiteHeader({ layout }: { layout: LayoutView }) {
  const { first } = layout
  const cta = callToAction({ phone: first.phone })
  const items = layout.navigation
  const fixedEnglish = useFixedEnglish()
  return (
    <header className="sticky top-0 z-30 shadow-sm">
      <div className="bg-third text-sm text-on-third">
        <div className="container-page flex min-h-10 flex-wrap items-center justify-between gap-x-6 gap-y-1 py-1">
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-1">
            {first.phone ? (
              <li>
                <a href={telHref(first.phone)} className="inline-flex items-center gap-2 font-semibold hover:underline">
                  <Icon icon="phone" className="size-3.5" />
                  {first.phone}
                </a>
              </li>
            ) : null}
            {first.workday ? (
              <li className="hidden items-center gap-2 sm:inline-flex">
                <Icon icon="calendar-days" className="size-3.5" />
                {first.workday}
              </li>
            ) : null}
            {first.workHour ? (
              <li className="hidden items-center gap-2 sm:inline-flex">
                <Icon icon="clock" className="size-3.5" />
                {first.workHour}
              </li>
            ) : null}
          </ul>
          <SocialIcons links={layout.socials} className="hidden gap-1 md:flex" />
        </div>
      </div>
      <div className="relative bg-white">
        <div className="container-page flex h-20 items-center justify-between gap-4">
          <a href="/" className="shrink-0">
            <CompanyLogo logo={layout.logo} name={layout.name} />
          </a>
          <DesktopMenu items={items} />
          <div className="flex items-center gap-2">
            <a
              href={cta.href}
              lang={fixedEnglish}
              onClick={() => window.scrollTo({ top: 0 })}
              className="btn-primary whitespace-nowrap px-3 py-2 text-xs sm:px-6 sm:py-3 sm:text-sm"
            >
              {cta.label}
            </a>
            <MobileMenu items={items} />
          </div>
        </div>
      </div>
    </header>
  )
}
