import crypto from 'node:crypto'
import type { SiteStorage, StoredSite } from './storage-contract.server.ts'
import { secretsKeyBytes } from './secrets-key.server.ts'

/**
 * Webhook secrets of the sites in storage (docs/decisions/152-webhook-secrets.md): generated here, shown once, and kept
 * sealed with AES-256-GCM under SECRETS_KEY (a random IV per secret). A sealed secret names its format version and
 * the key's id (`sealed:1:<key id>:<iv>:<ciphertext>:<tag>`), so a wrong key is said as such and a later key rotation
 * can tell old from new. A plain `whsec_` secret (stored before SECRETS_KEY, or SITES_FILE's) is read as it is.
 */

const SEALED = 'sealed:1:'

/**
 * What sealing reads of a site's entry (server/sites/site-config.server.ts has the whole shape): its webhooks' secrets.
 * Storage stands below the sites, so it names only these fields.
 */
type SecretHolder = { secret: string; oldSecret?: { secret: string; until: string } }
type EntryWithWebhooks = { leads?: { webhooks?: SecretHolder[] } }
/** How long the secret a rotation replaced still signs beside the new one. */
export const OLD_SECRET_MS = 24 * 3600 * 1000

/** A Standard Webhooks secret: `whsec_` and the base64 of 32 random bytes. */
export const generateWebhookSecret = () => `whsec_${crypto.randomBytes(32).toString('base64')}`

/** Why stored secrets cannot be read or written: the key is missing or not the one they were sealed with. */
export class SecretsKeyError extends Error {
  override name = 'SecretsKeyError'
}

export const NO_KEY =
  'webhook secrets in storage need SECRETS_KEY: 32 random bytes as hex or base64 (`openssl rand -base64 32`), the same on every origin (docs/configuration.md)'

export type SecretBox = ReturnType<typeof secretBox>

/** Seals and opens secrets with one key (SECRETS_KEY). */
export function secretBox(keyText: string) {
  const key = secretsKeyBytes(keyText)
  if (!key) throw new SecretsKeyError('SECRETS_KEY must be 32 bytes as 64 hex digits or base64')
  // The key's id: enough to tell keys apart, nothing about the key itself.
  const id = crypto.createHash('sha256').update('tradesite secrets key\0').update(key).digest('hex').slice(0, 8)
  return {
    id,
    seal(plain: string): string {
      const iv = crypto.randomBytes(12)
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(SEALED + id))
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return `${SEALED}${id}:${[iv, sealed, cipher.getAuthTag()].map((b) => b.toString('base64url')).join(':')}`
    },
    open(value: string): string {
      if (!value.startsWith(SEALED)) return value
      const [keyId, iv, sealed, tag] = value.slice(SEALED.length).split(':')
      if (keyId !== id)
        throw new SecretsKeyError(
          `webhook secrets in storage were sealed with key ${keyId}, and SECRETS_KEY is key ${id}: set the key they were sealed with`,
        )
      try {
        const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv ?? '', 'base64url'))
        decipher.setAAD(Buffer.from(SEALED + id))
        decipher.setAuthTag(Buffer.from(tag ?? '', 'base64url'))
        return Buffer.concat([decipher.update(Buffer.from(sealed ?? '', 'base64url')), decipher.final()]).toString('utf8')
      } catch {
        throw new SecretsKeyError(`a webhook secret in storage does not open with SECRETS_KEY (key ${id}): it was changed or damaged`)
      }
    },
  }
}

/** A stored entry's webhook secrets (the current one and a rotation's old one) passed through `each`. */
function mapSecrets(entry: unknown, each: (secret: string) => string): unknown {
  const hooks = (entry as EntryWithWebhooks | null)?.leads?.webhooks
  if (!Array.isArray(hooks) || !hooks.length) return entry
  const typed = entry as EntryWithWebhooks
  const webhooks = hooks.map((hook: SecretHolder) => ({
    ...hook,
    ...(typeof hook.secret === 'string' ? { secret: each(hook.secret) } : {}),
    ...(hook.oldSecret ? { oldSecret: { ...hook.oldSecret, secret: each(hook.oldSecret.secret) } } : {}),
  }))
  return { ...typed, leads: { ...typed.leads!, webhooks } }
}

const noKey = (secret: string) => {
  if (secret.startsWith(SEALED)) throw new SecretsKeyError(NO_KEY)
  return secret
}

/**
 * The sites in storage as everything else reads them (secrets open) and writes them (secrets sealed). Without a key,
 * plain secrets are read as they are, sealed ones are an error naming SECRETS_KEY, and a webhook cannot be written.
 */
export function sealedSiteStorage(sites: SiteStorage, keyText: string | undefined): SiteStorage {
  const box = keyText ? secretBox(keyText) : null
  const open = (entry: unknown) => mapSecrets(entry, box ? box.open : noKey)
  const seal = (entry: unknown) =>
    mapSecrets(entry, (secret) => {
      if (!box) throw new SecretsKeyError(NO_KEY)
      return box.seal(secret)
    })
  const opened = (list: StoredSite[]) => list.map((site) => ({ ...site, entry: open(site.entry) }))
  return {
    all: async () => opened(await sites.all()),
    some: async (ids) => opened(await sites.some(ids)),
    versions: async (site, limit) =>
      (await sites.versions(site, limit)).map((v) => ({ ...v, before: open(v.before), after: open(v.after) })),
    change: (scope, decide) =>
      sites.change(scope, (all) => {
        const { writes, result } = decide(opened(all))
        return { writes: writes.map((w) => ({ ...w, after: w.after && seal(w.after) })), result }
      }),
    listen: (onChanged, onConnection) => sites.listen(onChanged, onConnection),
    everHeld: () => sites.everHeld(),
  }
}

/** Whether any stored site has a webhook: then SECRETS_KEY is needed to start. */
export const storesWebhooks = (entries: unknown[]) =>
  entries.some((entry) => ((entry as EntryWithWebhooks | null)?.leads?.webhooks?.length ?? 0) > 0)

/** The secrets that sign a delivery now: the current one, and a rotation's old one until its time is over. */
export const signingSecrets = (hook: SecretHolder, now: number): string[] =>
  hook.oldSecret && Date.parse(hook.oldSecret.until) > now ? [hook.secret, hook.oldSecret.secret] : [hook.secret]
