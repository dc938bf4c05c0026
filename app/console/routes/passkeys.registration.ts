import type { Route } from './+types/passkeys.registration'
import { ceremonyAnswer, PasskeyError, readCeremony, registrationOptions, verifyRegistration } from '#server/console/passkeys.server.ts'
import { recordActivity } from '#server/console/people.server.ts'
import { signedIn, startSession } from '#server/console/sessions.server.ts'
import { usableInvitation } from '#server/console/invitations.server.ts'

/** Each options request stores a challenge: counted per client and per person (or invitation), like sign-ins. */
const TOO_MANY = () => ceremonyAnswer(429, { error: 'Too many attempts from here: wait ten minutes.' })

/**
 * A new passkey: by invitation (the invitation page's "Create your passkey": the person is made, or found, and
 * signed in), or one more for the signed-in person (their account page).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const ctx = context.console
  const step = await readCeremony(request)
  if (!step) return ceremonyAnswer(400, { error: 'Not a passkey request.' })
  try {
    if (step.invitation !== undefined) {
      const invitation = await usableInvitation(ctx, step.invitation)
      if (invitation === 'too many') return TOO_MANY()
      if (!invitation)
        return ceremonyAnswer(410, { error: 'This invitation was already used or has expired. Ask your agency for a new one.' })
      if (step.step === 'options')
        return (await ctx.attempt('challenge', invitation.tokenHash))
          ? ceremonyAnswer(200, await registrationOptions(ctx, { tokenHash: invitation.tokenHash, email: invitation.email }))
          : TOO_MANY()
      const made = await verifyRegistration(ctx, step.response as never, step.name ?? '')
      if (made.tokenHash !== invitation.tokenHash) throw new PasskeyError('This passkey was made for another invitation.')
      const person = await ctx.store.acceptInvitation(invitation.tokenHash, ctx.now(), made.personId, made.passkey)
      if (!person) return ceremonyAnswer(410, { error: 'This invitation was already used or has expired. Ask your agency for a new one.' })
      const cookie = await startSession(ctx, request, person.id, made.passkey.id)
      await recordActivity(ctx.store, ctx.now(), person.email, 'joined', null, made.passkey.name)
      return ceremonyAnswer(200, { next: '/sites' }, { 'Set-Cookie': cookie })
    }
    const who = await signedIn(ctx, request)
    if (!who) return ceremonyAnswer(401, { error: 'Sign in first, then add a passkey from your account.' })
    if (step.step === 'options')
      return (await ctx.attempt('challenge', who.person.id))
        ? ceremonyAnswer(200, await registrationOptions(ctx, { person: who.person }))
        : TOO_MANY()
    const made = await verifyRegistration(ctx, step.response as never, step.name ?? '')
    if (made.personId !== who.person.id || made.tokenHash) throw new PasskeyError('This passkey was made for someone else.')
    await ctx.store.addPasskey({ ...made.passkey, personId: who.person.id, lastUsedAt: null })
    await recordActivity(ctx.store, ctx.now(), who.person.email, 'passkey-added', null, made.passkey.name)
    return ceremonyAnswer(200, { next: '/account' })
  } catch (error) {
    if (error instanceof PasskeyError) return ceremonyAnswer(400, { error: error.message })
    throw error
  }
}

export function loader(): never {
  throw new Response('Not found.', { status: 404 })
}
