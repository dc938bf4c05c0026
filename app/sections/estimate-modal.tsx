import { useEffect, useState } from 'react'
import { useLayout } from '#app/record/use-record.ts'
import { Dialog } from '#app/ui/dialog.tsx'
import { StaticBlock, type StaticBlockRef } from '#app/ui/static-block.tsx'
import { ContactForm } from './deferred-sections.ts'
import { ESTIMATE_MODAL_TITLE, firstTimeThisVisit } from './estimate-visit.ts'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'

/**
 * The estimate modal: open on the first page of a visit, once. The server renders it closed, with
 * its intro (a static block) and the form inside, and it opens after hydration, so the HTML never
 * differs; the form's code arrives with the visitor's first activity (until then it posts as a
 * plain form). A reload finds the visit's flag, so it never comes back that visit.
 */
export function EstimateModal({ intro }: { intro: StaticBlockRef }) {
  const { form } = useLayout()
  const t = useStrings()
  const fixedEnglish = useFixedEnglish()
  const [open, setOpen] = useState(false)
  useEffect(() => {
    if (firstTimeThisVisit(globalThis.sessionStorage)) setOpen(true)
  }, [])
  return (
    <Dialog
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
