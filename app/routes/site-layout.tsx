import { Outlet } from 'react-router'
import { SiteHeader } from '#app/layout/site-header.tsx'
import { currentRecord } from '#app/record/current-record.server.ts'
import { footerView, layoutView } from '#app/record/page-views.ts'
import { SiteFooter } from '#app/layout/site-footer.tsx'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { renderStaticBlocks } from '#app/ui/static-block.server.tsx'
import { useLayout } from '#app/record/use-record.ts'
import { FloatingWidgets } from '#app/widgets/floating-widgets.tsx'
import { BackToTop, EstimateModal, ScrollProgress } from '#app/sections/deferred-sections.ts'
import { useStrings } from '#app/i18n/use-strings.ts'
import type { Route } from './+types/site-layout'

/** The footer is rendered here (a static block); the browser gets what the header, widgets and forms need. */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  renderStaticBlocks(context, record, { footer: <SiteFooter footer={footerView(record)} /> })
  return layoutView(record)
}

/** The shared layout of every page but /find-us-on. */
export default function SiteLayout() {
  const layout = useLayout()
  const t = useStrings()
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 font-semibold text-heading focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        {t.a11y.skipToContent}
      </a>
      <ScrollProgress />
      <div id="top" tabIndex={-1} />
      <SiteHeader layout={layout} />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <StaticBlock id="footer" />
      <BackToTop />
      <FloatingWidgets />
      <EstimateModal />
    </>
  )
}
