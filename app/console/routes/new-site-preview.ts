import type { Route } from './+types/new-site-preview'
import { notFound, requireAdmin } from '#server/console/authorize.server.ts'
import { previewDocument } from '#server/console/report-documents.server.ts'
import { previewRecord } from '#server/console/site-preview.server.ts'

/** Add a site's framed preview: the record report of the page id's record, fetched now (the page's own fetch, kept a minute). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = context.console
  await requireAdmin(ctx, request)
  const query = new URL(request.url).searchParams
  const preview = await previewRecord(ctx.services, query.get('pageId') ?? '', query.get('pageApiUrl') ?? '', ctx.now())
  if ('error' in preview) notFound()
  return previewDocument(preview.report)
}
