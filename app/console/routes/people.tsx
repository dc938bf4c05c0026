import { Form, useActionData, useNavigation } from 'react-router'
import type { Route } from './+types/people'
import { readForm, requireAdmin } from '#server/console/authorize.server.ts'
import { describeAccess } from '#server/console/people.server.ts'
import { peopleAction } from '#server/console/people-page.server.ts'
import { formatTime } from '../parts/format.ts'
import { ConfirmedAction } from '../parts/confirmed-action.tsx'
import { SiteIdList } from '../parts/site-id-list.tsx'
import { AccessFields } from '../parts/access-fields.tsx'

/** Who may sign in, with their access (admins only): invite, the invitations still open, change access, revoke. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { person: me } = await requireAdmin(ctx, request)
  const people = await Promise.all(
    (await ctx.store.people()).map(async (person) => {
      const [passkeys, sessions] = await Promise.all([ctx.store.passkeys(person.id), ctx.store.sessions(person.id)])
      const lastSeen = Math.max(0, ...sessions.map((s) => s.lastSeenAt), ...passkeys.map((p) => p.lastUsedAt ?? 0))
      return {
        ...person,
        access: describeAccess(person),
        passkeys: passkeys.length,
        sessions: sessions.length,
        lastSeen,
        me: person.id === me.id,
      }
    }),
  )
  const invitations = (await ctx.store.openInvitations(ctx.now())).map(({ email, invitedBy, expiresAt, ...access }) => ({
    email,
    invitedBy,
    expiresAt,
    access: describeAccess(access),
  }))
  return { people, invitations, sites: ctx.services.sites().map((s) => s.id), emailing: !!ctx.mailer }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { person } = await requireAdmin(context.console, request)
  return peopleAction(context.console, person, await readForm(request))
}

export const meta: Route.MetaFunction = () => [{ title: 'People · Console' }]

/** The one list of site ids every access field on the page suggests from. */
const SITE_IDS = 'site-ids'

export default function People({ loaderData }: Route.ComponentProps) {
  const { people, invitations, sites, emailing } = loaderData
  const answer = useActionData<typeof action>()
  return (
    <>
      <h1>People</h1>
      <SiteIdList id={SITE_IDS} sites={sites} />
      <p className="mt-1 muted">Who may sign in to the console, and what they see.</p>
      <Answer answer={answer} />
      <section className="card mt-4" aria-labelledby="invite-heading">
        <h2 id="invite-heading">Invite someone</h2>
        <p className="mt-1 text-sm muted">
          Admins manage everything, people included; staff read every site, resend and export leads; contractors read their own sites. They
          get a link that works once, within 24 hours, to create their passkey.{' '}
          {emailing ? 'It is emailed to them, and shown here.' : 'Copy it to them (no mail server is set: SMTP_URL).'}
        </p>
        <Form method="post" className="mt-3 grid gap-3 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end">
          <input type="hidden" name="intent" value="invite" />
          <div>
            <label htmlFor="invite-email" className="block font-semibold">
              Email
            </label>
            <input id="invite-email" name="email" type="email" required autoComplete="off" className="field mt-1" />
          </div>
          <AccessFields idPrefix="invite" listId={SITE_IDS} />
          <button type="submit" className="button">
            Invite
          </button>
        </Form>
      </section>
      {invitations.length ? (
        <section className="mt-6" aria-labelledby="invitations-heading">
          <h2 id="invitations-heading">Invitations not used yet ({invitations.length})</h2>
          <ul className="mt-2 grid gap-3">
            {invitations.map((invitation, i) => (
              <li key={`${invitation.email}-${i}`} className="card flex flex-wrap items-center justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-semibold break-all">{invitation.email}</p>
                  <p className="text-sm">
                    {invitation.access} · invited by {invitation.invitedBy} · the link works until {formatTime(invitation.expiresAt)}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="end-invitation" />
                  <input type="hidden" name="email" value={invitation.email} />
                  <button type="submit" className="button-quiet">
                    End the invitation for {invitation.email}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="mt-6" aria-labelledby="people-heading">
        <h2 id="people-heading">Everyone who may sign in ({people.length})</h2>
        <ul className="mt-2 grid gap-3">
          {people.map((person) => (
            <li key={person.id} className="card">
              <p className="font-semibold break-all">
                {person.email}
                {person.me ? ' (you)' : ''}
              </p>
              <p className="text-sm">
                {person.access} · {person.passkeys} passkey(s) · {person.sessions} session(s) · last seen{' '}
                {person.lastSeen ? formatTime(person.lastSeen) : 'never'}
              </p>
              {person.me ? null : (
                <div className="mt-2 flex flex-wrap gap-3">
                  <details className="min-w-0 flex-1">
                    <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-blue-700">
                      Change access
                    </summary>
                    <Form method="post" className="mt-2 grid gap-3 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] md:items-end">
                      <input type="hidden" name="intent" value="change" />
                      <input type="hidden" name="person" value={person.id} />
                      <AccessFields idPrefix={person.id} listId={SITE_IDS} role={person.role} chosen={person.sites} />
                      <button type="submit" className="button">
                        Save access
                      </button>
                    </Form>
                  </details>
                  <ConfirmedAction
                    danger
                    opener="Revoke…"
                    fields={{ intent: 'revoke', person: person.id }}
                    consequence="Their sessions end at once, their passkeys are removed and an invitation still open for them ends. What they did stays in the activity."
                    action={`Revoke ${person.email}`}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}

function Answer({ answer }: { answer: ReturnType<typeof useActionData<typeof action>> }) {
  const navigation = useNavigation()
  if (!answer || navigation.state !== 'idle') return <p role="status" />
  if ('error' in answer)
    return (
      <p role="alert" className="card mt-4 border-red-700 text-red-800">
        {answer.error}
      </p>
    )
  if (answer.done !== 'invited')
    return (
      <p role="status" className="card mt-4 border-green-700">
        {answer.done === 'changed'
          ? `${answer.email}’s access is changed.`
          : answer.done === 'ended-invitation'
            ? `The invitation for ${answer.email} is ended: its link no longer works.`
            : `${answer.email} is revoked: signed out everywhere, passkeys removed.`}
      </p>
    )
  return (
    <div role="status" className="card mt-4 border-green-700">
      <p>
        Invitation for <strong>{answer.email}</strong> made{answer.emailed ? ' and emailed' : ''}.
        {answer.mailError ? ` It could not be emailed (${answer.mailError}): copy the link to them.` : ''}
      </p>
      <label htmlFor="invitation-link" className="mt-2 block font-semibold">
        Invitation link (works once, within 24 hours)
      </label>
      <input id="invitation-link" readOnly value={answer.url} className="field mt-1 font-mono text-sm" onFocus={(e) => e.target.select()} />
    </div>
  )
}
