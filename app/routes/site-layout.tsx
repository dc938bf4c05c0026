import { Outlet } from 'react-router'
import { SiteHeader } from '#app/layout/site-header.tsx'
import { currentRecord } from '#app/record/current-record.server.ts'
import { layoutView } from '#app/record/page-views.ts'
import { useLayout } from '#app/record/use-record.ts'
import { FloatingWidgets } from '#app/widgets/floating-widgets.tsx'
import { BackToTop, EstimateModal, ScrollProgress, SiteFooter } from '#app/sections/deferred-sections.ts'
import { useStrings } from '#app/i18n/use-strings.ts'
import type { Route } from './+types/site-layout'

export async function loader({ context }: Route.LoaderArgs) {
  return layoutView(await currentRecord(context))
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
      <SiteFooter layout={layout} />
      <BackToTop />
      <FloatingWidgets />
      <EstimateModal />
    </>
  )
}
