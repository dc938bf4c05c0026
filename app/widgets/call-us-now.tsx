import { telHref } from '#app/record/contact-links.ts'
import { Icon } from '#app/ui/icon.tsx'
import { PANEL_LOADER_MS, TypingLoader, useElapsed } from './typing-loader.tsx'
import type { PhoneEntry } from '#app/record/widget-settings.ts'
import { useWidgetStrings } from '#app/i18n/widget-strings.ts'

/** Call panel body: the first phone as the main call button, the other numbers with their names (each one the server found can be dialled). */
export default function CallUsNow({ phones }: { phones: PhoneEntry[] }) {
  const w = useWidgetStrings()
  const elapsed = useElapsed(PANEL_LOADER_MS)
  const [first, ...others] = phones
  if (!elapsed || !first) {
    return (
      <div className="p-4">
        <TypingLoader label={w.widgets.gettingPhones} />
      </div>
    )
  }
  return (
    <div className="space-y-4 p-4">
      <a
        href={telHref(first.dial)}
        className="flex w-full items-center justify-center gap-2 rounded-full bg-btn px-5 py-3 text-lg font-bold text-on-btn shadow-md transition-colors hover:bg-btn-hover hover:text-on-btn-hover"
      >
        <Icon icon="phone" className="size-4" />
        {first.phone}
      </a>
      {first.name ? <p className="-mt-2 text-center text-sm">{first.name}</p> : null}
      {others.length ? (
        <ul className="divide-y divide-slate-200 border-t border-slate-200 text-sm">
          {others.map((entry) => (
            <li key={`${entry.name}-${entry.phone}`} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0 truncate">{entry.name || w.widgets.phone}</span>
              {/* A 24 px target (WCAG 2.5.8) in a row as tall as before. */}
              <a href={telHref(entry.dial)} className="shrink-0 py-0.5 font-semibold text-main-ink hover:underline">
                {entry.phone}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}
