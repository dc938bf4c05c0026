import { Links, Outlet, Scripts, isRouteErrorResponse, useMatches, useRouteLoaderData } from 'react-router'
import { useEffect, useState } from 'react'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { LangContext, useStrings } from './i18n/use-strings.ts'
import { currentSnapshot } from './record/current-record.server.ts'
import { headView } from './record/page-views.ts'
import type { PageHandle } from './record/page-meta.ts'
import { deferred, deferredCodeLoaded, pageHydrated } from './ui/deferred.tsx'
import { StaticHeadText, revalidateOnlyWhenAsked } from './ui/static-block.tsx'
import { PageHead } from './ui/page-head.tsx'
import { setStaticHeadText } from './ui/static-block.server.tsx'

/** The head's view of the record, never the whole record: the layout and each route add their own slices. */
export async function loader({ context }: Route.LoaderArgs) {
  const [snapshot] = await Promise.all([currentSnapshot(context), deferredCodeLoaded()])
  const { themeCss, jsonLd, ...head } = headView(snapshot.record, context.siteUrl)
  // Written into the document only: the browser never needs them as data.
  setStaticHeadText(context, THEME_CSS_ID, themeCss)
  setStaticHeadText(context, JSON_LD_ID, jsonLd)
  return { head, hasRecord: snapshot.origin !== 'empty', siteUrl: context.siteUrl }
}

// Only a page rendered without a record shows it: its code loads with the blocks hydrated later.
const FullScreenLoader = deferred(() => import('./layout/full-screen-loader.tsx').then((m) => m.FullScreenLoader))

const THEME_CSS_ID = 'theme-css'
const JSON_LD_ID = 'json-ld'

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const favicon = data?.head.favicon || '/favicon.ico'
  const lang = data?.head.lang ?? 'en'
  // Decided by the page as served: the loader stays while the browser asks for the record again.
  const [startedEmpty] = useState(() => data !== undefined && !data.hasRecord)
  // React has hydrated everything but the deferred blocks: `data-hydrated`, and a held first tap may be replayed.
  useEffect(pageHydrated, [])
  // React Router's way to disable JavaScript on a page: a route whose handle says so gets no <Scripts />.
  const scripts = !useMatches().some((match) => (match.handle as PageHandle | undefined)?.scripts === false)
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <PageHead />
        <link rel="icon" href={favicon} />
        {/* One file for every page, cached for a year. The server puts the rules the page uses before it and disables it, so it comes at the visitor's first activity (INLINE_PAGE_ASSETS: server/pages/page-css.server.ts). */}
        <link rel="stylesheet" href={stylesheet} />
        <Links />
        {/* Contrast-guarded on the server, once per record version; the colour library stays out of the browser. */}
        <StaticHeadText as="style" id={THEME_CSS_ID} />
        <StaticHeadText as="script" type="application/ld+json" id={JSON_LD_ID} />
      </head>
      <body>
        <LangContext value={lang}>{children}</LangContext>
        {startedEmpty ? <FullScreenLoader hasRecord={!!data?.hasRecord} /> : null}
        {scripts ? <Scripts /> : null}
      </body>
    </html>
  )
}

export const shouldRevalidate = revalidateOnlyWhenAsked
export default function App() {
  return <Outlet />
}

/** The one general boundary: anything unexpected still gets a page, never a stack trace. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const t = useStrings()
  return (
    <main className="container-page py-24 text-center">
      <h1 className="text-3xl">{notFound ? t.errors.notFound : t.errors.failed}</h1>
      <p className="mt-4">
        {notFound ? t.errors.notFoundText : t.errors.failedText}{' '}
        <a className="font-semibold text-main-ink underline" href="/">
          {t.errors.goHome}
        </a>
      </p>
    </main>
  )
}
