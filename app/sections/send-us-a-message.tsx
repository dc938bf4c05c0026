import { formStringsFor } from '#app/forms/form-strings.ts'
import { useLayout } from '#app/record/use-record.ts'
import { Icon } from '#app/ui/icon.tsx'
import { useFixedEnglish } from '#app/i18n/use-strings.ts'

type Props = {
  /** The contact form goes here. */
  children: React.ReactNode
  title?: string
  id?: string
}

const SEND_US_A_MESSAGE = 'Send Us A Message'

/** Spec "Send Us A Message": a card wrapping the contact form. */
export function SendUsAMessage({ children, title = SEND_US_A_MESSAGE, id = 'send-message-heading' }: Props) {
  const { invitation } = formStringsFor(useLayout().form.labels)
  const fixedEnglish = useFixedEnglish()
  return (
    <section aria-labelledby={id} className="bg-linear-to-b from-third from-50% to-slate-50 to-50% py-16 sm:py-24">
      <div className="container-page">
        <div className="mx-auto max-w-4xl rounded-2xl bg-white p-6 shadow-2xl ring-1 ring-black/5 sm:p-10">
          <div className="mb-8 flex items-start gap-4">
            <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-secondary text-on-secondary">
              <Icon icon="envelope-open-text" className="size-6" />
            </span>
            <div>
              <h2 id={id} lang={title === SEND_US_A_MESSAGE ? fixedEnglish : undefined} className="text-2xl sm:text-3xl">
                {title}
              </h2>
              <p className="mt-1">{invitation}</p>
            </div>
          </div>
          {children}
        </div>
      </div>
    </section>
  )
}
