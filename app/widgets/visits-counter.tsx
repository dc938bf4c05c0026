import { PANEL_LOADER_MS, TypingLoader, useElapsed } from './typing-loader.tsx'
import type { VisitCountsState } from './use-visit-counts.ts'
import { useFormatNumber } from '#app/i18n/use-strings.ts'
import { useWidgetStrings } from '#app/i18n/widget-strings.ts'

/** Visits panel body: today's and all-time page views from our own counter, after the typing loader. */
export default function VisitsCounter({ counts }: { counts: VisitCountsState }) {
  const w = useWidgetStrings()
  const format = useFormatNumber()
  const elapsed = useElapsed(PANEL_LOADER_MS)
  return (
    <div className="p-4" aria-live="polite">
      {!elapsed || counts.status === 'loading' ? (
        <TypingLoader label={w.widgets.countingVisits} />
      ) : counts.status === 'error' ? (
        <p className="text-sm">{w.widgets.visitsUnavailable}</p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 text-center">
          <div className="rounded-xl bg-slate-50 px-3 py-4 ring-1 ring-black/5">
            <dt className="text-sm text-paragraph">{w.widgets.visitsToday}</dt>
            <dd className="mt-1 text-3xl font-extrabold text-heading">{format(counts.today)}</dd>
          </div>
          <div className="rounded-xl bg-slate-50 px-3 py-4 ring-1 ring-black/5">
            <dt className="text-sm text-paragraph">{w.widgets.totalVisits}</dt>
            <dd className="mt-1 text-3xl font-extrabold text-heading">{format(counts.total)}</dd>
          </div>
        </dl>
      )}
    </div>
  )
}
