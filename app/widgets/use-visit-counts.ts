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
    /** The answer to the page view's POST /api/visits, sent by the page script a second after load, or sooner at the first activity, before any framework (server/pages/page-script.server.ts). */
    __visits?: Promise<unknown>
  }
}

/** Reads the answer to the page view the page script counted (once per page view, before any framework). */
function readCount() {
  const settle = (next: VisitCountsState) => {
    counts = next
    for (const listener of listeners) listener()
  }
  const answer = typeof window === 'undefined' ? undefined : window.__visits
  answer?.then(
    (body) => {
      const { today, total } = (body ?? {}) as { today?: unknown; total?: unknown }
      // A refusal (not same-site JSON, over the rate limit) answers JSON without the counts.
      settle(typeof today === 'number' && typeof total === 'number' ? { status: 'ready', today, total } : { status: 'error' })
    },
    () => settle({ status: 'error' }),
  )
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
