import { useEffect, useState } from 'react'
import { useLayout } from '#app/record/use-record.ts'
import { Dialog } from '#app/ui/dialog.tsx'
import { ContactForm } from './contact-form.tsx'
import { ESTIMATE_MODAL_TITLE, firstTimeThisVisit } from './estimate-visit.ts'
import { ResponsiveImage } from '#app/ui/responsive-image.tsx'
import { useFixedEnglish, useStrings } from '#app/i18n/use-strings.ts'
import { formStringsFor } from '#app/forms/form-strings.ts'

/**
 * The estimate modal: open on the first page of a visit, once. It renders closed on the server
 * and opens after hydration, so the HTML never differs; client-side navigation keeps the layout
 * (and this component) mounted, and a reload finds the flag, so it never comes back that visit.
 */
export function EstimateModal() {
  const { logo, name, form } = useLayout()
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
    >
      <div className="px-5 pb-6 pt-5 sm:px-8 sm:pb-8">
        <div className="mb-6 flex flex-col items-center gap-3 rounded-xl bg-slate-50 px-4 py-5 text-center sm:flex-row sm:text-left">
          {logo ? (
            <ResponsiveImage
              src={logo}
              alt={name || t.a11y.companyLogo}
              width={200}
              height={60}
              displayHeight={48}
              className="h-12 w-auto shrink-0"
            />
          ) : null}
          <p className="text-sm sm:border-l sm:border-slate-200 sm:pl-4">{formStringsFor(form.labels).invitation}</p>
        </div>
        <ContactForm {...form} idPrefix="estimate" />
      </div>
    </Dialog>
  )
}
