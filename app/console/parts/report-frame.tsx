import { useEffect, useRef } from 'react'

/**
 * A report page (self-contained, no script) inside a console page: sandboxed, titled for screen readers,
 * with a link to open it alone (to print it or send it to the contractor). The frame takes the report's own
 * height, measured again whenever the report's size changes (a narrower screen wraps it onto more lines): one
 * scroll bar, the page's, and nothing cut off. The sandbox keeps the console's origin so the page can measure it;
 * no script runs in it (no allow-scripts, and the report's CSP allows none). Without script it keeps 75vh.
 */
export function ReportFrame({ src, title }: { src: string; title: string }) {
  const ref = useRef<HTMLIFrameElement>(null)
  useEffect(() => {
    const frame = ref.current
    if (!frame) return
    let observer: ResizeObserver | undefined
    const fit = () => {
      const root = frame.contentDocument?.documentElement
      if (!root) return
      // The border (border-box sizing) on top of the report's own height.
      const border = frame.offsetHeight - frame.clientHeight
      frame.style.height = `${Math.ceil(root.getBoundingClientRect().height) + border}px`
    }
    const watch = () => {
      observer?.disconnect()
      const root = frame.contentDocument?.documentElement
      if (!root || frame.contentDocument?.URL === 'about:blank') return // the frame's first, empty document
      observer = new ResizeObserver(fit)
      observer.observe(root)
      fit()
    }
    frame.addEventListener('load', watch)
    if (frame.contentDocument?.readyState === 'complete') watch() // loaded before hydration
    return () => {
      frame.removeEventListener('load', watch)
      observer?.disconnect()
    }
  }, [src])
  return (
    <div className="mt-4">
      <iframe
        ref={ref}
        src={src}
        title={title}
        sandbox="allow-same-origin"
        className="block h-[75vh] w-full rounded-lg border border-slate-300 bg-white"
      />
      <p className="mt-2 text-sm">
        <a href={src} target="_blank" rel="noopener">
          Open this page alone
        </a>{' '}
        <span className="muted">(to print it, or save it for the contractor)</span>
      </p>
    </div>
  )
}
