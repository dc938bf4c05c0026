import { createHash } from 'node:crypto'
import type { DestinationTrouble } from '../storage/lead-store.server.ts'
import { urlForLog } from '../observability/log-safe.server.ts'
import type { Site } from '../services.server.ts'
import { requireSiteAccess } from './authorize.server.ts'
import type { ConsoleContext } from './console-context.ts'
import { recordActivity } from './people.server.ts'

/**
 * A site's destinations that "need attention" (server/leads/delivery-outbox.server.ts): failed and not
 * delivered since, or paused after a 410 until someone re-enables them here. The page never carries a
 * webhook's whole address (its path or query may be the CRM's key): each is named by its origin and path,
 * and the form by a digest of it.
 */

export interface TroubleView {
  /** What the form names: a digest of the destination, never its address. */
  id: string
  kind: 'email' | 'webhook' | 'relay'
  where: string
  paused: boolean
  since: number
  lastError: string
}

const troubleId = (t: Pick<DestinationTrouble, 'kind' | 'target'>) =>
  createHash('sha256').update(`${t.kind}\n${t.target}`).digest('base64url').slice(0, 22)

const toView = (t: DestinationTrouble): TroubleView => ({
  id: troubleId(t),
  kind: t.kind,
  where: t.kind === 'webhook' ? urlForLog(t.target) : t.target.split(',').join(', '),
  paused: t.paused,
  since: t.since,
  lastError: t.lastError,
})

export async function siteTroubles(ctx: ConsoleContext, site: Site): Promise<TroubleView[]> {
  return (await ctx.services.storage.leads.troubles(site.id)).map(toView)
}

/** The re-enable button (staff and admins): the destination's pause ends and its waiting leads go now. */
export async function reenableFromForm(ctx: ConsoleContext, request: Request, siteId: string | undefined) {
  const { person, site } = await requireSiteAccess(ctx, request, siteId, 'resend')
  const asked = (await request.formData()).get('destination')
  const trouble = (await ctx.services.storage.leads.troubles(site.id)).find((t) => t.paused && troubleId(t) === asked)
  if (!trouble) return { reenabled: null, error: 'This destination is not paused (any more): nothing to re-enable.' }
  const waiting = await ctx.services.outbox.reenable(trouble)
  await recordActivity(ctx.store, ctx.now(), person.email, 're-enabled-destination', site.id, `${trouble.kind} ${toView(trouble).where}`)
  return { reenabled: troubleId(trouble), waiting, error: null }
}
