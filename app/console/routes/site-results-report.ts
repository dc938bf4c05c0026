import type { Route } from './+types/site-results-report'
import { notFound, requireSiteAccess } from '#server/console/authorize.server.ts'
import { resultMonths, resultsDocument } from '#server/console/report-documents.server.ts'

/** The month's results page of `npm run results -- --html`, for the Results tab's frame. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site } = await requireSiteAccess(ctx, request, params.siteId, 'read')
  const month = new URL(request.url).searchParams.get('month') ?? ''
  if (!resultMonths(site, ctx.now()).includes(month)) notFound()
  return resultsDocument(ctx.services, site, month, ctx.now())
}
