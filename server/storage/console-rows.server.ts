import type { Invitation, Passkey, Person, Session } from './console-storage.ts'

/** The console's rows, the same columns in SQLite and PostgreSQL, and their mapping to the console's types. */

/** An expired invitation is kept a week, so its page says "expired" rather than "unknown". */
export const INVITATION_KEPT_MS = 7 * 24 * 3600 * 1000

/** Lists (a contractor's sites, a passkey's transports) are JSON text in both databases. */
const list = (value: string) => JSON.parse(value) as string[]

export type PersonRow = { id: string; email: string; role: Person['role']; sites: string; created_at: number }
export type PasskeyRow = {
  id: string
  person_id: string
  public_key: Buffer
  counter: number
  transports: string
  name: string
  created_at: number
  last_used_at: number | null
}
export type SessionRow = { id_hash: string; person_id: string; passkey_id: string | null; created_at: number; last_seen_at: number }
export type InvitationRow = {
  token_hash: string
  email: string
  role: Person['role']
  sites: string
  invited_by: string
  created_at: number
  expires_at: number
  used_at: number | null
}

export const toPerson = (r: PersonRow): Person => ({
  id: r.id,
  email: r.email,
  role: r.role,
  sites: list(r.sites),
  createdAt: r.created_at,
})
export const toPasskey = (r: PasskeyRow): Passkey => ({
  id: r.id,
  personId: r.person_id,
  publicKey: new Uint8Array(r.public_key),
  counter: r.counter,
  transports: list(r.transports),
  name: r.name,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
})
export const toSession = (r: SessionRow): Session => ({
  idHash: r.id_hash,
  personId: r.person_id,
  passkeyId: r.passkey_id,
  createdAt: r.created_at,
  lastSeenAt: r.last_seen_at,
})
export const toInvitation = (r: InvitationRow): Invitation => ({
  tokenHash: r.token_hash,
  email: r.email,
  role: r.role,
  sites: list(r.sites),
  invitedBy: r.invited_by,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
  usedAt: r.used_at,
})
