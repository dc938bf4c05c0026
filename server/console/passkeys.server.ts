import { randomUUID } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { z } from 'zod'
import type { ConsoleContext } from './console-context.ts'
import type { ChallengePurpose, NewPasskey, Passkey, Person } from '../storage/console-storage.ts'

/**
 * Passkeys (WebAuthn) through @simplewebauthn/server: discoverable credentials (the browser offers the
 * person's passkey without a name typed first), user verification required (decision 160). Each ceremony's challenge is
 * stored server-side, lives CHALLENGE_MS and is taken once, whatever the outcome; sign-in counters must move forward.
 */

const CHALLENGE_MS = 5 * 60 * 1000
const RP_NAME = 'tradesite console'
/** What a new passkey is called until its person names it. */
export const DEFAULT_PASSKEY_NAME = 'Passkey'

/** A ceremony that cannot finish: the person is told why in these words. */
export class PasskeyError extends Error {}

type Ctx = Pick<ConsoleContext, 'store' | 'config' | 'now'>

async function saveChallenge(ctx: Ctx, challenge: string, purpose: ChallengePurpose, subject: object) {
  await ctx.store.saveChallenge({ challenge, purpose, subject: JSON.stringify(subject), expiresAt: ctx.now() + CHALLENGE_MS })
}

/** The expected-challenge check: the challenge the browser signed is taken from storage (once); its subject is kept. */
function takeChallenge(ctx: Ctx, purpose: ChallengePurpose) {
  let subject: string | null = null
  return {
    check: async (challenge: string) => (subject = await ctx.store.takeChallenge(challenge, purpose, ctx.now())) !== null,
    subject: <T>() => JSON.parse(subject!) as T,
  }
}

const verifying = <T>(work: () => Promise<T>) =>
  work().catch((error: unknown) => {
    if (error instanceof PasskeyError) throw error
    // The library's reasons name internals ("Unexpected registration response challenge"): the person gets one sentence.
    throw new PasskeyError('This passkey could not be checked. Try again; if it keeps failing, ask your agency for help.', { cause: error })
  })

/** What the new passkey's ceremony is for: a person joining by invitation (`tokenHash`), or a signed-in person adding one. */
export type RegistrationSubject = { tokenHash: string; email: string } | { person: Person }

/** Options for navigator.credentials.create(), for a new person (their id decided now) or one adding a passkey. */
export async function registrationOptions(ctx: Ctx, subject: RegistrationSubject) {
  const existing = 'person' in subject ? await ctx.store.passkeys(subject.person.id) : []
  const personId = 'person' in subject ? subject.person.id : randomUUID()
  const email = 'person' in subject ? subject.person.email : subject.email
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: ctx.config.rpId,
    userName: email,
    userID: new TextEncoder().encode(personId),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await saveChallenge(ctx, options.challenge, 'register', {
    personId,
    ...('tokenHash' in subject ? { tokenHash: subject.tokenHash } : {}),
  })
  return options
}

/** The new passkey, once its response is verified, and what its ceremony was for (the person's id, the invitation). */
export async function verifyRegistration(ctx: Ctx, response: RegistrationResponseJSON, name: string) {
  const challenge = takeChallenge(ctx, 'register')
  const { registrationInfo } = await verifying(async () => {
    const result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.check,
      expectedOrigin: ctx.config.url,
      expectedRPID: ctx.config.rpId,
      requireUserVerification: true,
    })
    if (!result.verified) throw new PasskeyError('This passkey could not be checked.')
    return result
  })
  const { credential } = registrationInfo
  const passkey: NewPasskey = {
    id: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: passkeyName(name),
    createdAt: ctx.now(),
  }
  return { passkey, ...challenge.subject<{ personId: string; tokenHash?: string }>() }
}

/** Options for navigator.credentials.get(): no list of credentials, so the browser offers any passkey it holds for this console. */
export async function authenticationOptions(ctx: Ctx) {
  const options = await generateAuthenticationOptions({ rpID: ctx.config.rpId, userVerification: 'required', allowCredentials: [] })
  await saveChallenge(ctx, options.challenge, 'authenticate', {})
  return options
}

/** The passkey that signed, once its signature, challenge, origin and counter are checked; its new counter is stored. */
export async function verifyAuthentication(ctx: Ctx, response: AuthenticationResponseJSON): Promise<Passkey> {
  const passkey = await ctx.store.passkeyById(response.id)
  if (!passkey) throw new PasskeyError('This passkey is not known here: it may have been removed. Ask your agency for a new invitation.')
  const challenge = takeChallenge(ctx, 'authenticate')
  const { authenticationInfo } = await verifying(async () => {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge.check,
      expectedOrigin: ctx.config.url,
      expectedRPID: ctx.config.rpId,
      credential: { id: passkey.id, publicKey: passkey.publicKey, counter: passkey.counter, transports: passkey.transports as never },
      requireUserVerification: true,
    })
    if (!result.verified) throw new PasskeyError('This passkey could not be checked.')
    return result
  })
  // Compare-and-set: two sign-ins with the same counter cannot both pass (a cloned authenticator).
  if (!(await ctx.store.usePasskey(passkey.id, passkey.counter, authenticationInfo.newCounter, ctx.now())))
    throw new PasskeyError('This passkey was used by another sign-in at the same moment. Try again.')
  return passkey
}

/** A passkey's name as the person typed it: one line, at most 60 characters. */
export function passkeyName(value: unknown): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const line = typeof value === 'string' ? value.replace(/[\u0000-\u001f\u007f]/g, ' ') : ''
  return line.trim().slice(0, 60) || DEFAULT_PASSKEY_NAME
}

/** A credential as the browser library sends it back; its inner fields are the verifier's to judge. */
const credential = z.looseObject({
  id: z.string().min(1).max(1400),
  rawId: z.string().max(1400),
  type: z.literal('public-key'),
  response: z.record(z.string(), z.unknown()),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
})

/** What a ceremony's page posts: `options` to start, `verify` with the authenticator's answer. */
const ceremonySchema = z.discriminatedUnion('step', [
  z.object({ step: z.literal('options'), invitation: z.string().max(200).optional(), name: z.string().max(200).optional() }),
  z.object({
    step: z.literal('verify'),
    response: credential,
    invitation: z.string().max(200).optional(),
    name: z.string().max(200).optional(),
    next: z.string().max(2000).nullish(),
  }),
])

/** The posted ceremony step, or null for anything else. */
export async function readCeremony(request: Request) {
  const parsed = ceremonySchema.safeParse(await request.json().catch(() => null))
  return parsed.success ? parsed.data : null
}

/** A ceremony's JSON answer (`Set-Cookie` when it signs someone in). */
export const ceremonyAnswer = (status: number, body: object, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers })
