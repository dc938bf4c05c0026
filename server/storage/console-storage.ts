/**
 * What the console keeps (issue 35): the people who may sign in, their passkeys, their sessions, the
 * invitations that bring them in, the passkey ceremonies' challenges and the activity log. In the same
 * storage as the leads (SQLite in DATA_DIR, or PostgreSQL with DATABASE_URL), so every origin of a
 * fleet serves the same console and ending a session ends it everywhere at once. Times are epoch ms.
 * Secrets (session and invitation tokens) are stored as their SHA-256 only.
 */

export const ROLES = ['admin', 'staff', 'contractor'] as const
/** admin: everything, people included; staff: every site (read, resend, export); contractor: their sites, read. */
export type Role = (typeof ROLES)[number]

export interface Person {
  id: string
  /** Lower case: one person per address. */
  email: string
  role: Role
  /** A contractor's sites (ids as in SITES_FILE); empty for admin and staff, who see every site. */
  sites: string[]
  createdAt: number
}

export interface Passkey {
  /** The credential's id, base64url. */
  id: string
  personId: string
  publicKey: Uint8Array<ArrayBuffer>
  /** The authenticator's signature counter: one that goes backwards means a cloned key. */
  counter: number
  transports: string[]
  /** What the person calls it ("Work laptop"). */
  name: string
  createdAt: number
  lastUsedAt: number | null
}

export interface Session {
  /** SHA-256 of the cookie's token, base64url. */
  idHash: string
  personId: string
  /** The passkey that signed this session in (its name tells the person's sessions apart). */
  passkeyId: string | null
  createdAt: number
  lastSeenAt: number
}

export interface Invitation {
  /** SHA-256 of the URL's token, base64url. */
  tokenHash: string
  email: string
  role: Role
  sites: string[]
  /** Who invited: a person's email, or "the command line". */
  invitedBy: string
  createdAt: number
  expiresAt: number
  usedAt: number | null
}

export type ChallengePurpose = 'register' | 'authenticate'

export interface Challenge {
  challenge: string
  purpose: ChallengePurpose
  /** What the ceremony is for, e.g. the invitation's token hash and the new person's id (JSON). */
  subject: string
  expiresAt: number
}

export const ACTIVITY_ACTIONS = [
  'signed-in',
  'signed-out',
  'session-ended',
  'viewed-leads',
  'viewed-lead',
  'exported-leads',
  'resent-lead',
  'shared-results',
  'ended-share-link',
  'invited',
  'joined',
  'changed-access',
  'revoked',
  'ended-invitation',
  'passkey-added',
  'passkey-removed',
  'looked-up-visitor',
  'erased-visitor-data',
  'added-site',
  'changed-site',
  'removed-site',
  'restored-site',
  'created-token',
  'ended-token',
  're-enabled-destination',
  'added-webhook',
  'rotated-webhook',
  'tested-webhook',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

export interface ActivityEntry {
  id: number
  at: number
  /** Who did it (kept after the person is revoked). */
  email: string
  action: ActivityAction
  site: string | null
  /** What it was done to: a lead's id, an invited address, a role. Never a lead's content. */
  detail: string
}

export type NewActivity = Omit<ActivityEntry, 'id'>

export interface ActivityFilter {
  email?: string
  site?: string
  action?: ActivityAction
  /** Entries older than this id (pagination, newest first). */
  beforeId?: number
  limit: number
}

/** A passkey made at the end of an invitation's ceremony, for the person the invitation makes (or finds, by email). */
export type NewPasskey = Omit<Passkey, 'personId' | 'lastUsedAt'>

export interface ConsoleStorage {
  people(): Promise<Person[]>
  personById(id: string): Promise<Person | undefined>
  personByEmail(email: string): Promise<Person | undefined>
  /** Role and sites changed; false when there is no such person. */
  updatePerson(id: string, access: Pick<Person, 'role' | 'sites'>): Promise<boolean>
  /** The person, their passkeys and sessions go (their activity stays); false when there was none. */
  deletePerson(id: string): Promise<boolean>

  createInvitation(invitation: Invitation): Promise<void>
  invitationByHash(tokenHash: string): Promise<Invitation | undefined>
  /** Invitations not used yet and still valid at `now`, newest first. */
  openInvitations(now: number): Promise<Invitation[]>
  /** The open invitations of `email` end now (their links say "expired"); how many there were. */
  endInvitations(email: string, now: number): Promise<number>
  /**
   * One transaction: the invitation is marked used (only if unused and unexpired at `now`), its person is
   * made (`personId`) or, when its address is already a person's, given the invitation's role and sites,
   * and the passkey is added. Null, and nothing changed, when the invitation cannot be used.
   */
  acceptInvitation(tokenHash: string, now: number, personId: string, passkey: NewPasskey): Promise<Person | null>

  passkeys(personId: string): Promise<Passkey[]>
  passkeyById(id: string): Promise<Passkey | undefined>
  addPasskey(passkey: Passkey): Promise<void>
  renamePasskey(personId: string, id: string, name: string): Promise<boolean>
  /** The passkey goes, and the sessions it signed in with it. */
  removePasskey(personId: string, id: string): Promise<boolean>
  /** After a sign-in: its new counter; false when the stored counter was not `expected` any more (another sign-in raced it). */
  usePasskey(id: string, expected: number, counter: number, now: number): Promise<boolean>

  createSession(session: Session): Promise<void>
  session(idHash: string): Promise<Session | undefined>
  /** Marks the session seen at `now`. */
  touchSession(idHash: string, now: number): Promise<void>
  deleteSession(idHash: string): Promise<boolean>
  /** One of a person's sessions, by its hash (the "end this session" button of their account). */
  deletePersonSession(personId: string, idHash: string): Promise<boolean>
  sessions(personId: string): Promise<Session[]>
  /** Forgets sessions idle since `idleBefore` or created before `createdBefore`. */
  pruneSessions(idleBefore: number, createdBefore: number): Promise<void>

  saveChallenge(challenge: Challenge): Promise<void>
  /** The challenge's subject, once: it is deleted whether or not it was still valid at `now`. */
  takeChallenge(challenge: string, purpose: ChallengePurpose, now: number): Promise<string | null>

  record(entry: NewActivity): Promise<void>
  activity(filter: ActivityFilter): Promise<ActivityEntry[]>
  /** Deletes challenges expired at `now` (every minute: a client's challenges never pile up); answers how many. */
  sweepChallenges(now: number): Promise<number>
  /** Deletes activity from before `activityBefore` and invitations a week past their expiry. */
  prune(now: number, activityBefore: number): Promise<void>
}
