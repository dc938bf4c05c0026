import { useEffect, useRef, useState } from 'react'
import { useLayout } from '#app/record/use-record.ts'
import { Dialog } from '#app/ui/dialog.tsx'
import { StaticBlock, type StaticBlockRef } from '#app/ui/static-block.tsx'
import { ContactForm } from './deferred-sections.ts'
import { ESTIMATE_MODAL_ID, ESTIMATE_MODAL_TITLE } from './estimate-visit.ts'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'

/**
 * The estimate modal: open on the first page of a visit, once. The server renders it closed, with
 * its intro (a static block) and the form inside; the modal script right after it opens it before any framework
 * (server/pages/page-script.server.ts: a flag in sessionStorage, so a reload never brings it back
 * that visit), and it closes natively (its close button, Escape, a tap outside) until React takes
 * it over at hydration. The form's code arrives with the visitor's first activity (until then it
 * posts as a plain form).
 */
export function EstimateModal({ intro }: { intro: StaticBlockRef }) {
  const { form } = useLayout()
  const t = useStrings()
  const fixedEnglish = useFixedEnglish()
  const [open, setOpen] = useState(false)
  const ref = useRef<HTMLDialogElement>(null)
  // Still open when React arrives: React now keeps it open (the HTML said closed, so the state starts closed).
  useEffect(() => {
    if (ref.current?.open) setOpen(true)
  }, [])
  return (
    <Dialog
      ref={ref}
      id={ESTIMATE_MODAL_ID}
      open={open}
      onClose={() => setOpen(false)}
      title={ESTIMATE_MODAL_TITLE}
      titleLang={fixedEnglish}
      size="lg"
      closeLabel={t.a11y.closeEstimate}
      keepContent
    >
      <div className="px-5 pb-6 pt-5 sm:px-8 sm:pb-8">
        <StaticBlock block={intro} />
        <ContactForm {...form} idPrefix="estimate" place="modal" />
      </div>
    </Dialog>
  )
}
