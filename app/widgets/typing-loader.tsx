import { useEffect, useState } from 'react'
import { useStrings } from '#app/i18n/use-strings.ts'

/** How long the visits, call and weather panels show the typing loader before their content. */
export const PANEL_LOADER_MS = 1_000

/** False until `ms` have passed since the component mounted. */
export function useElapsed(ms: number): boolean {
  const [elapsed, setElapsed] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setElapsed(true), ms)
    return () => clearTimeout(timer)
  }, [ms])
  return elapsed
}

/** Three pulsing dots, announced to screen readers as `label`. */
export function TypingLoader({ label }: { label?: string }) {
  const t = useStrings()
  return (
    <div role="status" className="flex w-fit items-center gap-1.5 rounded-2xl rounded-tl-sm bg-slate-100 px-4 py-3">
      {[0, 150, 300].map((delay) => (
        <span key={delay} className="size-2 animate-bounce rounded-full bg-slate-500" style={{ animationDelay: `${delay}ms` }} />
      ))}
      <span className="sr-only">{label ?? t.a11y.loading}</span>
    </div>
  )
}
