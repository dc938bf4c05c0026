import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { createOutboundClient } from './outbound-client.server.ts'

/** A real HTTP server on loopback that records what reached it; `routes` says how each path answers. */
async function startServer(routes: Record<string, (res: http.ServerResponse) => void>) {
  const seen: string[] = []
  const server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`)
    const route = routes[req.url ?? '']
    if (route) route(res)
    else res.writeHead(404).end('secret internal page')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { origin, seen, close: () => new Promise((resolve) => server.close(resolve)) }
}

let inside: Awaited<ReturnType<typeof startServer>>
let provider: Awaited<ReturnType<typeof startServer>>
const get = { timeoutMs: 2_000, maxBytes: 1_000, redirects: 3 }

beforeAll(async () => {
  inside = await startServer({ '/admin': (res) => res.writeHead(200).end('internal') })
  provider = await startServer({
    '/small': (res) => res.writeHead(200).end('x'.repeat(500)),
    '/chunked': (res) => {
      res.writeHead(200) // no Content-Length: chunked, so only counting the stream can stop it
      for (let i = 0; i < 20; i++) res.write('y'.repeat(100))
      res.end()
    },
    '/claims-big': (res) => res.writeHead(200, { 'Content-Length': 400 * 1024 * 1024 }).write('z'),
    '/to-inside': (res) => res.writeHead(302, { Location: `${inside.origin}/admin` }).end(),
    '/to-metadata': (res) => res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data' }).end(),
    '/to-small': (res) => res.writeHead(301, { Location: '/small' }).end(),
    '/hang': () => {},
  })
})
beforeEach(() => {
  inside.seen.length = 0
})
afterAll(async () => {
  await inside.close()
  await provider.close()
})

test('a loopback address the operator did not configure is refused, and nothing reaches it', async () => {
  const client = createOutboundClient({ allowOrigins: [provider.origin] })
  await expect(client.request(`${inside.origin}/admin`, get)).rejects.toThrow('refused: 127.0.0.1 is a loopback address')
  expect(inside.seen).toEqual([])
})

test('a host name is judged by the address it resolves to, at connect time', async () => {
  const port = new URL(inside.origin).port
  // A public-looking name that DNS answers with loopback (as a rebinding attacker's would).
  const lookup = ((_host: string, _options: unknown, callback: (e: null, a: { address: string; family: number }[]) => void) =>
    callback(null, [{ address: '127.0.0.1', family: 4 }])) as never
  const client = createOutboundClient({ allowOrigins: [], lookup })
  await expect(client.request(`http://photos.example:${port}/admin`, get)).rejects.toThrow(
    'refused: 127.0.0.1 is a loopback address (photos.example)',
  )
  await expect(createOutboundClient({ allowOrigins: [] }).request(`http://localhost:${port}/admin`, get)).rejects.toThrow(/loopback/)
  expect(inside.seen).toEqual([])
})

test('a configured origin is reached exactly: same host, other port is still refused', async () => {
  const client = createOutboundClient({ allowOrigins: [`${provider.origin}/api`] })
  const answer = await client.request(`${provider.origin}/small`, get)
  expect([answer.status, answer.body.length]).toEqual([200, 500])
  await expect(client.request(`${inside.origin}/admin`, get)).rejects.toThrow(/loopback/)
})

test('every redirect hop is checked again: none leads inside or to cloud metadata', async () => {
  const client = createOutboundClient({ allowOrigins: [provider.origin] })
  await expect(client.request(`${provider.origin}/to-inside`, get)).rejects.toThrow('refused: 127.0.0.1 is a loopback address')
  await expect(client.request(`${provider.origin}/to-metadata`, get)).rejects.toThrow('refused: 169.254.169.254 is a link-local')
  expect(inside.seen).toEqual([])
  expect((await client.request(`${provider.origin}/to-small`, get)).body.length).toBe(500)
})

test('with no redirect allowed, a 3xx is the answer; a non-2xx body is never read', async () => {
  const client = createOutboundClient({ allowOrigins: [provider.origin] })
  expect(await client.request(`${provider.origin}/to-inside`, { ...get, redirects: 0 })).toEqual({ status: 302, body: Buffer.alloc(0) })
  expect(await client.request(`${provider.origin}/missing`, get)).toEqual({ status: 404, body: Buffer.alloc(0) })
  expect(inside.seen).toEqual([])
})

test('private, link-local, metadata and unspecified literals are refused before any connection', async () => {
  const client = createOutboundClient({ allowOrigins: [] })
  for (const [url, reason] of [
    ['http://10.0.0.8/x', '10.0.0.8 is a private address'],
    ['http://192.168.1.1/x', '192.168.1.1 is a private address'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254 is a link-local (cloud metadata) address'],
    ['http://[fd00:ec2::254]/latest', 'fd00:ec2::254 is a private (unique local) address'],
    ['http://[::1]/x', '::1 is a loopback address'],
    ['http://[::ffff:127.0.0.1]/x', '::ffff:7f00:1 is a loopback address'],
    ['http://0.0.0.0/x', '0.0.0.0 is an unspecified address'],
    ['http://2130706433/x', '127.0.0.1 is a loopback address'], // the URL parser's spelling of 127.0.0.1
    ['file:///etc/passwd', 'not an http(s) URL'],
  ]) {
    await expect(client.request(url!, get), url).rejects.toThrow(`refused: ${reason}`)
  }
})

test('answers past the size cap are cut off, chunked or declared; a silent host times out', async () => {
  const client = createOutboundClient({ allowOrigins: [provider.origin] })
  await expect(client.request(`${provider.origin}/chunked`, get)).rejects.toThrow('answer larger than 1000 bytes')
  await expect(client.request(`${provider.origin}/claims-big`, get)).rejects.toThrow('answer larger than 1000 bytes')
  await expect(client.request(`${provider.origin}/hang`, { ...get, timeoutMs: 200 })).rejects.toThrow('no complete answer within 200 ms')
})
