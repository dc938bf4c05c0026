import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useRouteLoaderData } from 'react-router'
import type { Route } from './+types/root'
import './load-context.ts'
import stylesheet from './console.css?url'
import { signedIn } from '#server/console/sessions.server.ts'
import { ConsoleHeader } from './parts/console-header.tsx'

/** Who is signed in, for the header: their address and role, nothing else. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const who = await signedIn(context.console, request)
  return { person: who ? { email: who.person.email, role: who.person.role } : null }
}

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: 'data:,' }, // no favicon request
]

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root')
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-10 focus:bg-white focus:p-2">
          Skip to content
        </a>
        <ConsoleHeader person={data?.person ?? null} />
        <main id="main" className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
          {children}
        </main>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** Every refusal and failure, in words: 404 says nothing about whether the thing exists. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>('root')
  const status = isRouteErrorResponse(error) ? error.status : 500
  const [title, text] =
    status === 404
      ? ['Not found', 'There is no such page, or it is not yours to see.']
      : status === 403
        ? ['Not for your role', String(isRouteErrorResponse(error) ? error.data : '')]
        : status === 429
          ? ['Too many attempts', 'Wait ten minutes, then try again.']
          : ['Something went wrong', 'The console could not show this page. Try again in a moment.']
  return (
    <>
      <title>{`${title} · Console`}</title>
      <h1>{title}</h1>
      <p className="mt-3">{text}</p>
      <p className="mt-6">
        {data?.person ? (
          <a href="/sites" className="link-target">
            Back to your sites
          </a>
        ) : (
          <a href="/" className="link-target">
            Sign in with a passkey
          </a>
        )}
      </p>
    </>
  )
}
