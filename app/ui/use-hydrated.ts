import { useEffect, useSyncExternalStore, type RefObject } from 'react'

const noSubscription = () => () => {}
/** False on the server and while hydrating, true after: for attributes only the hydrated page keeps up to date. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}

/** Whether a popover or a <details> is open. */
const isOpenOnPage = (element: HTMLElement) => (element instanceof HTMLDetailsElement ? element.open : element.matches(':popover-open'))

/**
 * For a component that keeps a platform toggle's state (a popover, a <details>) from its toggle
 * events: the visitor may have opened it before the component hydrated (its code comes at their first
 * activity, app/ui/deferred.tsx), so once hydrated it reads the element's state once.
 */
export function useStateOpenedBeforeHydration(ref: RefObject<HTMLElement | null>, setOpen: (open: boolean) => void) {
  useEffect(() => {
    if (ref.current) setOpen(isOpenOnPage(ref.current))
  }, [ref, setOpen])
}
