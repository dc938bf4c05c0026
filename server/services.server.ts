import { relayTiming, type Env } from './env.server.ts'
import { startDemoProvider } from './demo-provider.server.ts'
import { createLeadService } from './leads/lead-service.server.ts'
import { createRecordSource } from './record-source.server.ts'
import { createRenderCache } from './render-cache.server.ts'
import { openStorage } from './storage/storage.server.ts'
import { createVisitStore } from './visits/visit-store.server.ts'
import { createWeatherService, weatherEndpoints } from './weather/weather-service.server.ts'

/** Everything long-lived the server runs: started once, handed to every request. */
export async function startServices(env: Env) {
  // First, so an unreachable database stops the start before anything else runs.
  const storage = await openStorage({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, defaultSite: env.PAGE_ID })
  console.info(`[storage] ${storage.kind} ${storage.location}`)
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
  const leads = createLeadService({
    store: storage.leads,
    pageId: env.PAGE_ID,
    getRecord: () => records.current().record,
    siteUrl: env.SITE_URL,
    relayTiming: relayTiming(env),
  })
  // A record that gains a relay address releases the leads held while it had none.
  records.onChange(() => leads.releaseHeldInBackground())
  const visits = createVisitStore({ storage: storage.visits, site: env.PAGE_ID })
  return {
    env,
    records,
    storage,
    leads,
    renderCache: createRenderCache(),
    visits,
    weather: createWeatherService(weatherEndpoints(env)),
    async close() {
      records.stop()
      await leads.close()
      await storage.close()
      demo?.close()
    },
  }
}

export type AppServices = Awaited<ReturnType<typeof startServices>>
