import { useId, useState } from 'react'
import { whatsappHref } from '#app/record/contact-links.ts'
import { Icon } from '#app/ui/icon.tsx'
import { TypingLoader, useElapsed } from './typing-loader.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import { useWidgetStrings } from '#app/i18n/widget-strings.ts'

/** The chat popup "types" this long before its greeting appears. */
export const CHAT_GREETING_DELAY_MS = 3_000

type Props = { phone: string; businessName: string }

/** Chat popup body: a greeting after a typing pause, and a message box that opens the chat app in a new tab. */
export default function ChatWidget({ phone, businessName }: Props) {
  const t = useStrings()
  const w = useWidgetStrings()
  const greeted = useElapsed(CHAT_GREETING_DELAY_MS)
  const [message, setMessage] = useState('')
  const inputId = useId()
  const send = (event: React.FormEvent) => {
    event.preventDefault()
    window.open(whatsappHref(phone, message), '_blank', 'noopener')
    setMessage('')
  }
  return (
    <>
      <div className="min-h-36 bg-slate-50 p-4" aria-live="polite">
        {greeted ? (
          <p className="w-fit max-w-[90%] rounded-2xl rounded-tl-sm bg-white px-4 py-3 text-sm text-heading shadow-sm ring-1 ring-black/5">
            <span className="mb-1 block text-xs font-semibold text-paragraph">{businessName || t.a11y.ourTeam}</span>
            {w.widgets.greeting}
          </p>
        ) : (
          <TypingLoader label={t.a11y.typing(businessName || t.a11y.ourTeam)} />
        )}
      </div>
      <form onSubmit={send} className="flex items-center gap-2 border-t border-slate-200 p-3">
        <label htmlFor={inputId} className="sr-only">
          {w.widgets.yourMessage}
        </label>
        <input
          id={inputId}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          placeholder={t.a11y.typeMessage}
          autoComplete="off"
          className="min-w-0 flex-1 rounded-full border border-slate-500 px-4 py-2.5 text-sm text-heading placeholder:text-slate-500 focus-visible:border-control"
        />
        <button type="submit" className="grid size-11 shrink-0 place-items-center rounded-full bg-[#0b7a6f] text-white hover:bg-[#075e54]">
          <Icon icon="paper-plane" className="size-4" />
          <span className="sr-only">{t.a11y.send}</span>
        </button>
      </form>
    </>
  )
}
