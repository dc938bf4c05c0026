import { Outlet } from 'react-router'
import { HeaderLogo, HeaderTopBar, SiteHeader } from '#app/layout/site-header.tsx'
import { currentRecord } from '#app/record/current-record.server.ts'
import { footerView, headerTop, layoutView } from '#app/record/page-views.ts'
import { SiteFooter } from '#app/layout/site-footer.tsx'
import { StaticBlock } from '#app/ui/static-block.tsx'
import { setStaticBlocks } from '#app/ui/static-block.server.tsx'
import { useLayout } from '#app/record/use-record.ts'
import { FloatingWidgets } from '#app/widgets/floating-widgets.tsx'
import { BackToTop, EstimateModal, ScrollProgress } from '#app/sections/deferred-sections.ts'
import { useStrings } from '#app/i18n/use-strings.ts'
import type { Route } from './+types/site-layout'

/** The header's top bar and logo and the footer are rendered here (static blocks); the browser gets what the menus, widgets and forms need. */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const layout = layoutView(record)
  setStaticBlocks(context, {
    'header-top': <HeaderTopBar {...headerTop(record)} />,
    'header-logo': <HeaderLogo logo={layout.logo} name={layout.name} />,
    footer: <SiteFooter footer={footerView(record)} />,
  })
  return layout
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
