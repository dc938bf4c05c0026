import type { Route } from './+types/site-record-report'
import { requireSiteAccess } from '#server/console/authorize.server.ts'
import { recordDocument } from '#server/console/report-documents.server.ts'

/** The record report page of `npm run record -- check --html`, for the Record tab's frame. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = context.console
  const { site } = await requireSiteAccess(ctx, request, params.siteId, 'read')
  return recordDocument(ctx.services, site)
}
