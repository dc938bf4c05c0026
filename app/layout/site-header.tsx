import { callToAction } from '#app/record/contact-links.ts'
import type { LayoutView } from '#app/record/page-views.ts'
import { StaticBlock, type StaticBlockRef } from '#app/ui/static-block.tsx'
import { deferred } from '#app/ui/deferred.tsx'
import { useFixedEnglish } from '#app/i18n/use-strings.ts'

// The menus work before their code arrives (hover, popover, <details>, plain links); it comes with the
// visitor's first activity and adds the keyboard's submenu toggles, Escape and aria-expanded.
const DesktopMenu = deferred(() => import('./nav-menu.tsx').then((m) => m.DesktopMenu), 'activity')
const MobileMenu = deferred(() => import('./nav-menu.tsx').then((m) => m.MobileMenu), 'activity')

/** The sticky header: the top bar and logo are static blocks (the layout's loader renders them); the menus and call to action run here. */
export function SiteHeader({ layout, top, logo }: { layout: LayoutView; top: StaticBlockRef; logo: StaticBlockRef }) {
  const cta = callToAction({ phone: layout.phone })
  const items = layout.navigation
  const fixedEnglish = useFixedEnglish()
  return (
    <header className="sticky top-0 z-30 shadow-sm">
      <StaticBlock block={top} />
      {/* The anchor the phone menu's panel hangs from (nav-menu.tsx). */}
      <div className="relative bg-white [anchor-name:--site-header]">
        <div className="container-page flex h-20 items-center justify-between gap-4">
          <StaticBlock block={logo} />
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
