import { absoluteUrl } from '#app/record/absolute-url.ts'
import type { Route } from './+types/robots[.]txt'

export function loader({ context }: Route.LoaderArgs) {
  const body = `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${absoluteUrl(context.siteUrl, '/sitemap.xml')}\n`
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } })
}
