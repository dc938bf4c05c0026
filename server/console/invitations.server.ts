import type { ConsoleContext } from './console-context.ts'
import type { Invitation } from '../storage/console-storage.ts'
import { hashToken } from './tokens.server.ts'

/**
 * The invitation a link's token names, while it can still be used; null for an unknown, used or expired
 * one, which counts as an attempt ('too many' past the client's limit: guessing tokens is slowed down).
 */
export async function usableInvitation(ctx: ConsoleContext, token: string): Promise<Invitation | null | 'too many'> {
  const invitation = /^[\w-]{20,100}$/.test(token) ? await ctx.store.invitationByHash(hashToken(token)) : undefined
  if (invitation && invitation.usedAt === null && invitation.expiresAt > ctx.now()) return invitation
  return (await ctx.attempt('invitation')) ? null : 'too many'
}
