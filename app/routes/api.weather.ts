import { firstOf } from '#app/record/contact-links.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import type { Route } from './+types/api.weather'

/** Current conditions at the business location; answered within the weather service's own timeout. */
export async function loader({ context }: Route.LoaderArgs) {
  const { address, mapUrl } = firstOf(await currentRecord(context))
  const result = await context.services.weather.current({ address, mapUrl })
  const cacheControl = result.status === 'ok' ? 'public, max-age=300' : 'no-store'
  return Response.json(result, { headers: { 'Cache-Control': cacheControl } })
}
