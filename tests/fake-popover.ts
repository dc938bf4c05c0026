/**
 * The popover API for jsdom, whose default stylesheet hides every `[popover]` (it knows no
 * `:popover-open`) and which has no API: `popovertarget` buttons toggle their popover, the
 * show/hide/toggle methods, a `toggle` event with its newState, and an open popover displayed.
 * Only what the widget menu uses (app/widgets/floating-widgets.tsx); browser tests cover the real one.
 */
export function installFakePopover() {
  const set = (element: HTMLElement, open: boolean) => {
    if (element.hasAttribute('data-popover-open') === open) return
    element.toggleAttribute('data-popover-open', open)
    element.style.display = open ? 'block' : ''
    element.dispatchEvent(Object.assign(new Event('toggle'), { newState: open ? 'open' : 'closed', oldState: open ? 'closed' : 'open' }))
  }
  Object.assign(HTMLElement.prototype, {
    showPopover(this: HTMLElement) {
      set(this, true)
    },
    hidePopover(this: HTMLElement) {
      set(this, false)
    },
  })
  const onClick = (event: MouseEvent) => {
    const invoker = (event.target as Element | null)?.closest?.('[popovertarget]')
    const target = invoker && document.getElementById(invoker.getAttribute('popovertarget')!)
    if (target) set(target, !target.hasAttribute('data-popover-open'))
  }
  document.addEventListener('click', onClick)
  return () => document.removeEventListener('click', onClick)
}
