import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import stylesheet from './app.css?url'
import { FullScreenLoader } from './layout/full-screen-loader.tsx'
import { currentSnapshot } from './record/current-record.server.ts'
import { headView } from './record/page-views.ts'
import { themeCss } from './record/theme.ts'
import { deferredCodeLoaded } from './ui/deferred.tsx'
import { SiteStylesheet } from './ui/site-stylesheet.tsx'
import { useNonce } from './ui/nonce.tsx'

/** The head's view of the record, never the whole record: the layout and each route add their own slices. */
export async function loader({ context }: Route.LoaderArgs) {
  const [snapshot] = await Promise.all([currentSnapshot(context), deferredCodeLoaded()])
  return { head: headView(snapshot.record, context.siteUrl), hasRecord: snapshot.origin !== 'empty', siteUrl: context.siteUrl, csrfToken: context.csrfToken }
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  const favicon = data?.head.favicon || '/favicon.ico'
  const jsonLd = data?.head.jsonLd
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="icon" href={favicon} />
        <SiteStylesheet href={stylesheet} />
        <Links />
        <style>{data?.head.themeCss ?? themeCss()}</style>
        {jsonLd ? <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLd }} /> : null}
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
