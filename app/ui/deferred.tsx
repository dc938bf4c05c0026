import { Suspense, lazy, memo, useCallback, useEffect, useRef, type ComponentType } from 'react'

/**
 * When the browser fetches a deferred block's code, once the framework has started (at the visitor's
 * first activity: server/pages/page-script.server.ts):
 * - `idle`: once the page is idle after hydrating (a third-party script that may wait a moment);
 * - `activity`: with the framework (at the first scroll, tap, key or typing where the framework
 *   started at once, as on the dev server). Their server HTML works until then: a form posts, a link
 *   opens, a number shows its final value.
 */
export type LoadWhen = 'idle' | 'activity'

/** Resolves when the browser is next idle (within `timeoutMs`). */
function whenIdle(timeoutMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: timeoutMs })
    else setTimeout(resolve, 1)
  })
}

/** Focus is not on the list: opening the estimate modal moves focus without the visitor doing anything. */
const ACTIVITY_EVENTS = ['scroll', 'wheel', 'pointerdown', 'touchstart', 'keydown', 'input'] as const
const isServer = typeof window === 'undefined'

/**
 * What the visitor did before this module ran: the page script (server/pages/page-script.server.ts)
 * starts the framework only at the first activity and says so with `<html data-active>`; a page
 * whose scripts run at once (the dev server) may already be scrolled or focused.
 */
const activeAlready = () =>
  document.documentElement.hasAttribute('data-active') ||
  scrollY > 0 ||
  (document.activeElement !== null && document.activeElement !== document.body)

/**
 * Resolves at the visitor's first scroll, tap, key press or input anywhere on the page (at once in
 * production, where this module runs after it). Listening starts when this module runs, before
 * hydration, so activity during hydration counts.
 */
const firstActivity: Promise<void> = isServer
  ? Promise.resolve()
  : activeAlready()
    ? Promise.resolve()
    : new Promise((resolve) => {
        const done = () => {
          for (const type of ACTIVITY_EVENTS) removeEventListener(type, done, true)
          resolve()
        }
        for (const type of ACTIVITY_EVENTS) addEventListener(type, done, { capture: true, passive: true })
      })

const serverLoads: Promise<unknown>[] = []

/** Resolves once the server holds every deferred component's code (the root loader waits for it). */
export const deferredCodeLoaded = () => Promise.all(serverLoads)

const browserLoads: Promise<unknown>[] = []
/** Resolves once the browser's deferred code has arrived or failed: a page reloads only after, not amid, its fetches. */
export const deferredLoadsSettled = () => Promise.allSettled(browserLoads)

let waiting = 0
/**
 * How many deferred blocks on the page still wait for their code, as `<html data-deferred-blocks>`
 * (absent once none does): the public sign, like `data-hydrated`, that browser tests wait for.
 */
function countWaiting(change: 1 | -1) {
  waiting += change
  if (waiting > 0) document.documentElement.dataset.deferredBlocks = String(waiting)
  else {
    delete document.documentElement.dataset.deferredBlocks
    replayHeldTap()
  }
}

/**
 * Called by the root once React has hydrated the page: `<html data-hydrated>`, the public sign
 * that the page is interactive (the browser tests wait for it).
 */
export function pageHydrated() {
  document.documentElement.dataset.hydrated = ''
  replayHeldTap()
}

/**
 * Spread on a control that needs its code to do anything (`<button {...replayedOnceHydrated}>`): a
 * tap on it before the code arrives is held by the page script and replayed by `replayHeldTap`.
 */
export const replayedOnceHydrated = { 'data-replay': '' } as const

declare global {
  interface Window {
    /** The last tap on a button before its code arrived, held by the page script (server/pages/page-script.server.ts). */
    __tap?: HTMLElement
  }
}

/**
 * Replays the tap the page script held, once the page and every block on it have their code: the
 * visitor's first tap on a lightbox thumbnail, a widget or a video opens it, a little later.
 * `__tap` still names the button while its click runs, so the results beacon does not count it twice.
 */
function replayHeldTap() {
  const tap = window.__tap
  if (!tap || waiting > 0 || !document.documentElement.hasAttribute('data-hydrated')) return
  if (tap.isConnected) tap.click()
  window.__tap = undefined
}

/** Rendered beside a deferred block inside its boundary: its effect runs when the boundary has hydrated. */
function WhenHydrated({ then }: { then: () => void }) {
  useEffect(then, [then])
  return null
}

/**
 * A component whose code the browser fetches later (`when`), not before the page hydrates. The
 * server renders it in full; until its code arrives the browser keeps that HTML as it is (links
 * work, forms post without JavaScript), then React hydrates it in place. Only for blocks whose
 * HTML works on its own: a button that does nothing until hydrated would lose early clicks.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>, when: LoadWhen = 'idle') {
  let loaded: ComponentType<P> | undefined
  // On the server the component is ready before any render, so a boundary never waits there
  // (React would send a waiting boundary's HTML hidden, to be revealed by a script).
  if (isServer) serverLoads.push(load().then((component) => (loaded = component)))
  const Lazy = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: loaded! }) } as Promise<{
          default: ComponentType<P>
        }>)
      : (when === 'idle' ? whenIdle() : firstActivity)
          .then(() => {
            const loading = load()
            browserLoads.push(loading)
            return loading
          })
          .then((component) => ({ default: component })),
  )
  // Memoised: a parent that re-renders with equal props (the estimate modal opening) must not reach a
  // block still waiting for its code, or React would drop its server HTML and render nothing until then.
  return memo(function Deferred(props: P) {
    const state = useRef<'waiting' | 'hydrated'>(undefined)
    // A boundary that hydrates in the same pass runs WhenHydrated's effect before this one.
    useEffect(() => {
      if (state.current === 'hydrated') return
      state.current = 'waiting'
      countWaiting(1)
      return () => {
        if (state.current === 'waiting') countWaiting(-1)
        state.current = undefined
      }
    }, [])
    const hydrated = useCallback(() => {
      if (state.current === 'waiting') countWaiting(-1)
      state.current = 'hydrated'
    }, [])
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
        <WhenHydrated then={hydrated} />
      </Suspense>
    )
  })
}
