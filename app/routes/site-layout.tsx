import { Outlet } from 'react-router'
import { BackToTop } from '#app/layout/back-to-top.tsx'
import { ScrollProgress } from '#app/layout/scroll-progress.tsx'
import { SiteFooter } from '#app/layout/site-footer.tsx'
import { SiteHeader } from '#app/layout/site-header.tsx'
import { useRecord } from '#app/record/use-record.ts'
import { EstimateModal } from '#app/sections/estimate-modal.tsx'
import { FloatingWidgets } from '#app/widgets/floating-widgets.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'

/** The shared layout of every page but /find-us-on. */
export default function SiteLayout() {
  const record = useRecord()
  const t = useStrings()
  return (
    <>
      <a href="#main" className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-heading focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        {t.a11y.skipToContent}
      </a>
      <ScrollProgress />
      <div id="top" tabIndex={-1} />
      <SiteHeader record={record} />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <SiteFooter record={record} />
      <BackToTop />
      <FloatingWidgets />
      <EstimateModal />
    </>
  )
}
