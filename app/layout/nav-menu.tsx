import { useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import type { NavItem } from '#app/record/navigation.ts'
import { Icon } from '#app/ui/icon.tsx'
import { useHydrated, useStateOpenedBeforeHydration } from '#app/ui/use-hydrated.ts'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'
import { replayedOnceHydrated } from '#app/ui/deferred.tsx'

/** The page a link leads to is the current one, or (but for Home) one beneath it. */
const leadsToCurrent = (to: string, pathname: string) => pathname === to || (to !== '/' && pathname.startsWith(`${to}/`))

/**
 * A plain link, not a client-side one: pages keep their static blocks' HTML only when loaded as
 * documents (app/ui/static-block.tsx).
 */
function MenuLink({
  to,
  pathname,
  className = '',
  children,
  lang,
}: {
  to: string
  pathname: string
  className?: string
  children: React.ReactNode
  lang?: string
}) {
  return (
    <a href={to} lang={lang} aria-current={leadsToCurrent(to, pathname) ? 'page' : undefined} className={`nav-link ${className}`}>
      {children}
    </a>
  )
}

/** A submenu's list of links, the same on desktop (a dropdown) and on phones (inside a <details>). */
function SubmenuLinks({ items, pathname, id, className }: { items: NavItem[]; pathname: string; id?: string; className: string }) {
  return (
    <ul id={id} className={className}>
      {items.map((child) => (
        <li key={child.to}>
          <MenuLink to={child.to} pathname={pathname} className="text-sm">
            {child.label}
          </MenuLink>
        </li>
      ))}
    </ul>
  )
}

/**
 * One desktop menu entry with an optional submenu behind its own toggle (the disclosure pattern: what is
 * shown always matches aria-expanded; a mouse hover also shows it on desktop).
 */
function MenuEntry({ item }: { item: NavItem }) {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const t = useStrings()
  const fixedEnglish = useFixedEnglish()
  const { pathname } = useLocation()
  if (!item.children?.length) {
    return (
      <li>
        <MenuLink to={item.to} pathname={pathname} lang={fixedEnglish}>
          {item.label}
        </MenuLink>
      </li>
    )
  }
  return (
    <li
      className="group relative flex items-center"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return
        setOpen(false)
        toggleRef.current?.focus()
      }}
      // Tabbing out of the entry closes its floating submenu, so two never stay open at once.
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpen(false)}
      onMouseLeave={() => setOpen(false)}
    >
      <div className="flex items-center justify-between">
        <MenuLink to={item.to} pathname={pathname} lang={fixedEnglish}>
          {item.label}
        </MenuLink>
        <button
          ref={toggleRef}
          type="button"
          {...replayedOnceHydrated}
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className={`grid place-items-center rounded text-heading hover:text-secondary-ink size-6 -ml-2`}
        >
          <Icon icon="chevron-down" className={`size-3 transition-transform ${open ? 'rotate-180' : ''}`} />
          <span className="sr-only">{t.a11y.submenu(item.label)}</span>
        </button>
      </div>
      <SubmenuLinks
        items={item.children}
        pathname={pathname}
        id={listId}
        className={`absolute left-0 top-full z-40 max-h-[70vh] min-w-64 overflow-y-auto rounded-lg border-t-4 border-secondary bg-white py-2 shadow-xl ${open ? 'block' : 'hidden group-hover:block'}`}
      />
    </li>
  )
}

export function DesktopMenu({ items }: { items: NavItem[] }) {
  return (
    <nav aria-label={useStrings().a11y.mainNav} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {items.map((item) => (
          <MenuEntry key={item.to} item={item} />
        ))}
      </ul>
    </nav>
  )
}

/**
 * The phone menu, built on the platform so it opens and closes before (or without) JavaScript: the
 * panel is a popover its toggle opens (Escape and a tap outside close it, focus returns to the
 * toggle), each submenu a <details>. The toggle's icon and name follow the panel in CSS. Hydration
 * adds only aria-expanded, which the browser otherwise derives itself.
 */
