import { useSyncExternalStore } from 'react'

export type VisitCountsState = { status: 'loading' } | { status: 'ready'; today: number; total: number } | { status: 'error' }

const LOADING: VisitCountsState = { status: 'loading' }
let counts: VisitCountsState = LOADING
const listeners = new Set<() => void>()
const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

declare global {
  interface Window {
    /** The page view's POST /api/visits, sent by the page script at load (server/pages/page-script.server.ts). */
    __visits?: Promise<Response>
  }
}

/** Reads the answer to the page view the page script counted (once per page view, before any framework). */
function readCount() {
  const settle = (next: VisitCountsState) => {
    counts = next
    for (const listener of listeners) listener()
  }
  const sent = typeof window === 'undefined' ? undefined : window.__visits
  if (!sent) return
  sent
    .then(async (response) => {
      if (!response.ok) throw new Error(`visits: HTTP ${response.status}`)
      const { today, total } = (await response.json()) as { today: number; total: number }
      settle({ status: 'ready', today, total })
    })
    .catch(() => settle({ status: 'error' }))
}
readCount()

/** The counts the server answered for this page view (loading until then; the server renders loading). */
export function useVisitCounts(): VisitCountsState {
  return useSyncExternalStore(
    subscribe,
    () => counts,
    () => LOADING,
  )
}
