import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}
/** False on the server and while hydrating, true after: for attributes only the hydrated page keeps up to date. */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
