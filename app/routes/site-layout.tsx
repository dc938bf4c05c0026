import { Outlet } from 'react-router'
import { SiteHeader } from '#app/layout/site-header.tsx'
import { HeaderLogo, HeaderTopBar } from '#app/layout/site-header.server.tsx'
import { currentRecord } from '#app/record/current-record.server.ts'
import { footerView, headerTop, layoutView } from '#app/record/page-views.ts'
import { SiteFooter } from '#app/layout/site-footer.server.tsx'
import { StaticBlock, revalidateOnlyWhenAsked } from '#app/ui/static-block.tsx'
import { staticBlocksOf } from '#app/ui/static-block.server.tsx'
import { BackToTop, FloatingWidgets, ScrollProgress } from '#app/sections/deferred-sections.ts'
import { EstimateModal } from '#app/sections/estimate-modal.tsx'
import { EstimateIntro } from '#app/sections/estimate-intro.server.tsx'
import { useStrings } from '#app/i18n/use-strings.ts'
import type { Route } from './+types/site-layout'

/** The header's top bar and logo and the footer are rendered here (static blocks); the browser gets what the menus, widgets and forms need. */
export async function loader({ context }: Route.LoaderArgs) {
  const record = await currentRecord(context)
  const layout = layoutView(record)
  const staticBlock = staticBlocksOf(context)
  const blocks = {
    top: staticBlock(<HeaderTopBar {...headerTop(record)} />),
    logo: staticBlock(<HeaderLogo logo={layout.logo} name={layout.name} />),
    footer: staticBlock(<SiteFooter footer={footerView(record)} />),
    estimateIntro: staticBlock(<EstimateIntro logo={layout.logo} name={layout.name} labels={layout.form.labels} />),
  }
  return { ...layout, blocks }
}

export const shouldRevalidate = revalidateOnlyWhenAsked
/** The shared layout of every page but /find-us-on. */
export default function SiteLayout({ loaderData: layout }: Route.ComponentProps) {
  const t = useStrings()
  return (
    <>
      {/* First, so that the modal script opening it runs before the rest of the page is parsed (server/pages/page-script.server.ts). */}
      <EstimateModal intro={layout.blocks.estimateIntro} />
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white font-semibold text-heading focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:px-4 focus:py-2"
      >
        {t.a11y.skipToContent}
      </a>
      <ScrollProgress />
      <div id="top" tabIndex={-1} />
      <SiteHeader layout={layout} top={layout.blocks.top} logo={layout.blocks.logo} />
      <main id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </main>
      <StaticBlock block={layout.blocks.footer} />
      <BackToTop />
      <FloatingWidgets />
    </>
  )
}
