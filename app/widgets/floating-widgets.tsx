import { Suspense, lazy, useId, useRef, useState } from 'react'
import { useHydrated, useStateOpenedBeforeHydration } from '#app/ui/use-hydrated.ts'
import { useLayout } from '#app/record/use-record.ts'
import { Icon, type IconName } from '#app/ui/icon.tsx'
import { MenuItem } from './menu-item.tsx'
import { ReviewTab } from './review-tab.tsx'
import { useVisitCounts, type VisitCountsState } from './use-visit-counts.ts'
import { hasFloatingMenu, type PanelName, type WidgetSettings } from '#app/record/widget-settings.ts'
import { useStrings } from '#app/i18n/use-strings.ts'

// The palette is rarely opened: it loads on first use.
const ColorPaletteModal = lazy(() => import('#app/widgets/color-palette-modal.tsx').then((m) => ({ default: m.ColorPaletteModal })))
// A panel's frame loads when the menu first opens, so no page carries it before a visitor wants it.
const loadOpenPanel = () => import('./open-panel.tsx').then((m) => ({ default: m.OpenPanel }))
const OpenPanel = lazy(loadOpenPanel)

/**
 * The floating widgets of the shared layout, as the record switches them on. A deferred block (the
 * layout loads it at the visitor's first activity): the launcher opens the menu before that (a
 * popover), and the first tap on it is activity.
 */
export function FloatingWidgets() {
  const settings = useLayout().widgets
  const visits = useVisitCounts()
  if (!hasFloatingMenu(settings)) return null
  return (
    <>
      {/* Room below the footer, so the page's last row can scroll clear of the floating button. */}
      <div aria-hidden="true" className="h-20 bg-footer" />
      <WidgetMenu settings={settings} visits={visits} />
    </>
  )
}

/** Bottom-right menu of widget buttons; at most one panel is open, beside the menu, never over it. */
export function WidgetMenu({ settings, visits }: { settings: WidgetSettings; visits: VisitCountsState }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [panel, setPanel] = useState<PanelName | null>(null)
  const [palette, setPalette] = useState<'unloaded' | 'open' | 'closed'>('unloaded')
  const rootRef = useRef<HTMLDivElement>(null)
  const launcherRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const hydrated = useHydrated()
  useStateOpenedBeforeHydration(menuRef, setMenuOpen)
  const menuId = useId()
  const panelId = useId()
  const t = useStrings()

  const focusItem = (name: string) => rootRef.current?.querySelector<HTMLElement>(`[data-widget="${name}"]`)?.focus()
  const closeAll = () => {
    setPanel(null)
    menuRef.current?.hidePopover()
  }
  const closePanel = () => {
    if (panel) focusItem(panel)
    setPanel(null)
  }
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape') return
    if (panel) closePanel()
    else if (menuOpen) {
      menuRef.current?.hidePopover()
      launcherRef.current?.focus()
    }
  }
  // Focus leaving for the page closes the menu, so none of it can sit over the newly focused element.
  const onBlur = (event: React.FocusEvent) => {
    const next = event.relatedTarget as Node | null
    if (next && !rootRef.current?.contains(next) && palette !== 'open') closeAll()
  }
  const panelItem = (name: PanelName, label: string, icon: IconName, color: string) => (
    <MenuItem
      label={label}
      icon={icon}
      color={`${color} ${panel === name ? 'ring-4' : ''}`}
      showTooltip={!panel}
      data-widget={name}
      aria-expanded={panel === name}
      aria-controls={panel === name ? panelId : undefined}
      onClick={() => setPanel(panel === name ? null : name)}
    />
  )

  return (
    <>
      {/* Keyboard scrolling keeps a focused element clear of the floating menu (WCAG 2.4.11). */}
      <style href="floating-widgets" precedence="default">
        {'html{scroll-padding-bottom:6rem}'}
      </style>
      {settings.reviews ? <ReviewTab /> : null}
      {palette !== 'unloaded' ? (
        <Suspense fallback={null}>
          <ColorPaletteModal
            open={palette === 'open'}
            onClose={() => {
              setPalette('closed')
              focusItem('palette')
            }}
          />
        </Suspense>
      ) : null}
      <div
        ref={rootRef}
        role="region"
        aria-label={t.a11y.quickActions}
        // The page script counts the view on a page that shows the counter (server/pages/page-script.server.ts).
        data-count-visits={settings.visits ? '' : undefined}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        className="pointer-events-none fixed bottom-5 right-5 z-40 flex flex-row-reverse items-end gap-3"
      >
        <div className="flex flex-col items-center gap-3">
          {/*
            A manual popover, so the launcher opens and closes it before (or without) JavaScript; a tap
            in an open panel must not close it, so not an "auto" one. Hydration adds Escape, focus
            handling, aria-expanded and the panels. Above the launcher, centred on it.
          */}
          <ul
            ref={menuRef}
            id={menuId}
            popover="manual"
            onToggle={(event) => setMenuOpen(event.newState === 'open')}
            className="pointer-events-auto inset-auto bottom-[5.5rem] right-5 m-0 w-14 flex-col items-center gap-3 overflow-visible bg-transparent [&:popover-open]:flex"
          >
            {settings.chat ? panelItem('chat', t.a11y.chat, 'whatsapp', 'bg-[#0b7a6f] text-white') : null}
            {settings.call ? panelItem('call', t.a11y.call, 'phone', 'bg-btn text-on-btn') : null}
            {settings.visits ? panelItem('visits', t.a11y.visits, 'chart-simple', 'bg-main text-on-main') : null}
            {settings.weather ? panelItem('weather', t.a11y.weather, 'cloud-sun', 'bg-main text-on-main') : null}
            {/* On wide screens the edge tab carries this link. */}
            {settings.reviews ? (
              <MenuItem
                to="/reviews"
                label={t.a11y.reviews}
                icon="star"
                color="bg-secondary text-on-secondary"
                showTooltip={!panel}
                className="xl:hidden"
              />
            ) : null}
            {settings.palette ? (
              <MenuItem
                label={t.a11y.palette}
                icon="palette"
                color="bg-slate-700 text-white"
                showTooltip={!panel}
                data-widget="palette"
                aria-haspopup="dialog"
                onClick={() => {
                  setPanel(null)
                  setPalette('open')
                }}
              />
            ) : null}
          </ul>
          <button
            ref={launcherRef}
            type="button"
            popoverTarget={menuId}
            aria-expanded={hydrated ? menuOpen : undefined}
            aria-controls={menuId}
            // The browser toggles the menu (popoverTarget); closing it also closes the open panel.
            onClick={() => (menuOpen ? setPanel(null) : void loadOpenPanel())}
            className="pointer-events-auto grid size-14 place-items-center rounded-full bg-btn text-on-btn shadow-xl ring-2 ring-white transition-colors hover:bg-btn-hover hover:text-on-btn-hover"
          >
            <Icon icon={menuOpen ? 'xmark' : 'comment-dots'} className="size-6" />
            <span className="sr-only">{t.a11y.quickActionsMenu}</span>
          </button>
        </div>
        {menuOpen && panel ? (
          <Suspense fallback={null}>
            <OpenPanel panel={panel} settings={settings} visits={visits} id={panelId} onClose={closePanel} />
          </Suspense>
        ) : null}
      </div>
    </>
  )
}
