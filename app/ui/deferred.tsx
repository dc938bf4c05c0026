import { Suspense, lazy, type ComponentType } from 'react'

/** Resolves when the browser is next idle (within `timeoutMs`). */
function whenIdle(timeoutMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: timeoutMs })
    else setTimeout(resolve, 1)
  })
}

const serverLoads: Promise<unknown>[] = []
const isServer = typeof window === 'undefined'

/** Resolves once the server holds every deferred component's code (the root loader waits for it). */
export const deferredCodeLoaded = () => Promise.all(serverLoads)

const browserLoads: Promise<unknown>[] = []
/** Resolves once the browser's deferred code has arrived or failed: a page reloads only after, not amid, its fetches. */
export const deferredLoadsSettled = () => Promise.allSettled(browserLoads)

/**
 * A component whose code the browser fetches when it is idle, not before the page hydrates. The
 * server renders it in full; until its code arrives the browser keeps that HTML as it is (links
 * work, forms post without JavaScript), then React hydrates it in place. Only for blocks whose
 * HTML works on its own: a button that does nothing until hydrated would lose early clicks.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | undefined
  // On the server the component is ready before any render, so a boundary never waits there
  // (React would send a waiting boundary's HTML hidden, to be revealed by a script).
  if (isServer) serverLoads.push(load().then((component) => (loaded = component)))
  const Lazy = lazy(() =>
    loaded
      ? ({ then: (resolve: (m: { default: ComponentType<P> }) => void) => resolve({ default: loaded! }) } as Promise<{
          default: ComponentType<P>
        }>)
      : whenIdle()
          .then(() => {
            const loading = load()
            browserLoads.push(loading)
            return loading
          })
          .then((component) => ({ default: component })),
  )
  return function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    )
  }
}
