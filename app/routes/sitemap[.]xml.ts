import { absoluteUrl } from '#app/record/absolute-url.ts'
import { currentSnapshot } from '#app/record/current-record.server.ts'
import { sitePaths } from '#app/record/site-paths.ts'
import type { Route } from './+types/sitemap[.]xml'

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`)

export async function loader({ context }: Route.LoaderArgs) {
  const { record, fetchedAt } = await currentSnapshot(context)
  const lastmod = fetchedAt ? `<lastmod>${fetchedAt.slice(0, 10)}</lastmod>` : ''
  const urls = sitePaths(record).map((p) => `<url><loc>${escapeXml(absoluteUrl(context.siteUrl, p))}</loc>${lastmod}</url>`)
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300' } })
}
