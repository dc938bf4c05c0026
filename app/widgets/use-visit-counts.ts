import { useEffect, useSyncExternalStore } from 'react'
import { useLocation } from 'react-router'

export type VisitCountsState = { status: 'loading' } | { status: 'ready'; today: number; total: number } | { status: 'error' }

/** History entries already counted in this tab: a re-render or a return to the same entry is not a new view. */
const countedViews = new Set<string>()

async function whenShown() {
  // A prerendered page the visitor never opens is not a view.
  if ((document as { prerendering?: boolean }).prerendering) {
    await new Promise((resolve) => document.addEventListener('prerenderingchange', resolve, { once: true }))
  }
}

async function sendPageView() {
  await whenShown()
  const response = await fetch('/api/visits', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: '{}',
  })
  if (!response.ok) throw new Error(`visits: HTTP ${response.status}`)
  const { today, total } = (await response.json()) as { today: number; total: number }
  return { today, total }
}

const LOADING: VisitCountsState = { status: 'loading' }
let counts: VisitCountsState = LOADING
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Counts this page view on our server (once per view). The layout calls it when the page hydrates,
 * so a view counts whether or not the visitor ever opens the widgets, whose code comes later.
 */
export function useCountPageView(enabled: boolean): void {
  const { key } = useLocation()
  useEffect(() => {
    if (!enabled || countedViews.has(key)) return
    countedViews.add(key)
    const settle = (next: VisitCountsState) => {
      counts = next
      for (const listener of listeners) listener()
    }
    sendPageView().then(
      (answer) => settle({ status: 'ready', ...answer }),
      () => settle({ status: 'error' }),
    )
  }, [enabled, key])
}

/** The counts the server answered for this page view (loading until then; the server renders loading). */
export function useVisitCounts(): VisitCountsState {
  return useSyncExternalStore(
    subscribe,
    () => counts,
    () => LOADING,
  )
}
