import type { ConsoleContext } from './console-context.ts'
import type { Person, Session } from '../storage/console-storage.ts'
import { hashToken, newToken } from './tokens.server.ts'

/** A session left alone this long ends. */
export const IDLE_MS = 12 * 3600 * 1000
/** However busy, a session ends this long after its sign-in. */
export const ABSOLUTE_MS = 7 * 24 * 3600 * 1000
/** A session's last sight is written at most this often (every request would otherwise write). */
const TOUCH_MS = 5 * 60 * 1000

export type SignedIn = { person: Person; session: Session }

type Ctx = Pick<ConsoleContext, 'store' | 'config' | 'now'>

function cookieToken(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim() || undefined
  }
  return undefined
}

/** HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Secure and `__Host-` on https. */
function cookie(ctx: Ctx, value: string, maxAgeSeconds: number) {
  const secure = ctx.config.secure ? '; Secure' : ''
  return `${ctx.config.cookie}=${value}; Path=/; HttpOnly; SameSite=Strict; Max-Age=${maxAgeSeconds}${secure}`
}

/** The person signed in by this request's cookie, or null: no cookie, an unknown, ended, idle or too old session. */
export async function signedIn(ctx: Ctx, request: Request): Promise<SignedIn | null> {
  const token = cookieToken(request, ctx.config.cookie)
  if (!token) return null
  const idHash = hashToken(token)
  const session = await ctx.store.session(idHash)
  if (!session) return null
  const now = ctx.now()
  if (now - session.lastSeenAt >= IDLE_MS || now - session.createdAt >= ABSOLUTE_MS) {
    await ctx.store.deleteSession(idHash)
    return null
  }
  const person = await ctx.store.personById(session.personId)
  if (!person) return null
  if (now - session.lastSeenAt >= TOUCH_MS) await ctx.store.touchSession(idHash, now)
  return { person, session }
}

/**
 * Signs `personId` in: a new session with a new id (the one this request carried, if any, ends: a
 * session id is never kept across a sign-in). Answers the Set-Cookie header.
 */
export async function startSession(ctx: Ctx, request: Request, personId: string, passkeyId: string | null): Promise<string> {
  const old = cookieToken(request, ctx.config.cookie)
  if (old) await ctx.store.deleteSession(hashToken(old))
  const token = newToken()
  const now = ctx.now()
  await ctx.store.createSession({ idHash: hashToken(token), personId, passkeyId, createdAt: now, lastSeenAt: now })
  return cookie(ctx, token, ABSOLUTE_MS / 1000)
}

/** Signs out: the session ends in storage (on every origin at once); answers the Set-Cookie header that clears it. */
export async function endSession(ctx: Ctx, request: Request): Promise<string> {
  const token = cookieToken(request, ctx.config.cookie)
  if (token) await ctx.store.deleteSession(hashToken(token))
  return cookie(ctx, '', 0)
}