export function MobileMenu({ items }: { items: NavItem[] }) {
  const t = useStrings()
  const [open, setOpen] = useState(false)
  const hydrated = useHydrated()
  const panelRef = useRef<HTMLElement>(null)
  useStateOpenedBeforeHydration(panelRef, setOpen)
  const panelId = useId()
  const { pathname } = useLocation()
  const fixedEnglish = useFixedEnglish()
  const whenOpen = 'hidden group-has-[:popover-open]/menu:block'
  const whenClosed = 'group-has-[:popover-open]/menu:hidden'
  return (
    <div className="group/menu lg:hidden">
      <button
        type="button"
        popoverTarget={panelId}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={panelId}
        className="grid size-11 place-items-center rounded-lg text-menu-icon hover:bg-slate-100"
      >
        <Icon icon="bars" className={`size-6 ${whenClosed}`} />
        <Icon icon="xmark" className={`size-6 ${whenOpen}`} />
        <span className={`sr-only ${whenClosed}`}>{t.a11y.openMenu}</span>
        <span className={`sr-only ${whenOpen}`}>{t.a11y.closeMenu}</span>
      </button>
      <nav
        ref={panelRef}
        id={panelId}
        popover="auto"
        aria-label={t.a11y.mobileNav}
        onToggle={(event) => setOpen(event.newState === 'open')}
        // Below the sticky header (its anchor), across the screen; 7.5rem is the header's height where anchors are unknown.
        className="inset-x-0 bottom-auto top-[7.5rem] m-0 max-h-[calc(100dvh-7.5rem)] w-auto overflow-y-auto border-t border-slate-200 bg-white px-4 pb-24 pt-2 shadow-xl [position-anchor:--site-header] supports-[top:anchor(bottom)]:top-[anchor(bottom)] supports-[top:anchor(bottom)]:max-h-[calc(100dvh-anchor-size(height))]"
      >
        <ul className="flex flex-col">
          {items.map((item) =>
            item.children?.length ? (
              <MobileSubmenu key={item.to} item={item} pathname={pathname} hydrated={hydrated} />
            ) : (
              <li key={item.to}>
                <MenuLink to={item.to} pathname={pathname} lang={fixedEnglish}>
                  {item.label}
                </MenuLink>
              </li>
            ),
          )}
        </ul>
      </nav>
    </div>
  )
}

/** A phone submenu: its link, then a <details> whose summary is the toggle (display: contents keeps the row's layout). */
function MobileSubmenu({ item, pathname, hydrated }: { item: NavItem; pathname: string; hydrated: boolean }) {
  const [open, setOpen] = useState(false)
  const detailsRef = useRef<HTMLDetailsElement>(null)
  useStateOpenedBeforeHydration(detailsRef, setOpen)
  const t = useStrings()
  const fixedEnglish = useFixedEnglish()
  return (
    <li className="flex flex-wrap items-center justify-between">
      <MenuLink to={item.to} pathname={pathname} lang={fixedEnglish} className="flex-1">
        {item.label}
      </MenuLink>
      <details
        ref={detailsRef}
        className="group/sub contents [&::details-content]:basis-full"
        onToggle={(event) => setOpen(event.currentTarget.open)}
      >
        <summary
          role="button"
          aria-expanded={hydrated ? open : undefined}
          className="grid size-11 cursor-pointer list-none place-items-center rounded text-heading hover:text-secondary-ink [&::-webkit-details-marker]:hidden"
        >
          <Icon icon="chevron-down" className="size-3 transition-transform group-open/sub:rotate-180" />
          <span className="sr-only">{t.a11y.submenu(item.label)}</span>
        </summary>
        <SubmenuLinks items={item.children!} pathname={pathname} className="ml-3 border-l-2 border-secondary/40 pl-2" />
      </details>
    </li>
  )
}
