import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startImageHost } from '#tests/image-host.ts'
import { createOutboundClient } from '../outbound/outbound-client.server.ts'
import { createImageFetcher } from './fetch-image.server.ts'

// Which addresses may be reached is the outbound client's (server/outbound/); here, what the image fetcher adds.
let host: Awaited<ReturnType<typeof startImageHost>>
const limits = { timeoutMs: 1_000, maxBytes: 1_000, publicDir: path.resolve('public') }
let fetchImage: ReturnType<typeof createImageFetcher>

beforeAll(async () => {
  host = await startImageHost({
    '/small.jpg': { type: 'image/jpeg', body: Buffer.alloc(500, 1) },
    '/big.jpg': { type: 'image/jpeg', body: Buffer.alloc(5_000, 1) },
    '/slow.jpg': { hang: true },
  })
  fetchImage = createImageFetcher(createOutboundClient({ allowOrigins: [host.origin] }), limits)
})
afterAll(() => host.close())

test('an image on a configured origin is fetched; on an unconfigured loopback host it is refused', async () => {
  expect(await fetchImage(host.url('/small.jpg'))).toHaveLength(500)
  const strict = createImageFetcher(createOutboundClient({ allowOrigins: [] }), limits)
  await expect(strict(host.url('/small.jpg'))).rejects.toThrow('refused: 127.0.0.1 is a loopback address')
})

test('bodies past the size cap, hosts that never answer and missing images are given up on', async () => {
  await expect(fetchImage(host.url('/big.jpg'))).rejects.toThrow(/larger than 1000 bytes/)
  await expect(fetchImage(host.url('/slow.jpg'))).rejects.toThrow(/within 1000 ms/)
  await expect(fetchImage(host.url('/missing.jpg'))).rejects.toThrow(/HTTP 404/)
})

test('root-relative URLs read the public folder and cannot climb out of it', async () => {
  const fetchLocal = createImageFetcher(createOutboundClient({ allowOrigins: [] }), { ...limits, maxBytes: 10_000_000 })
  expect((await fetchLocal('/demo/images/favicon.png')).length).toBeGreaterThan(0)
  await expect(fetchLocal('/../package.json')).rejects.toThrow()
  await expect(fetchLocal('/demo/..%2f..%2fpackage.json')).rejects.toThrow(/outside the public folder/)
})
