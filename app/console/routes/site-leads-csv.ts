import type { Route } from './+types/site-leads-csv'
import { requireSiteAccess } from '#server/console/authorize.server.ts'
import { recordActivity } from '#server/console/people.server.ts'
import { leadsCsv } from '#server/leads/leads-csv.server.ts'

/** Every lead of the site as CSV (staff and admins), the same columns as `npm run leads -- --csv`; in the activity log. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site, person } = await requireSiteAccess(ctx, request, params.siteId, 'export')
  const rows = await ctx.services.storage.leads.listLeads({ site: site.id })
  // A HEAD (a link checker, a download manager's probe) exports nothing: only a GET is an export.
  if (request.method === 'GET')
    await recordActivity(ctx.store, ctx.now(), person.email, 'exported-leads', site.id, `${rows.length} lead(s)`)
  const day = new Date(ctx.now()).toISOString().slice(0, 10)
  return new Response(leadsCsv(rows), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${site.id}-${day}.csv"`,
    },
  })
}
