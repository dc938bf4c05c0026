import type { ConsoleContext } from './console-context.ts'
import { passkeyName } from './passkeys.server.ts'
import { recordActivity } from './people.server.ts'
import type { SignedIn } from './sessions.server.ts'

/** The account page's actions: name or remove one's passkeys, end one's sessions. Only ever the signed-in person's own. */

export type AccountAnswer = { done: string; signedOut?: boolean } | { error: string; confirmLast?: string }

export async function accountAction(ctx: ConsoleContext, { person, session }: SignedIn, form: FormData): Promise<AccountAnswer> {
  const value = (name: string) => String(form.get(name) ?? '')
  const intent = value('intent')
  if (intent === 'rename') {
    const name = passkeyName(value('name'))
    return (await ctx.store.renamePasskey(person.id, value('passkey'), name))
      ? { done: `Renamed to “${name}”.` }
      : { error: 'No such passkey of yours.' }
  }
  if (intent === 'remove') {
    const passkeys = await ctx.store.passkeys(person.id)
    const passkey = passkeys.find((p) => p.id === value('passkey'))
    if (!passkey) return { error: 'No such passkey of yours.' }
    // The last one goes only when the person says they know: without a passkey, only a new invitation lets them in.
    if (passkeys.length === 1 && value('confirm') !== 'last')
      return {
        error:
          'This is your only passkey: without it you cannot sign in again until your agency invites you anew. Tick the box to remove it anyway.',
        confirmLast: passkey.id,
      }
    await ctx.store.removePasskey(person.id, passkey.id)
    await recordActivity(ctx.store, ctx.now(), person.email, 'passkey-removed', null, passkey.name)
    // Sessions it signed in end with it: this one too, when it did.
    return { done: `Removed “${passkey.name}” and the sessions it signed in.`, signedOut: session.passkeyId === passkey.id }
  }
  if (intent === 'end-session') {
    const idHash = value('session')
    if (!(await ctx.store.deletePersonSession(person.id, idHash))) return { error: 'That session has ended already.' }
    await recordActivity(ctx.store, ctx.now(), person.email, 'session-ended', null)
    return { done: 'The session is ended: that browser is signed out.', signedOut: idHash === session.idHash }
  }
  return { error: 'Unknown request.' }
}
