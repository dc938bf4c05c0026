import type { Route } from './+types/site-leads-csv'
import { requireSiteAccess } from '#server/console/authorize.server.ts'
import { recordActivity } from '#server/console/people.server.ts'
import { leadsCsvStream } from '#server/leads/leads-csv.server.ts'

/**
 * Every lead of the site as CSV (staff and admins), the same columns as `npm run leads -- --csv`, streamed as it is read
 * (constant memory for any number of leads); in the activity log.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site, person } = await requireSiteAccess(ctx, request, params.siteId, 'export')
  const { leads } = ctx.services.storage
  // A HEAD (a link checker, a download manager's probe) exports nothing: only a GET is an export.
  if (request.method === 'GET') {
    const count = await leads.leadTotal(site.id)
    await recordActivity(ctx.store, ctx.now(), person.email, 'exported-leads', site.id, `${count} lead(s)`)
  }
  const day = new Date(ctx.now()).toISOString().slice(0, 10)
  return new Response(request.method === 'GET' ? leadsCsvStream(leads, site.id) : null, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${site.id}-${day}.csv"`,
    },
  })
}
