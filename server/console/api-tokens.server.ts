import { randomUUID } from 'node:crypto'
import type { ApiToken, ApiTokenStorage } from '../storage/storage-contract.server.ts'
import type { ConsoleStorage } from '../storage/console-storage.ts'
import { AccessError, checkAccess, recordActivity } from './people.server.ts'
import { hashToken, newToken } from './tokens.server.ts'

/**
 * The console API's tokens (issue 42): each carries a role and sites exactly as a person's would (checkAccess, the
 * invitations' rule), is shown once when made, and only its hash is stored. Activity names a token's writes
 * `token NAME`.
 */

/** What marks our tokens in a leaked file, so secret scanners can spot them. */
const PREFIX = 'tsapi_'
/** Last use is written at most this often per token: not a write per request. */
const TOUCH_EVERY_MS = 60_000

const NAME = /^[\w.-]{1,60}$/

/** Who a token's writes are by, in Activity and in a site's history. */
export const tokenActor = (token: Pick<ApiToken, 'name'>) => `token ${token.name}`

export async function createApiToken(
  tokens: ApiTokenStorage,
  activity: ConsoleStorage,
  request: { name: string; role: string; sites: string[]; createdBy: string; knownSites: string[]; now: number },
): Promise<{ token: ApiToken; secret: string }> {
  if (!NAME.test(request.name)) throw new AccessError('a token’s name is 1 to 60 letters, digits, _, . or -')
  const access = checkAccess(request.role, request.sites, request.knownSites)
  const secret = PREFIX + newToken()
  const token: ApiToken = {
    id: randomUUID(),
    name: request.name,
    ...access,
    createdBy: request.createdBy,
    createdAt: request.now,
    lastUsedAt: null,
  }
  if (!(await tokens.create(token, hashToken(secret)))) throw new AccessError(`a token named "${request.name}" exists already`)
  await recordActivity(activity, request.now, request.createdBy, 'created-token', null, `${token.name} (${token.role})`)
  return { token, secret }
}

export async function endApiToken(tokens: ApiTokenStorage, activity: ConsoleStorage, name: string, by: string, now: number) {
  const token = (await tokens.list()).find((t) => t.name === name)
  if (!token || !(await tokens.end(token.id))) return false
  await recordActivity(activity, now, by, 'ended-token', null, token.name)
  return true
}

/** The token an `Authorization: Bearer …` header carries, or undefined (none, malformed, unknown or ended). */
export async function tokenOf(tokens: ApiTokenStorage, authorization: string | undefined, now: number): Promise<ApiToken | undefined> {
  const match = /^Bearer ([\w-]{1,100})$/i.exec(authorization?.trim() ?? '')
  if (!match?.[1]!.startsWith(PREFIX)) return undefined
  const token = await tokens.byHash(hashToken(match[1]!))
  if (token && now - (token.lastUsedAt ?? 0) > TOUCH_EVERY_MS) await tokens.touch(token.id, now)
  return token
}
