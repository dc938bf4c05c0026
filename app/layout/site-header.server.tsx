import type { HeaderTop } from '#app/record/page-views.ts'
import { Icon } from '#app/ui/icon.tsx'
import { PhoneLink } from '#app/layout/phone-link.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { SocialIcons } from '#app/layout/social-icons.server.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import { LOGO_HEIGHT } from '#app/ui/picture-places.ts'

/** `displayHeight` is the CSS height `className` gives the logo, in px (it picks the variant). */
export function CompanyLogo({
  logo,
  name,
  className = 'h-12 w-auto',
  displayHeight = LOGO_HEIGHT.header,
}: {
  logo: string
  name: string
  className?: string
  displayHeight?: number
}) {
  const home = useStrings().errors.home
  const label = name || home
  if (!logo) return <span className="text-xl font-extrabold text-heading">{label}</span>
  // Loaded at once, after the page's largest picture: not preloaded, and at low priority, so that on a
  // phone's line the hero is not shared with it (issue 46).
  return (
    <ResponsiveImage
      src={logo}
      alt={label}
      className={className}
      width={200}
      height={60}
      displayHeight={displayHeight}
      loading="eager"
      fetchPriority="low"
    />
  )
}

/** The bar above the header: phone, working days and hours, social links (a static block). */
export function HeaderTopBar({ phone, workday, workHour, socials }: HeaderTop) {
  return (
    <div className="bg-third text-sm text-on-third">
      <div className="container-page flex min-h-10 flex-wrap items-center justify-between gap-x-6 gap-y-1 py-1">
        <ul className="flex flex-wrap items-center gap-x-5 gap-y-1">
          {phone ? (
            <li>
              <PhoneLink
                dial={phone.dial}
                className="inline-flex min-h-6 items-center gap-2 font-semibold hover:underline"
                textClassName="inline-flex items-center gap-2 font-semibold"
              >
                <Icon icon="phone" className="size-3.5" />
                {phone.phone}
              </PhoneLink>
            </li>
          ) : null}
          {workday ? (
            <li className="hidden items-center gap-2 sm:inline-flex">
              <Icon icon="calendar-days" className="size-3.5" />
              {workday}
            </li>
          ) : null}
          {workHour ? (
            <li className="hidden items-center gap-2 sm:inline-flex">
              <Icon icon="clock" className="size-3.5" />
              {workHour}
            </li>
          ) : null}
        </ul>
        <SocialIcons links={socials} className="hidden gap-1 md:flex" />
      </div>
    </div>
  )
}

/**
 * The logo, linking home (a static block). On the narrowest phones (320–375 px) it gives way to the call to action
 * and the menu button beside it: drawn smaller within its 48 px height rather than pushing them off the screen.
 */
export function HeaderLogo({ logo, name }: { logo: string; name: string }) {
  return (
    <a href="/" className="min-w-0">
      <CompanyLogo logo={logo} name={name} className="h-12 w-auto max-w-full object-contain object-left" />
    </a>
  )
}
