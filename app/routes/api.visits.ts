import type { Route } from './+types/api.visits'

const noStore = { 'Cache-Control': 'no-store' }

/** GET: the counts, without counting anything. */
export async function loader({ context }: Route.LoaderArgs) {
  return Response.json(await context.services.visits.counts(), { headers: noStore })
}

/**
 * POST: a visit (the floating widgets send it once per page view), answered with the counts. One
 * client counts once a day; the gate limits how often it may post at all (server/gate/post-guards.server.ts).
 * Only same-site JSON posts count: a cross-site page cannot send one without a CORS preflight.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return Response.json({ error: 'POST only' }, { status: 405, headers: { Allow: 'GET, POST' } })
  const sameSite = (request.headers.get('Sec-Fetch-Site') ?? 'same-origin') !== 'cross-site'
  if (!sameSite || !request.headers.get('Content-Type')?.startsWith('application/json')) {
    return Response.json({ error: 'Send a same-site JSON post' }, { status: 415, headers: noStore })
  }
  return Response.json(await context.services.visits.recordView(request.headers.get('User-Agent'), context.clientIp), { headers: noStore })
}
