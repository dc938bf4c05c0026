import { redirect } from 'react-router'
import type { Route } from './+types/site-index'
import { requireSiteAccess } from '#server/console/authorize.server.ts'

/** A site's address opens its leads (after the same check as every part of it). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { site } = await requireSiteAccess(context.console, request, params.siteId, 'read')
  throw redirect(`/sites/${encodeURIComponent(site.id)}/leads`)
}

/** Never shown (the loader always redirects or refuses); it makes a refusal the console's 404 page, not a bare answer. */
export default function SiteIndex() {
  return null
}
