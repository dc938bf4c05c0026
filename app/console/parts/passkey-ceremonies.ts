import { startAuthentication, startRegistration } from '@simplewebauthn/browser'

/**
 * The browser's side of the passkey ceremonies: ask the console for options, let the browser and the
 * authenticator do their part, send the answer back. Each answers where to go next, or throws a sentence for the person.
 */

async function post<T>(url: string, body: object): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) })
  const data = (await response.json().catch(() => ({}))) as { error?: string }
  if (!response.ok) throw new Error(data.error ?? 'The console did not answer. Try again in a moment.')
  return data as T
}

/** The browser's own refusals, in words: the person closed the prompt, or this passkey is already here. */
function explained(error: unknown): Error {
  const name = (error as { name?: string }).name
  if (name === 'NotAllowedError' || name === 'AbortError') return new Error('The passkey prompt was closed before it finished. Try again.')
  if (name === 'InvalidStateError') return new Error('This device already holds a passkey for you here.')
  return error instanceof Error ? error : new Error(String(error))
}

export async function signInWithPasskey(next: string | null): Promise<string> {
  const url = '/passkeys/authentication'
  const optionsJSON = await post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(url, { step: 'options' })
  const response = await startAuthentication({ optionsJSON }).catch((error: unknown) => {
    throw explained(error)
  })
  return (await post<{ next: string }>(url, { step: 'verify', response, next })).next
}

/** A new passkey: the invitation's (`invitation`, its token), or one more for the signed-in person. */
export async function createPasskey(body: { invitation?: string; name: string }): Promise<string> {
  const url = '/passkeys/registration'
  const optionsJSON = await post<Parameters<typeof startRegistration>[0]['optionsJSON']>(url, { step: 'options', ...body })
  const response = await startRegistration({ optionsJSON }).catch((error: unknown) => {
    throw explained(error)
  })
  return (await post<{ next: string }>(url, { step: 'verify', response, ...body })).next
}
