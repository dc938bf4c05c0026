import { useEffect, useRef } from 'react'

export const ELFSIGHT_PLATFORM_SRC = 'https://apps.elfsight.com/p/platform.js'
/** Start fetching the widget a little before it scrolls into view. */
const PRELOAD_MARGIN = '600px'

/** Adds the platform script once per document (client only; the CSP trusts scripts our own bundle adds). */
export function loadElfsightPlatform(doc: Document = document) {
  if (doc.querySelector(`script[src="${ELFSIGHT_PLATFORM_SRC}"]`)) return
  const script = doc.createElement('script')
  script.src = ELFSIGHT_PLATFORM_SRC
  script.async = true
  doc.body.appendChild(script)
}

/**
 * The third-party reviews widget: the record's links[0] is the widget's class name
 * (Elfsight), and its platform script loads only when the widget nears the viewport.
 */
export function ReviewsWidget({ widgetClass }: { widgetClass: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const element = box.current
    if (!element) return
    if (typeof IntersectionObserver === 'undefined') return loadElfsightPlatform()
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        loadElfsightPlatform()
      },
      { rootMargin: PRELOAD_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  if (!widgetClass.trim()) return null
  return (
    <div ref={box} className="min-h-80">
      <div className={widgetClass.trim()} data-elfsight-app-lazy="" />
    </div>
  )
}
