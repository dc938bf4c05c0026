import { afterAll, beforeAll, expect, test } from 'vitest'
import { openStorage } from '#server/storage/storage.server.ts'
import { acmeRecord, contactPoster, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { startFakeRelay } from './fake-relay.ts'
import { phonePhoto, pngLogo, startImageHost } from './image-host.ts'
import { ensureBuilt, startSite } from './site-server.ts'

// A record names servers inside (other loopback ports) that the operator never configured: the
// production server must reach none of them, and a provider's hostile answer must not stop it.
let provider: Awaited<ReturnType<typeof startFakeProvider>>
let insideRelay: Awaited<ReturnType<typeof startFakeRelay>>
let insideImages: Awaited<ReturnType<typeof startImageHost>>
let site: Awaited<ReturnType<typeof startSite>>
let record: ReturnType<typeof hostileRecord>

const MB = 1024 * 1024
const hostileRecord = () => ({
  ...acmeRecord(insideRelay.url),
  dbPrincipal: { ...acmeRecord().dbPrincipal, logo: `${new URL(provider.url).origin}/logo.png` }, // the provider's own origin
  gallery: [insideImages.url('/secret.jpg')],
})
const health = async () => (await site.get('/healthz')).json()

beforeAll(async () => {
  ensureBuilt()
  insideRelay = await startFakeRelay()
  insideImages = await startImageHost({ '/secret.jpg': { type: 'image/jpeg', body: await phonePhoto() } })
  provider = await startFakeProvider({ kind: 'status', status: 503 }, { '/logo.png': { type: 'image/png', body: await pngLogo() } })
  record = hostileRecord()
  provider.set({ kind: 'ok', record })
  site = await startSite({ PAGE_API_URL: provider.url, RECORD_TTL_SECONDS: '1' })
}, 180_000)
afterAll(async () => {
  await site?.stop()
  await provider?.close()
  await insideRelay?.close()
  await insideImages?.close()
})

test('a lead for a relay on a loopback port the operator did not configure is stored, never sent, with the reason', async () => {
  expect((await contactPoster(site)(validLead)).status).toBe(200)
  const storage = await openStorage({ dataDir: site.dataDir, defaultSite: 'demo' })
  try {
    await expect
      .poll(async () => (await storage.leads.listLeads())[0])
      .toMatchObject({
        lead: { email: validLead.email },
        deliveries: [{ kind: 'relay', target: insideRelay.url, state: 'failed', lastError: 'refused: 127.0.0.1 is a loopback address' }],
      })
  } finally {
    await storage.close()
  }
  expect(insideRelay.requests).toEqual([])
})

test('an image on a private address is refused while the provider’s own origin serves its picture', async () => {
  // Longer than the suite's bound: the refused image and the served one are each tried, and the served one encoded.
  await expect.poll(async () => (await health()).images, { timeout: 30_000 }).toMatchObject({ ready: 1, failed: 1, pending: 0 })
  expect(insideImages.requests).toEqual([])
  // The health count and the log line are written one after the other: read the log until the line is there.
  await expect
    .poll(() => site.logLines().map((line) => line.msg))
    .toContain(`[images] ${insideImages.url('/secret.jpg')}: refused: 127.0.0.1 is a loopback address; showing a placeholder`)
  expect(provider.requests.map((r) => r.url)).toContain('/logo.png')
})

test('a 400 MB record answer leaves the same process serving the previous record', async () => {
  const pages = await (await site.get('/')).text()
  expect(pages).toContain('Acme Fence')
  provider.set({ kind: 'huge', bytes: 400 * MB })
  await expect.poll(async () => (await health()).record.lastError).toMatch(/answer larger than 5 MB/)
  expect(process.kill(site.pid, 0)).toBe(true) // same PID, still running
  expect(await (await site.get('/')).text()).toContain('Acme Fence')
  expect((await health()).record.source).toBe('provider')
  expect(provider.streamed.bytes).toBeLessThan(50 * MB) // it hung up: the other 350 MB were never even sent
  // One log line, not one per refresh (polled: the line may follow the health state by a moment).
  const failures = () => site.logLines().filter((line) => line.event === 'record.failed')
  await expect.poll(() => failures().length).toBeGreaterThan(0)
  expect(failures()).toEqual([expect.objectContaining({ reason: expect.stringMatching(/answer larger than 5 MB/) })])
})
