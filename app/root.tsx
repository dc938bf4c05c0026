import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { FullScreenLoader } from './layout/full-screen-loader.tsx'
import { businessJsonLd, serializeJsonLd } from './record/business-json-ld.ts'
import { themeCss } from './record/theme.ts'
import { useNonce } from './ui/nonce.tsx'

/** With no record at all yet, wait at most this long for one before rendering the empty record. */
const FIRST_RECORD_WAIT_MS = 1_000

export async function loader({ context }: Route.LoaderArgs) {
  const { records } = context.services
  let snapshot = context.snapshot
  if (snapshot.origin === 'empty') {
    await Promise.race([records.refresh(), new Promise((r) => setTimeout(r, FIRST_RECORD_WAIT_MS))])
    snapshot = records.current()
  }
  return { record: snapshot.record, hasRecord: snapshot.origin !== 'empty', siteUrl: context.siteUrl, csrfToken: context.csrfToken }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  const favicon = data?.record.dbPrincipal.favicon || '/favicon.ico'
  const jsonLd = data && businessJsonLd(data.record, data.siteUrl)
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="icon" href={favicon} />
        <link rel="stylesheet" href={stylesheet} />
        <Links />
        <style>{themeCss(data?.record.styles)}</style>
        {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLd) }} /> : null}
      </head>
      <body>
        {children}
        {data && !data.hasRecord ? <FullScreenLoader /> : null}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
  return (
    <main className="container-page py-24 text-center">
      <h1 className="text-3xl">{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="mt-4">
        {notFound ? 'The page you asked for does not exist.' : 'Please try again in a moment.'}{' '}
        <a className="font-semibold text-main underline" href="/">
          Go to the home page
        </a>
      </p>
    </main>
  )
}
