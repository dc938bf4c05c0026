import crypto from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { secretsKeyBytes } from './secrets-key.server.ts'
import { generateWebhookSecret, secretBox, signingSecrets, SecretsKeyError } from './webhook-secrets.server.ts'
import { webhookSecret } from '../config/config-fields.server.ts'

const key = crypto.randomBytes(32).toString('base64')

describe('webhook secrets sealed with SECRETS_KEY', () => {
  test('a generated secret is a Standard Webhooks secret; sealed it opens again, each time under a new IV, naming the key', () => {
    const secret = generateWebhookSecret()
    expect(webhookSecret.safeParse(secret).success).toBe(true)
    const box = secretBox(key)
    const [a, b] = [box.seal(secret), box.seal(secret)]
    expect(a).not.toBe(b)
    expect(a).toMatch(new RegExp(`^sealed:1:${box.id}:`))
    expect(a).not.toContain(secret.slice(6, 20))
    expect(box.open(a)).toBe(secret)
    expect(secretBox(Buffer.from(key, 'base64').toString('hex')).open(b)).toBe(secret) // the same key written in hex
    expect(box.open(secret)).toBe(secret) // plain (stored before SECRETS_KEY): read as it is
  })

  test('another key, or a changed secret, is refused with words that say which', () => {
    const sealed = secretBox(key).seal(generateWebhookSecret())
    const other = secretBox(crypto.randomBytes(32).toString('hex'))
    expect(() => other.open(sealed)).toThrow(SecretsKeyError)
    expect(() => other.open(sealed)).toThrow(/sealed with key [\da-f]{8}, and SECRETS_KEY is key [\da-f]{8}/)
    const parts = sealed.split(':')
    parts[4] = Buffer.from('x'.repeat(20)).toString('base64url')
    expect(() => secretBox(key).open(parts.join(':'))).toThrow(/does not open with SECRETS_KEY/)
  })

  test('SECRETS_KEY is 32 bytes, as hex or base64', () => {
    expect(secretsKeyBytes('ab'.repeat(32))).toHaveLength(32)
    expect(secretsKeyBytes(key)).toHaveLength(32)
    for (const wrong of ['', 'ab'.repeat(16), crypto.randomBytes(16).toString('base64'), 'secret'])
      expect(secretsKeyBytes(wrong)).toBeNull()
  })

  test('a rotation’s old secret signs until its time, not after', () => {
    const hook = { url: 'https://crm.example/hook', secret: 'new', oldSecret: { secret: 'old', until: '2026-03-02T00:00:00.000Z' } }
    expect(signingSecrets(hook, Date.parse('2026-03-01T23:59:59Z'))).toEqual(['new', 'old'])
    expect(signingSecrets(hook, Date.parse('2026-03-02T00:00:00Z'))).toEqual(['new'])
  })
})
