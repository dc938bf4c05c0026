import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { FullScreenLoader } from './layout/full-screen-loader.tsx'
import { LangContext, useStrings } from './i18n/use-strings.ts'
import { currentSnapshot } from './record/current-record.server.ts'
import { headView } from './record/page-views.ts'
import { deferredCodeLoaded } from './ui/deferred.tsx'
import { SiteStylesheet } from './ui/site-stylesheet.tsx'

/** The head's view of the record, never the whole record: the layout and each route add their own slices. */
export async function loader({ context }: Route.LoaderArgs) {
  const [snapshot] = await Promise.all([currentSnapshot(context), deferredCodeLoaded()])
  return { head: headView(snapshot.record, context.siteUrl), hasRecord: snapshot.origin !== 'empty', siteUrl: context.siteUrl }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const favicon = data?.head.favicon || '/favicon.ico'
  const jsonLd = data?.head.jsonLd
  const lang = data?.head.lang ?? 'en'
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="icon" href={favicon} />
        <SiteStylesheet href={stylesheet} />
        <Links />
        {/* Contrast-guarded on the server, once per record version; the colour library stays out of the browser. */}
        {data ? <style>{data.head.themeCss}</style> : null}
        {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
      </head>
      <body>
        <LangContext value={lang}>{children}</LangContext>
        {data && !data.hasRecord ? <FullScreenLoader /> : null}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

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
