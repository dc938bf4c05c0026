import { useEffect, useRef, useState } from 'react'
import { COUNT_UP_DURATION_MS, countUpValue, decimalPlaces, formatCount } from '#app/record/statistics.ts'

type Props = { value: number; suffix?: string; durationMs?: number; className?: string }

export const prefersReducedMotion = () => typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches

/**
 * A number that counts up from zero once it scrolls into view. The server renders the
 * final value (crawlers, no JavaScript) and it stays put for visitors who prefer reduced
 * motion; screen readers always get the final value, never the moving digits.
 */
export function CountUp({ value, suffix = '', durationMs = COUNT_UP_DURATION_MS, className }: Props) {
  const decimals = decimalPlaces(value)
  const final = `${formatCount(value, decimals)}${suffix}`
  const [shown, setShown] = useState(final)
  const ref = useRef<HTMLSpanElement>(null)

  useEffect(() => {
    const element = ref.current
    if (!element || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return
    const show = (progress: number) => setShown(`${formatCount(countUpValue(value, progress), decimals)}${suffix}`)
    show(0)
    let frame = 0
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        observer.disconnect()
        const start = performance.now()
        const tick = (now: number) => {
          const progress = (now - start) / durationMs
          show(progress)
          if (progress < 1) frame = requestAnimationFrame(tick)
        }
        frame = requestAnimationFrame(tick)
      },
      { threshold: 0.5 },
    )
    observer.observe(element)
    return () => {
      observer.disconnect()
      cancelAnimationFrame(frame)
    }
  }, [value, decimals, suffix, durationMs])

  return (
    <span ref={ref} className={`relative inline-block tabular-nums ${className ?? ''}`}>
      {/* Holds the final width so the moving digits never shift the layout. */}
      <span aria-hidden="true" className="invisible">
        {final}
      </span>
      <span aria-hidden="true" data-count-up={final} className="absolute inset-0 text-center">
        {shown}
      </span>
      <span className="sr-only">{final}</span>
    </span>
  )
}
