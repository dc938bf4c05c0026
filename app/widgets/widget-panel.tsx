import { Suspense, useEffect, useId, useRef } from 'react'
import { Icon } from '#app/ui/icon.tsx'
import { TypingLoader } from './typing-loader.tsx'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'

type Props = {
  id: string
  title: string
  subtitle?: React.ReactNode
  logo?: string
  closeLabel: string
  onClose: () => void
  children: React.ReactNode
}

/**
 * A non-modal popover beside the widget menu: it takes focus when it opens (so screen readers
 * announce it), and its lazily loaded content shows the typing loader while it arrives.
 * On narrow screens it sits higher, clear of the back-to-top button at the bottom left.
 */
export function WidgetPanel({ id, title, subtitle, logo, closeLabel, onClose, children }: Props) {
  const titleId = useId()
  const ref = useRef<HTMLElement>(null)
  useEffect(() => ref.current?.focus(), [])
  return (
    <section
      ref={ref}
      id={id}
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      className="pointer-events-auto flex mb-18 max-h-[calc(100dvh-7rem)] sm:mb-0 sm:max-h-[calc(100dvh-2.5rem)] w-[min(22rem,calc(100vw-6.5rem))] flex-col overflow-hidden rounded-2xl bg-white text-left shadow-2xl ring-1 ring-black/10"
    >
      <header className="flex items-center gap-3 bg-main px-4 py-3 text-on-main">
        {logo ? (
          <span className="grid h-11 w-16 shrink-0 place-items-center rounded-lg bg-white p-1.5">
            <ResponsiveImage src={logo} alt="" width={56} height={32} displayHeight={32} className="max-h-full w-auto object-contain" />
          </span>
        ) : null}
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="line-clamp-2 text-base leading-snug font-bold text-on-main">
            {title}
          </h2>
          {subtitle ? <p className="text-sm text-on-main-soft">{subtitle}</p> : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label={closeLabel}
          className="grid size-11 shrink-0 place-items-center rounded-full hover:bg-white/15 focus-visible:outline-on-main"
        >
          <Icon icon="xmark" className="size-5" />
        </button>
      </header>
      <div className="overflow-y-auto">
        <Suspense
          fallback={
            <div className="p-4">
              <TypingLoader />
            </div>
          }
        >
          {children}
        </Suspense>
      </div>
    </section>
  )
}
