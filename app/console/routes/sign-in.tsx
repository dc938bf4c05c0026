import { redirect, useSearchParams } from 'react-router'
import type { Route } from './+types/sign-in'
import { safeNext } from '#server/console/authorize.server.ts'
import { signedIn } from '#server/console/sessions.server.ts'
import { PasskeyButton } from '../parts/passkey-button.tsx'
import { signInWithPasskey } from '../parts/passkey-ceremonies.ts'

/** The console's first page: a signed-in person goes on to their sites (or where they were going). */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (await signedIn(context.console, request))
    throw redirect(safeNext(new URL(request.url).searchParams.get('next'), context.console.config.url))
  return null
}

export const meta: Route.MetaFunction = () => [{ title: 'Sign in · Console' }]

export default function SignIn() {
  const [params] = useSearchParams()
  return (
    <section className="card mx-auto mt-6 max-w-lg">
      <h1>Sign in</h1>
      <p className="mt-3">
        Your sites’ leads and results, for the people your agency invited. Sign in with the passkey you created from your invitation: your
        phone, your computer’s screen lock or a security key.
      </p>
      <PasskeyButton label="Sign in with a passkey" run={() => signInWithPasskey(params.get('next'))} />
      <p className="mt-6 muted">No passkey yet, or lost it? Ask your agency for an invitation.</p>
    </section>
  )
}
