// SECRETS_KEY's form, apart from the sealing (webhook-secrets.server.ts), so the environment's parser can check it
// without importing the sites' schema, which reads the environment.

/** SECRETS_KEY's 32 bytes, from 64 hex digits or base64 (44 characters); null when it is neither. */
export function secretsKeyBytes(text: string): Buffer | null {
  const value = text.trim()
  const bytes = /^[\da-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : /^[A-Za-z\d+/]{43}=?$/.test(value)
      ? Buffer.from(value, 'base64')
      : null
  return bytes?.length === 32 ? bytes : null
}
