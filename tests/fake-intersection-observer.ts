import { vi } from 'vitest'

/** A test double for IntersectionObserver (jsdom has none): tests decide when things enter the view. */
export class FakeIntersectionObserver implements IntersectionObserver {
  static instances: FakeIntersectionObserver[] = []
  readonly root = null
  readonly rootMargin: string
  readonly scrollMargin = '0px'
  readonly thresholds: number[] = []
  readonly elements = new Set<Element>()

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.rootMargin = options?.rootMargin ?? ''
    FakeIntersectionObserver.instances.push(this)
  }
  observe(element: Element) {
    this.elements.add(element)
  }
  unobserve(element: Element) {
    this.elements.delete(element)
  }
  disconnect() {
    this.elements.clear()
  }
  takeRecords(): IntersectionObserverEntry[] {
    return []
  }

  /** Every observed element scrolls into view. */
  static enterAll() {
    for (const observer of [...FakeIntersectionObserver.instances]) {
      if (!observer.elements.size) continue
      const entries = [...observer.elements].map(
        (target) => ({ target, isIntersecting: true, intersectionRatio: 1 }) as IntersectionObserverEntry,
      )
      observer.callback(entries, observer)
    }
  }
}

export function installFakeIntersectionObserver() {
  FakeIntersectionObserver.instances = []
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver)
}

/** Pretends the visitor asked for reduced motion (or not). */
export function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }))
}
