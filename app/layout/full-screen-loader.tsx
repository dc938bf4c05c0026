import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { useStrings } from '#app/i18n/use-strings.ts'

/** The spec's loading state, dropped after about a second whatever the answer. */
export const LOADER_DISMISS_MS = 1_000

/**
 * Shown only when the server had no record to render with: the browser asks for it
 * again (a revalidation) and the loader goes away after a second either way.
 */
export function FullScreenLoader() {
  const [visible, setVisible] = useState(true)
  const { revalidate } = useRevalidator()
  const t = useStrings()
  useEffect(() => {
    void revalidate()
    const timer = setTimeout(() => setVisible(false), LOADER_DISMISS_MS)
    return () => clearTimeout(timer)
  }, [revalidate])
  if (!visible) return null
  return (
    <div
      role="status"
      className="fixed inset-0 z-[100] grid animate-[loader-out_0s_1s_forwards] place-items-center bg-white"
      data-testid="full-screen-loader"
    >
      <div className="size-14 animate-spin rounded-full border-4 border-slate-200 border-t-main" />
      <span className="sr-only">{t.a11y.loading}</span>
    </div>
  )
}
