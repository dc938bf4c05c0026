import { redirect } from 'react-router'
import type { Route } from './+types/site-index'
import { requireSiteAccess } from '#server/console/authorize.server.ts'
import { reenableFromForm } from '#server/console/destination-troubles.server.ts'

/** A site's address opens its leads (after the same check as every part of it). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { site } = await requireSiteAccess(context.console, request, params.siteId, 'read')
  throw redirect(`/sites/${encodeURIComponent(site.id)}/leads`)
}

/** A paused lead destination re-enabled (the site's "needs attention" panel, on every part of the site). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return reenableFromForm(context.console, request, params.siteId)
}

/** Never shown (the loader always redirects or refuses); it makes a refusal the console's 404 page, not a bare answer. */
export default function SiteIndex() {
  return null
}
