import { redirect } from 'react-router'
import type { Route } from './+types/sign-out'
import { recordActivity } from '#server/console/people.server.ts'
import { endSession, signedIn } from '#server/console/sessions.server.ts'

/** Signs out: the session ends in storage, on every origin at once. */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.console
  const who = await signedIn(ctx, request)
  const cookie = await endSession(ctx, request)
  if (who) await recordActivity(ctx.store, ctx.now(), who.person.email, 'signed-out', null)
  throw redirect('/', { headers: { 'Set-Cookie': cookie } })
}

export function loader(): never {
  throw redirect('/')
}
