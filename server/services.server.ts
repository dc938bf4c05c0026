import path from 'node:path'
import { recordImageUrls } from '#app/record/record-images.ts'
import { relayTiming, type Env } from './env.server.ts'
import { startDemoProvider } from './demo-provider.server.ts'
import { createImageFetcher, IMAGE_MAX_BYTES } from './images/fetch-image.server.ts'
import { createImageStore } from './images/image-store.server.ts'
import { createLocalRecordView } from './images/local-record.server.ts'
import { createLeadService } from './leads/lead-service.server.ts'
import { createRelayOutbox } from './leads/relay-outbox.server.ts'
import { createPageCache } from './pages/page-cache.server.ts'
import { sitePrefix } from './pages/page-key.server.ts'
import { createOutboundClient } from './outbound/outbound-client.server.ts'
import { createRecordSource } from './record-source.server.ts'
import { siteRecordReport } from './record-report.server.ts'
import { loadSiteConfigs, siteResolver, type SiteConfig } from './sites/site-config.server.ts'
import { openStorage } from './storage/storage.server.ts'
import { createVisitStore } from './visits/visit-store.server.ts'
import { createWeatherService, weatherEndpoints } from './weather/weather-service.server.ts'
import { urlForLog } from './log-safe.server.ts'

/** Sites whose first record fetch runs at the same time at start-up. */
const STARTUP_FETCHES = 8

/**
 * Everything long-lived the server runs, started once: one `Site` per contractor (its record,
 * leads and visits) over one storage (SQLite or PostgreSQL), one relay outbox, one image store and one page cache.
 */
export async function startServices(env: Env) {
  const configs = loadSiteConfigs(env)
  // Before anything else runs, so an unreachable database stops the start with a clear message.
  const storage = await openStorage({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, defaultSite: configs[0]!.id })
  console.info(`[storage] ${storage.kind} ${storage.location}`)
  const demo = env.PAGE_API_URL ? null : await startDemoProvider()
  const defaultApiUrl = env.PAGE_API_URL ?? demo!.apiUrl
  // Every URL a record names (relay, images) and every provider call goes through this one client:
  // public addresses, or exactly the origins the operator configured (docs/decisions/070-outbound-client.md).
  const outbound = createOutboundClient({
    allowOrigins: [...configs.map((config) => config.pageApiUrl ?? defaultApiUrl), ...env.OUTBOUND_ALLOW_ORIGINS],
  })
  // One outbox for every site: each lead carries its own relay URL, frozen when it was stored.
  const outbox = createRelayOutbox({ store: storage.leads, outbound, timing: relayTiming(env) })
  const pages = createPageCache(env.PAGE_CACHE_MB * 1024 * 1024)
  const weather = createWeatherService(weatherEndpoints(env))
  // One image store for every site: variants are content-addressed, so a photo two sites share is kept once.
  const images = createImageStore({
    dataDir: env.DATA_DIR,
    maxDiskBytes: env.IMAGE_DISK_MB * 1e6,
    fetchImage: createImageFetcher(outbound, {
      timeoutMs: env.IMAGE_TIMEOUT_MS,
      maxBytes: IMAGE_MAX_BYTES,
      publicDir: path.resolve('public'),
    }),
  })

  function createSite(config: SiteConfig) {
    const records = createRecordSource({
      apiUrl: config.pageApiUrl ?? defaultApiUrl,
      pageId: config.pageId,
      ttlSeconds: env.RECORD_TTL_SECONDS,
      timeoutMs: env.RECORD_TIMEOUT_MS,
      maxBytes: env.RECORD_MAX_MB * 1024 * 1024,
      outbound,
      dataDir: env.DATA_DIR,
    })
    const leads = createLeadService({
      store: storage.leads,
      outbox,
      pageId: config.pageId,
      site: config.id,
      getRecord: () => records.current().record,
      siteUrl: config.siteUrl,
    })
    const report = siteRecordReport(config.id, records, images)
    images.register(config.id, () => (records.current().origin === 'empty' ? null : recordImageUrls(records.current().record)))
    records.onChange(() => {
      pages.dropPrefix(sitePrefix(config.id)) // the old version's pages will never be asked for again
      images.sync()
      leads.releaseHeldInBackground() // a record that gains a relay address releases the leads held while it had none
      // Fire and forget: one log line, once this version's pictures are tried; a failure is logged, never unhandled.
      report.logWhenSettled().catch((e: unknown) => console.error(`[record] ${config.id}: the version's report failed`, String(e)))
    })
    const visits = createVisitStore({ storage: storage.visits, site: config.id, seen: storage.rateLimits })
    /** The record with its images on our origin: what every page renders (its version changes as photos become ready). */
    const pageSnapshot = createLocalRecordView(records.current, images)
    return { id: config.id, config, records, pageSnapshot, leads, visits, weather, report }
  }

  const sites = configs.map(createSite)
  await inBatches(sites, STARTUP_FETCHES, async (site) => {
    await site.records.start()
    const { origin } = site.records.current()
    console.info(`[record] ${site.id}: ${demo ? 'demo provider' : 'provider'} ${urlForLog(site.records.endpoint)}: ${origin}`)
    site.leads.releaseHeldInBackground()
  })
  outbox.start()
  images.sync()
  // Images that failed (host down, too slow) are tried again when their backoff is due; ready ones are never fetched twice.
  const imageRetry = setInterval(() => images.sync(), Math.max(env.RECORD_TTL_SECONDS, 30) * 1000)
  imageRetry.unref()

  return {
    env,
    sites,
    storage,
    images,
    /** The site a request's host name belongs to, if any. */
    siteFor: siteResolver(sites),
    pages,
    async close() {
      clearInterval(imageRetry)
      images.close() // first and synchronous: the finished images' manifest is on disk before anything awaits
      for (const site of sites) site.records.stop()
      await outbox.stop()
      await storage.close()
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
