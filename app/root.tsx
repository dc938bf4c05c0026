import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { FullScreenLoader } from './layout/full-screen-loader.tsx'
import { langOf } from './i18n/strings.ts'
import { LangContext, useStrings } from './i18n/use-strings.ts'
import { businessJsonLd, serializeJsonLd } from './record/business-json-ld.ts'
import { themeCss } from './record/theme.ts'
import { IMAGE_PLACEHOLDER, smallestVariant } from './ui/image-variants.ts'
import { SiteStylesheet } from './ui/site-stylesheet.tsx'

/** With no record at all yet, wait at most this long for one before rendering the empty record. */
const FIRST_RECORD_WAIT_MS = 1_000

export async function loader({ context }: Route.LoaderArgs) {
  const { records, pageSnapshot } = context.services
  let snapshot = context.snapshot
  if (snapshot.origin === 'empty') {
    await Promise.race([records.refreshIfDue(), new Promise((r) => setTimeout(r, FIRST_RECORD_WAIT_MS))])
    snapshot = pageSnapshot()
  }
  return {
    record: snapshot.record,
    hasRecord: snapshot.origin !== 'empty',
    siteUrl: context.siteUrl,
    // Contrast-guarded on the server, once per record version; the colour library stays out of the browser.
    themeCss: themeCss(snapshot.record.styles),
  }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const recordFavicon = data?.record.dbPrincipal.favicon
  const favicon = recordFavicon && recordFavicon !== IMAGE_PLACEHOLDER ? smallestVariant(recordFavicon) : '/favicon.ico'
  const jsonLd = data && businessJsonLd(data.record, data.siteUrl)
  const lang = data ? langOf(data.record.labels.formLabel) : 'en'
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="icon" href={favicon} />
        <SiteStylesheet href={stylesheet} />
        <Links />
        {data ? <style>{data.themeCss}</style> : null}
        {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }} /> : null}
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
