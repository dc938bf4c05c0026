import type { Env } from './env.server.ts'
import { startDemoProvider } from './demo-provider.server.ts'
import { createLeadDesk, createLeadService } from './leads/lead-service.server.ts'
import { createPageCache } from './pages/page-cache.server.ts'
import { sitePrefix } from './pages/page-key.server.ts'
import { createRecordSource } from './record-source.server.ts'
import { loadSiteConfigs, siteResolver, type SiteConfig } from './sites/site-config.server.ts'
import { createVisitStore } from './visits/visit-store.server.ts'
import { createWeatherService, weatherEndpoints } from './weather/weather-service.server.ts'

/** Sites whose first record fetch runs at the same time at start-up. */
const STARTUP_FETCHES = 8

/**
 * Everything long-lived the server runs, started once: one `Site` per contractor (its record,
 * leads and visits) over one lead store, one relay outbox, one visits database and one page cache.
 */
export async function startServices(env: Env) {
  const configs = loadSiteConfigs(env)
  const demo = env.PAGE_API_URL ? null : await startDemoProvider()
  const defaultApiUrl = env.PAGE_API_URL ?? demo!.apiUrl
  const leadDesk = createLeadDesk(env.DATA_DIR)
  const pages = createPageCache(env.PAGE_CACHE_MB * 1024 * 1024)
  const weather = createWeatherService(weatherEndpoints(env))

  function createSite(config: SiteConfig) {
    const records = createRecordSource({
      apiUrl: config.pageApiUrl ?? defaultApiUrl,
      pageId: config.pageId,
      ttlSeconds: env.RECORD_TTL_SECONDS,
      timeoutMs: env.RECORD_TIMEOUT_MS,
      dataDir: env.DATA_DIR,
    })
    const leads = createLeadService({ dataDir: env.DATA_DIR, pageId: config.pageId, getRecord: () => records.current().record, siteUrl: config.siteUrl, shared: leadDesk })
    records.onChange(() => {
      pages.dropPrefix(sitePrefix(config.id)) // the old version's pages will never be asked for again
      leads.releaseHeldIfConfigured() // a record that gains a relay address releases the leads held while it had none
    })
    const visits = createVisitStore({ dataDir: env.DATA_DIR, site: config.id })
    return { id: config.id, config, records, leads, visits, weather }
  }

  const sites = configs.map(createSite)
  await inBatches(sites, STARTUP_FETCHES, async (site) => {
    await site.records.start()
    const { origin } = site.records.current()
    console.info(`[record] ${site.id}: ${demo ? 'demo provider' : 'provider'} ${site.records.endpoint}: ${origin}`)
    site.leads.releaseHeldIfConfigured()
  })
  leadDesk.outbox.start()

  return {
    env,
    sites,
    /** The site a request's host name belongs to, if any. */
    siteFor: siteResolver(sites),
    pages,
    async close() {
      for (const site of sites) {
        site.records.stop()
        site.visits.close()
      }
      await leadDesk.outbox.stop()
      leadDesk.store.close()
      demo?.close()
    },
  }
}

export type AppServices = Awaited<ReturnType<typeof startServices>>
/** One contractor's site: what a request's loaders and actions see as `context.services`. */
export type Site = AppServices['sites'][number]

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run))
}
