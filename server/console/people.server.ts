import { z } from 'zod'
import type { ActivityAction, ConsoleStorage, Person, Role } from '../storage/console-storage.ts'
import { ROLES } from '../storage/console-storage.ts'
import { hashToken, newToken } from './tokens.server.ts'

/**
 * Who may come in, and with which access (issue 35): invitations (the command line's and the People
 * page's), a change of role or sites, revocation. One set of rules for both ways in.
 */

/** An invitation's link works once, for this long. */
export const INVITATION_MS = 24 * 3600 * 1000
/** Who did it, in the activity log, when no signed-in person did (`npm run console`). */
export const COMMAND_LINE = 'the command line'

/** A readable reason an invitation or a change of access cannot be made. */
export class AccessError extends Error {}

const emailSchema = z.string().trim().toLowerCase().pipe(z.email())

export function checkEmail(value: string): string {
  const parsed = emailSchema.safeParse(value)
  if (!parsed.success) throw new AccessError(`"${value}" is not an email address`)
  return parsed.data
}

/**
 * A role and its sites, judged against the sites served now: a contractor names at least one (each a
 * site that exists); admins and staff see every site and name none.
 */
export function checkAccess(role: string, sites: string[], knownSites: string[]): { role: Role; sites: string[] } {
  if (!(ROLES as readonly string[]).includes(role)) throw new AccessError(`the role is admin, staff or contractor, not "${role}"`)
  const wanted = [...new Set(sites.map((s) => s.trim()).filter(Boolean))]
  if (role !== 'contractor') {
    if (wanted.length) throw new AccessError(`${role === 'admin' ? 'admins' : 'staff'} see every site: name no site`)
    return { role: role as Role, sites: [] }
  }
  if (!wanted.length) throw new AccessError('a contractor sees only their own sites: name at least one')
  const unknown = wanted.filter((s) => !knownSites.includes(s))
  if (unknown.length) {
    const listed = knownSites.slice(0, 10).join(', ') + (knownSites.length > 10 ? ', …' : '')
    throw new AccessError(`no site ${unknown.map((s) => `"${s}"`).join(', ')}: the sites are ${listed}`)
  }
  return { role: 'contractor', sites: wanted }
}

/** Records what someone did: `email` is who (a person's, or the command line). */
export const recordActivity = (
  store: ConsoleStorage,
  at: number,
  email: string,
  action: ActivityAction,
  site: string | null,
  detail = '',
) => store.record({ at, email, action, site, detail })

export interface InviteRequest {
  email: string
  role: string
  sites: string[]
  /** The inviting person's email, or COMMAND_LINE. */
  invitedBy: string
  now: number
  knownSites: string[]
  consoleUrl: string
}

/** A single-use link for `email` with that access, valid INVITATION_MS; throws an AccessError for a wrong request. */
export async function invite(store: ConsoleStorage, request: InviteRequest): Promise<{ url: string; expiresAt: number; email: string }> {
  const email = checkEmail(request.email)
  const { role, sites } = checkAccess(request.role, request.sites, request.knownSites)
  const token = newToken()
  const expiresAt = request.now + INVITATION_MS
  await store.createInvitation({
    tokenHash: hashToken(token),
    email,
    role,
    sites,
    invitedBy: request.invitedBy,
    createdAt: request.now,
    expiresAt,
    usedAt: null,
  })
  await recordActivity(store, request.now, request.invitedBy, 'invited', null, `${email} as ${describeAccess({ role, sites })}`)
  return { url: `${request.consoleUrl}/invitations/${token}`, expiresAt, email }
}

/** The open invitations of `email` end now (a wrong address, a change of mind); how many there were. */
export async function endInvitations(store: ConsoleStorage, email: string, by: string, now: number): Promise<number> {
  const address = checkEmail(email)
  const ended = await store.endInvitations(address, now)
  if (ended) await recordActivity(store, now, by, 'ended-invitation', null, ended > 1 ? `${address} (${ended})` : address)
  return ended
}

/**
 * A person leaves: sessions end at once, passkeys and access go, and so do the invitations still open for their
 * address (a link sent for lost passkeys would let them back in); what they did stays in the activity log.
 * Null when the address had neither access nor an open invitation.
 */
export async function revoke(
  store: ConsoleStorage,
  email: string,
  by: string,
  now: number,
): Promise<{ person: Person | null; invitations: number } | null> {
  const invitations = await endInvitations(store, email, by, now)
  const found = await store.personByEmail(checkEmail(email))
  const person = found && (await store.deletePerson(found.id)) ? found : null
  if (person) await recordActivity(store, now, by, 'revoked', null, person.email)
  return person || invitations ? { person, invitations } : null
}

/** "contractor of acme, birch" / "staff". */
export const describeAccess = ({ role, sites }: Pick<Person, 'role' | 'sites'>) =>
  role === 'contractor' ? `contractor of ${sites.join(', ')}` : role
