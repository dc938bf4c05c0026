import { useState } from 'react'
import { Form, redirect, useActionData } from 'react-router'
import type { Route } from './+types/account'
import { accountAction } from '#server/console/account-page.server.ts'
import { readForm, requirePerson } from '#server/console/authorize.server.ts'
import { endSession } from '#server/console/sessions.server.ts'
import { describeAccess } from '#server/console/people.server.ts'
import { PasskeyButton } from '../parts/passkey-button.tsx'
import { createPasskey } from '../parts/passkey-ceremonies.ts'
import { formatTime } from '../parts/format.ts'

/** The signed-in person's own: their passkeys (add, name, remove) and sessions (see, end), and signing out. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { person, session } = await requirePerson(ctx, request)
  const [passkeys, sessions] = await Promise.all([ctx.store.passkeys(person.id), ctx.store.sessions(person.id)])
  const names = new Map(passkeys.map((p) => [p.id, p.name]))
  return {
    email: person.email,
    access: describeAccess(person),
    passkeys: passkeys.map(({ id, name, createdAt, lastUsedAt }) => ({ id, name, createdAt, lastUsedAt })),
    sessions: sessions.map((s) => ({
      id: s.idHash,
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt,
      passkey: (s.passkeyId && names.get(s.passkeyId)) || null,
      current: s.idHash === session.idHash,
    })),
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const who = await requirePerson(context.console, request)
  const answer = await accountAction(context.console, who, await readForm(request))
  // This very session ended (its passkey removed, or ended here): the cookie goes too.
  if ('signedOut' in answer && answer.signedOut)
    throw redirect('/', { headers: { 'Set-Cookie': await endSession(context.console, request) } })
  return answer
}

export const meta: Route.MetaFunction = () => [{ title: 'Your account · Console' }]

export default function Account({ loaderData }: Route.ComponentProps) {
  const { email, access, passkeys, sessions } = loaderData
  const answer = useActionData<typeof action>()
  const [name, setName] = useState('')
  return (
    <>
      <h1>Your account</h1>
      <p className="mt-1">
        <strong className="break-all">{email}</strong> · {access}
      </p>
      {answer ? (
        <p
          role={'error' in answer ? 'alert' : 'status'}
          className={`card mt-4 ${'error' in answer ? 'border-red-700 text-red-800' : 'border-green-700'}`}
        >
          {'error' in answer ? answer.error : answer.done}
        </p>
      ) : null}
      <section className="mt-6" aria-labelledby="passkeys-heading">
        <h2 id="passkeys-heading">Your passkeys</h2>
        <ul className="mt-2 grid gap-3">
          {passkeys.map((p) => (
            <li key={p.id} className="card grid gap-2">
              <p>
                <strong className="break-words">{p.name}</strong>{' '}
                <span className="muted text-sm">
                  · made {formatTime(p.createdAt)} · {p.lastUsedAt ? `last used ${formatTime(p.lastUsedAt)}` : 'not used yet'}
                </span>
              </p>
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="rename" />
                  <input type="hidden" name="passkey" value={p.id} />
                  <div>
                    <label htmlFor={`name-${p.id}`} className="block text-sm font-semibold">
                      Name
                    </label>
                    <input id={`name-${p.id}`} name="name" defaultValue={p.name} maxLength={60} className="field mt-1" />
                  </div>
                  <button type="submit" className="button-quiet">
                    Rename
                  </button>
                </Form>
                <Form method="post" className="flex flex-wrap items-center gap-2">
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="passkey" value={p.id} />
                  {answer && 'confirmLast' in answer && answer.confirmLast === p.id ? (
                    <label className="flex min-h-11 items-center gap-2 text-sm">
                      <input type="checkbox" name="confirm" value="last" required className="size-5" />
                      Remove my only passkey anyway
                    </label>
                  ) : null}
                  <button type="submit" className="button-danger">
                    Remove
                  </button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
        <div className="card mt-3">
          <h3 className="font-semibold">Add a passkey</h3>
          <p className="mt-1 text-sm muted">Another device or a security key: then losing one device does not lock you out.</p>
          <label htmlFor="new-passkey-name" className="mt-3 block font-semibold">
            Name <span className="font-normal muted">(optional, e.g. “Phone”)</span>
          </label>
          <input
            id="new-passkey-name"
            className="field mt-1 max-w-md"
            maxLength={60}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <PasskeyButton label="Add a passkey" run={() => createPasskey({ name })} />
        </div>
      </section>
      <section className="mt-6" aria-labelledby="sessions-heading">
        <h2 id="sessions-heading">Where you are signed in</h2>
        <p className="mt-1 text-sm muted">A session ends after 12 hours unused, and 7 days after its sign-in in any case.</p>
        <ul className="mt-2 grid gap-3">
          {sessions.map((s) => (
            <li key={s.id} className="card flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm">
                {s.current ? <strong>This session · </strong> : null}
                signed in {formatTime(s.createdAt)}
                {s.passkey ? ` with “${s.passkey}”` : ''} · last seen {formatTime(s.lastSeenAt)}
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="session" value={s.id} />
                <button type="submit" className="button-quiet">
                  {s.current ? 'End this session (sign out)' : 'End this session'}
                </button>
              </Form>
            </li>
          ))}
        </ul>
        <Form method="post" action="/sign-out" className="mt-4">
          <button type="submit" className="button">
            Sign out
          </button>
        </Form>
      </section>
    </>
  )
}
