import type { Route } from './+types/passkeys.authentication'
import { safeNext } from '#server/console/authorize.server.ts'
import { authenticationOptions, ceremonyAnswer, PasskeyError, readCeremony, verifyAuthentication } from '#server/console/passkeys.server.ts'
import { recordActivity } from '#server/console/people.server.ts'
import { startSession } from '#server/console/sessions.server.ts'

/**
 * Sign-in with a passkey (the sign-in page's button): `options` starts the ceremony, `verify` checks the
 * passkey and opens a new session. Both count against the client's attempts (CONSOLE_RATE_LIMIT).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.console
  const step = await readCeremony(request)
  if (!step) return ceremonyAnswer(400, { error: 'Not a sign-in request.' })
  if (!(await ctx.attempt('sign-in'))) return ceremonyAnswer(429, { error: 'Too many sign-in attempts from here: wait ten minutes.' })
  if (step.step === 'options') return ceremonyAnswer(200, await authenticationOptions(ctx))
  try {
    const passkey = await verifyAuthentication(ctx, step.response as never)
    const person = await ctx.store.personById(passkey.personId)
    if (!person) throw new PasskeyError('This passkey belongs to nobody who may sign in any more.')
    const cookie = await startSession(ctx, request, person.id, passkey.id)
    await recordActivity(ctx.store, ctx.now(), person.email, 'signed-in', null, passkey.name)
    return ceremonyAnswer(200, { next: safeNext(step.next, ctx.config.url) }, { 'Set-Cookie': cookie })
  } catch (error) {
    if (error instanceof PasskeyError) return ceremonyAnswer(400, { error: error.message })
    throw error
  }
}

export function loader(): never {
  throw new Response('Not found.', { status: 404 })
}
