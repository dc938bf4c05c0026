import { useEffect, useState } from 'react'
import { useRevalidator } from 'react-router'
import { useStrings } from '#app/i18n/use-strings.ts'
import { deferredLoadsSettled } from '#app/ui/deferred.tsx'

/** The spec's loading state, dropped after about a second whatever the answer. */
export const LOADER_DISMISS_MS = 1_000
/** How often a page served without a record asks for it again. */
const RECORD_RETRY_MS = 5_000

/**
 * Shown only when the server had no record to render with: the browser asks for it again (a
 * revalidation, then every few seconds) and, once the record has arrived, loads the page again,
 * since most of a page is server HTML (static blocks) that only a new document brings. The loader
 * goes away after a second either way. `hasRecord` is the root loader's, passed down by the root
 * (which re-renders on each revalidation).
 */
export function FullScreenLoader({ hasRecord }: { hasRecord: boolean }) {
  const [visible, setVisible] = useState(true)
  const { revalidate } = useRevalidator()
  const t = useStrings()
  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), LOADER_DISMISS_MS)
    return () => clearTimeout(timer)
  }, [])
  useEffect(() => {
    if (hasRecord) {
      void deferredLoadsSettled().then(() => location.reload())
      return
    }
    void revalidate()
    const retry = setInterval(() => void revalidate(), RECORD_RETRY_MS)
    return () => clearInterval(retry)
  }, [hasRecord, revalidate])
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
