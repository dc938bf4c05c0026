import type { Env } from './env.server.ts'
import { startDemoProvider } from './demo-provider.server.ts'
import { createLeadService } from './leads/lead-service.server.ts'
import { createRecordSource } from './record-source.server.ts'
import { createRenderCache } from './render-cache.server.ts'
import { createVisitStore } from './visits/visit-store.server.ts'
import { createWeatherService, weatherEndpoints } from './weather/weather-service.server.ts'

/** Everything long-lived the server runs: started once, handed to every request. */
export async function startServices(env: Env) {
  const demo = env.PAGE_API_URL ? null : await startDemoProvider()
  const apiUrl = env.PAGE_API_URL ?? demo!.apiUrl
  const records = createRecordSource({
    apiUrl,
    pageId: env.PAGE_ID,
    ttlSeconds: env.RECORD_TTL_SECONDS,
    timeoutMs: env.RECORD_TIMEOUT_MS,
    dataDir: env.DATA_DIR,
  })
  await records.start()
  console.info(`[record] ${demo ? 'demo provider' : 'provider'} ${records.endpoint}: ${records.current().origin}`)
  const leads = createLeadService({ dataDir: env.DATA_DIR, pageId: env.PAGE_ID, getRecord: () => records.current().record, siteUrl: env.SITE_URL })
  // A record that gains a relay address releases the leads held while it had none.
  records.onChange(() => leads.releaseHeldIfConfigured())
  const visits = createVisitStore({ dataDir: env.DATA_DIR })
  return {
    env,
    records,
    leads,
    renderCache: createRenderCache(),
    visits,
    weather: createWeatherService(weatherEndpoints(env)),
    async close() {
      records.stop()
      await leads.close()
      visits.close()
      demo?.close()
    },
  }
}

export type AppServices = Awaited<ReturnType<typeof startServices>>
