import { useId, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import type { NavItem } from '#app/record/navigation.ts'
import { Icon } from '#app/ui/icon.tsx'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'

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

/**
 * One menu entry with an optional submenu behind its own toggle (the disclosure pattern: what is
 * shown always matches aria-expanded; a mouse hover also shows it on desktop).
 */
function MenuEntry({ item, variant }: { item: NavItem; variant: 'desktop' | 'mobile' }) {
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
  const desktop = variant === 'desktop'
  return (
    <li
      className={desktop ? 'group relative flex items-center' : ''}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return
        setOpen(false)
        toggleRef.current?.focus()
      }}
      // On desktop, tabbing out of the entry closes its floating submenu, so two never stay open at
      // once; the phone menu's submenus stay as the visitor set them.
      onBlur={(e) => desktop && !e.currentTarget.contains(e.relatedTarget as Node | null) && setOpen(false)}
      onMouseLeave={() => desktop && setOpen(false)}
    >
      <div className="flex items-center justify-between">
        <MenuLink to={item.to} pathname={pathname} lang={fixedEnglish}>
          {item.label}
        </MenuLink>
        <button
          ref={toggleRef}
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
          className={`grid place-items-center rounded text-heading hover:text-secondary-ink ${desktop ? 'size-6 -ml-2' : 'size-11'}`}
        >
          <Icon icon="chevron-down" className={`size-3 transition-transform ${open ? 'rotate-180' : ''}`} />
          <span className="sr-only">{t.a11y.submenu(item.label)}</span>
        </button>
      </div>
      <ul
        id={listId}
        className={
          desktop
            ? `absolute left-0 top-full z-40 max-h-[70vh] min-w-64 overflow-y-auto rounded-lg border-t-4 border-secondary bg-white py-2 shadow-xl ${open ? 'block' : 'hidden group-hover:block'}`
            : `${open ? 'block' : 'hidden'} border-l-2 border-secondary/40 ml-3 pl-2`
        }
      >
        {item.children.map((child) => (
          <li key={child.to}>
            <MenuLink to={child.to} pathname={pathname} className="text-sm">
              {child.label}
            </MenuLink>
          </li>
        ))}
      </ul>
    </li>
  )
}

export function DesktopMenu({ items }: { items: NavItem[] }) {
  return (
    <nav aria-label={useStrings().a11y.mainNav} className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {items.map((item) => (
          <MenuEntry key={item.to} item={item} variant="desktop" />
        ))}
      </ul>
    </nav>
  )
}

/** The phone menu: a toggle button and a panel whose submenus open individually. */
export function MobileMenu({ items }: { items: NavItem[] }) {
  const t = useStrings()
  const [open, setOpen] = useState(false)
  const [opened, setOpened] = useState(false)
  const panelId = useId()
  return (
    <div className="lg:hidden">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          setOpen(!open)
          setOpened(true)
        }}
        className="grid size-11 place-items-center rounded-lg text-menu-icon hover:bg-slate-100"
      >
        <Icon icon={open ? 'xmark' : 'bars'} className="size-6" />
        <span className="sr-only">{open ? t.a11y.closeMenu : t.a11y.openMenu}</span>
      </button>
      <nav
        id={panelId}
        aria-label={t.a11y.mobileNav}
        hidden={!open}
        className="absolute inset-x-0 top-full z-40 max-h-[calc(100vh-5rem)] overflow-y-auto border-t border-slate-200 bg-white px-4 pb-24 pt-2 shadow-xl"
      >
        {/* Its entries are written when first opened: the desktop menu already puts every link in the page's HTML. */}
        {opened ? (
          <ul className="flex flex-col">
            {items.map((item) => (
              <MenuEntry key={item.to} item={item} variant="mobile" />
            ))}
          </ul>
        ) : null}
      </nav>
    </div>
  )
}
