import { useEffect, useId, useImperativeHandle, useRef } from 'react'
import { Icon } from './icon.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

type Props = {
  ref?: React.Ref<HTMLDialogElement | null>
  id?: string
  open: boolean
  onClose: () => void
  title: string
  /** The title's language when it differs from the page's (the spec fixes some titles in English). */
  titleLang?: string
  /** Keep the title for assistive tech only (the content already shows who it is). */
  hideTitle?: boolean
  tone?: 'light' | 'dark'
  size?: 'md' | 'lg' | 'xl'
  closeLabel?: string
  /** Render the content while closed too, so the server sends it and an island inside can hydrate before it opens. */
  keepContent?: boolean
  children: React.ReactNode
}

const widths = { md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-5xl' }

/**
 * The one modal of the site, on the native <dialog> + showModal(): the browser moves focus
 * in, keeps Tab inside and makes the page behind inert; Escape, the close button and a click
 * on the backdrop close it; focus goes back to what opened it. Content renders only while open, unless `keepContent`.
 */
export function Dialog({
  ref: outerRef,
  id,
  open,
  onClose,
  title,
  titleLang,
  hideTitle = false,
  tone = 'light',
  size = 'lg',
  closeLabel,
  keepContent = false,
  children,
}: Props) {
  const t = useStrings()
  const ref = useRef<HTMLDialogElement>(null)
  useImperativeHandle(outerRef, () => ref.current!, [])
  const titleId = useId()
  const openRef = useRef(open)
  const pressStartedOnBackdrop = useRef(false)
  useEffect(() => {
    openRef.current = open
  })

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!dialog.open) dialog.showModal()
    const unlock = lockPageScroll()
    return () => {
      unlock()
      if (dialog.open) dialog.close()
      const focus = document.activeElement
      if (opener?.isConnected && (!focus || focus === document.body || dialog.contains(focus))) opener.focus()
    }
  }, [open])

  const dark = tone === 'dark'
  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={titleId}
      // A tap outside closes it natively too, so a dialog opened before hydration (the estimate modal) closes then.
      closedby="any"
      // The browser closed it (Escape): tell the owner, unless the owner closed it first.
      onClose={() => openRef.current && onClose()}
      onPointerDown={(event) => (pressStartedOnBackdrop.current = event.target === ref.current)}
      onClick={(event) => {
        // Only a press that starts and ends on the backdrop closes (not a text selection dragged out).
        if (event.target === ref.current && pressStartedOnBackdrop.current) onClose()
      }}
      // Dimmed, not blurred: the estimate modal is open from a visit's first page, and a blur made every
      // frame painted while the page arrived several times longer (decisions 230 and 231).
      className={`m-auto max-h-[92dvh] w-[calc(100%-1.5rem)] ${widths[size]} overflow-hidden rounded-2xl p-0 shadow-2xl backdrop:bg-black/70 open:flex open:flex-col ${
        dark ? 'bg-slate-950 text-white' : 'bg-white text-paragraph'
      }`}
    >
      <div
        className={`flex items-center justify-between gap-4 px-5 py-3 sm:px-6 ${hideTitle ? 'absolute inset-x-0 top-0 z-10' : dark ? 'border-b border-white/10' : 'border-b border-slate-200'}`}
      >
        <h2 id={titleId} lang={titleLang} className={hideTitle ? 'sr-only' : `text-lg sm:text-xl ${dark ? 'text-white' : ''}`}>
          {title}
        </h2>
        {/* A dialog form: the button closes the dialog natively, before (or without) React, too. */}
        <form method="dialog" className="contents">
          <button
            type="submit"
            onClick={(event) => {
              event.preventDefault()
              onClose()
            }}
            className={`-mr-2 ml-auto grid size-11 shrink-0 place-items-center rounded-full transition-colors ${
              dark
                ? 'text-white hover:bg-white/15'
                : hideTitle
                  ? 'bg-white/90 text-heading shadow hover:bg-slate-100'
                  : 'text-heading hover:bg-slate-100'
            }`}
          >
            <Icon icon="xmark" className="size-5" />
            <span className="sr-only">{closeLabel ?? t.a11y.close}</span>
          </button>
        </form>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">{open || keepContent ? children : null}</div>
    </dialog>
  )
}

let scrollLocks = 0

/** Stops the page behind from scrolling; nested dialogs share one lock. */
function lockPageScroll(): () => void {
  const root = document.documentElement
  if (scrollLocks++ === 0) {
    const scrollbar = window.innerWidth - root.clientWidth
    root.style.overflow = 'hidden'
    if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`
  }
  return () => {
    if (--scrollLocks > 0) return
    root.style.overflow = ''
    root.style.paddingRight = ''
  }
}
