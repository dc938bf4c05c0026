import { useState } from 'react'
import { data, useParams } from 'react-router'
import type { Route } from './+types/invitation'
import { usableInvitation } from '#server/console/invitations.server.ts'
import { describeAccess } from '#server/console/people.server.ts'
import { PasskeyButton } from '../parts/passkey-button.tsx'
import { createPasskey } from '../parts/passkey-ceremonies.ts'
import { formatTime } from '../parts/format.ts'

/** An invitation's page: who it is for and with which access, and the button that creates their passkey. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const invitation = await usableInvitation(context.console, params.token)
  if (invitation === 'too many') throw new Response('Too many attempts.', { status: 429 })
  if (!invitation) return data({ invitation: null }, { status: 410 })
  return { invitation: { email: invitation.email, access: describeAccess(invitation), expiresAt: invitation.expiresAt } }
}

export const meta: Route.MetaFunction = () => [{ title: 'Your invitation · Console' }]

export default function InvitationPage({ loaderData }: Route.ComponentProps) {
  const { token = '' } = useParams()
  const [name, setName] = useState('')
  const { invitation } = loaderData
  if (!invitation)
    return (
      <section className="card mx-auto mt-6 max-w-lg">
        <h1>This invitation cannot be used</h1>
        <p className="mt-3">
          It was already used, or it has expired (an invitation works once, for 24 hours). Ask your agency for a new one.
        </p>
        <p className="mt-6">
          <a href="/">Sign in with a passkey</a> if you already have one.
        </p>
      </section>
    )
  return (
    <section className="card mx-auto mt-6 max-w-lg">
      <h1>Welcome to the console</h1>
      <p className="mt-3">
        This invitation is for <strong>{invitation.email}</strong>, as <strong>{invitation.access}</strong>. It works once, until{' '}
        {formatTime(invitation.expiresAt)}.
      </p>
      <p className="mt-3">
        You sign in with a passkey, never a password: your phone, your computer’s screen lock or a security key keeps it. Create it now.
      </p>
      <label className="mt-6 block font-semibold" htmlFor="passkey-name">
        Name this passkey <span className="font-normal muted">(optional, e.g. “Work laptop”)</span>
      </label>
      <input id="passkey-name" className="field mt-1" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
      <PasskeyButton label="Create your passkey" run={() => createPasskey({ invitation: token, name })} />
    </section>
  )
}
