import path from 'node:path'
import { recordImageUrls } from '#app/record/record-images.ts'
import type { Env } from './env.server.ts'
import { startDemoProvider } from './demo-provider.server.ts'
import { createImageFetcher, isLocalHost } from './images/fetch-image.server.ts'
import { createImageStore } from './images/image-store.server.ts'
import { createLocalRecordView } from './images/local-record.server.ts'
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
  const images = createImageStore({
    dataDir: env.DATA_DIR,
    maxDiskBytes: env.IMAGE_DISK_MB * 1e6,
    fetchImage: createImageFetcher({
      timeoutMs: env.IMAGE_TIMEOUT_MS,
      maxBytes: IMAGE_MAX_BYTES,
      // Loopback and private hosts only when the provider itself is local (the embedded demo, tests).
      allowPrivateAddresses: isLocalHost(apiUrl),
      publicDir: path.resolve('public'),
    }),
  })
  images.register(env.PAGE_ID, () => (records.current().origin === 'empty' ? null : recordImageUrls(records.current().record)))
  records.onChange(() => images.sync())
  await records.start()
  console.info(`[record] ${demo ? 'demo provider' : 'provider'} ${records.endpoint}: ${records.current().origin}`)
  images.sync()
  // Images that failed (host down, too slow) are tried again; ready ones are never fetched twice.
  const imageRetry = setInterval(() => images.sync(), Math.max(env.RECORD_TTL_SECONDS, 30) * 1000)
  imageRetry.unref()
  const leads = createLeadService({ dataDir: env.DATA_DIR, pageId: env.PAGE_ID, getRecord: () => records.current().record, siteUrl: env.SITE_URL })
  // A record that gains a relay address releases the leads held while it had none.
  records.onChange(() => leads.releaseHeldIfConfigured())
  const visits = createVisitStore({ dataDir: env.DATA_DIR })
  return {
    env,
    records,
    /** The record with its images on our origin: what every page renders. */
    pageSnapshot: createLocalRecordView(records.current, images),
    images,
    leads,
    renderCache: createRenderCache(),
    visits,
    weather: createWeatherService(weatherEndpoints(env)),
    async close() {
      records.stop()
      clearInterval(imageRetry)
      await leads.close()
      visits.close()
      demo?.close()
    },
  }
}

/** Phone photos are ~4 MB; anything past this is not a photo we want to fetch. */
const IMAGE_MAX_BYTES = 30 * 1024 * 1024

export type AppServices = Awaited<ReturnType<typeof startServices>>
