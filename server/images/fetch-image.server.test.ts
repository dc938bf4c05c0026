import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startImageHost } from '#tests/image-host.ts'
import { createImageFetcher, isLocalHost } from './fetch-image.server.ts'

let host: Awaited<ReturnType<typeof startImageHost>>
let redirector: http.Server
let redirectorUrl: string
const publicDir = path.resolve('public')
const limits = { timeoutMs: 1_000, maxBytes: 1_000, allowPrivateAddresses: true, publicDir }

beforeAll(async () => {
  host = await startImageHost({
    '/small.jpg': { type: 'image/jpeg', body: Buffer.alloc(500, 1) },
    '/big.jpg': { type: 'image/jpeg', body: Buffer.alloc(5_000, 1) },
    '/slow.jpg': { hang: true },
  })
  // Answers every request with a redirect to the image host (a public-looking URL sending us inside).
  redirector = http.createServer((_req, res) => res.writeHead(302, { Location: host.url('/small.jpg') }).end())
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve))
  redirectorUrl = `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/photo.jpg`
})
afterAll(async () => {
  await host.close()
  redirector.close()
})

test('a record image on a loopback host is refused unless the provider itself is local', async () => {
  await expect(createImageFetcher({ ...limits, allowPrivateAddresses: false })(host.url('/small.jpg'))).rejects.toThrow(/127\.0\.0\.1/)
  expect(await createImageFetcher(limits)(host.url('/small.jpg'))).toHaveLength(500)
})

test('a redirect is checked again, so it cannot lead to a private address', async () => {
  await expect(createImageFetcher({ ...limits, allowPrivateAddresses: false })(redirectorUrl)).rejects.toThrow(/127\.0\.0\.1/)
  expect(await createImageFetcher(limits)(redirectorUrl)).toHaveLength(500)
})

test('private, link-local and metadata addresses are refused by name too', async () => {
  const fetchImage = createImageFetcher({ ...limits, allowPrivateAddresses: false })
  for (const url of [
    'http://10.0.0.8/x.jpg',
    'http://192.168.1.1/x.jpg',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]/x.jpg',
    'http://localhost/x.jpg',
  ]) {
    await expect(fetchImage(url), url).rejects.toThrow()
  }
})

test('bodies past the size cap and hosts that never answer are given up on', async () => {
  const fetchImage = createImageFetcher(limits)
  await expect(fetchImage(host.url('/big.jpg'))).rejects.toThrow(/larger than 1000 bytes/)
  await expect(fetchImage(host.url('/slow.jpg'))).rejects.toThrow(/within 1000 ms/)
  await expect(fetchImage(host.url('/missing.jpg'))).rejects.toThrow(/HTTP 404/)
})

test('root-relative URLs read the public folder and cannot climb out of it', async () => {
  const fetchImage = createImageFetcher({ ...limits, maxBytes: 10_000_000 })
  expect((await fetchImage('/demo/images/favicon.png')).length).toBeGreaterThan(0)
  await expect(fetchImage('/../package.json')).rejects.toThrow()
  await expect(fetchImage('/demo/..%2f..%2fpackage.json')).rejects.toThrow(/outside the public folder/)
})

test('only a provider on this machine or a private network counts as local', () => {
  expect(isLocalHost('http://127.0.0.1:4000/api')).toBe(true)
  expect(isLocalHost('http://localhost/api')).toBe(true)
  expect(isLocalHost('http://[::1]:8080/api')).toBe(true)
  expect(isLocalHost('https://servidorpublico.herokuapp.com/api')).toBe(false)
  expect(isLocalHost('https://127.example.com/api')).toBe(false)
})
