import { useEffect, useState } from 'react'
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

/** Counts this page view on our server (once per view) and answers the counts. */
export function useVisitCounts(enabled: boolean): VisitCountsState {
  const { key } = useLocation()
  const [state, setState] = useState<VisitCountsState>({ status: 'loading' })
  useEffect(() => {
    if (!enabled || countedViews.has(key)) return
    countedViews.add(key)
    sendPageView().then(
      (counts) => setState({ status: 'ready', ...counts }),
      () => setState({ status: 'error' }),
    )
  }, [enabled, key])
  return state
}
