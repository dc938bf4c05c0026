import net from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openStorage } from '#server/storage/storage.server.ts'
import { acmeRecord, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { recordLike } from './records/arbitrary.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * 10 000 generated requests against the production build (random methods, spellings, hosts,
 * X-Forwarded-* headers, lying lengths, chunked bodies up to 10 MB) while the provider serves random
 * records. The process must never exit, never answer 500, keep its memory, and store no lead the
 * gate should have refused. Seeded: a failure names the seed that reproduces it (FUZZ_SEED).
 */
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000)
const SEED = Number(process.env.FUZZ_SEED ?? 20261125)
const CONCURRENCY = 16
const CONTACT_RATE_LIMIT = 3

let provider: Awaited<ReturnType<typeof startFakeProvider>>
let site: Awaited<ReturnType<typeof startSite>>

beforeAll(async () => {
  ensureBuilt()
  provider = await startFakeProvider({ kind: 'ok', record: acmeRecord() })
  site = await startSite({
    PAGE_API_URL: provider.url,
    RECORD_TTL_SECONDS: '1',
    TRUST_PROXY: '1',
    CONTACT_RATE_LIMIT: String(CONTACT_RATE_LIMIT),
    NODE_OPTIONS: '--max-old-space-size=128 --max-semi-space-size=8', // as npm start runs it
  })
}, 180_000)
afterAll(async () => {
  await site?.stop()
  await provider?.close()
})

const PAGES = ['/', '/about', '/services', '/gallery', '/contact', '/reviews', '/our-videos', '/find-us-on', '/decks', '/wood-fence']
const OTHERS = ['/contact.data', '/api/visits', '/api/weather', '/healthz', '/sitemap.xml', '/robots.txt', '/favicon.ico']
const JUNK = ['/gallery/x', '/no-such', '/img/placeholder.svg', '/img/x/1.jpg', '/assets/nope.js', '/_root.data', '/.env', '/%2e%2e/etc']

/** The many ways to write a path: doubled or trailing slashes, capitals, escapes, dot segments, queries. */
const spelling = (path: string) =>
  fc
    .record({ slashes: fc.nat(3), upper: fc.boolean(), escape: fc.boolean(), trailing: fc.boolean(), dots: fc.boolean(), query: fc.nat(4) })
    .map(({ slashes, upper, escape, trailing, dots, query }) => {
      let p = path
      if (upper) p = p.replace(/[a-z]/, (c) => c.toUpperCase())
      if (escape) p = p.replace(/[a-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`)
      if (slashes) p = '/'.repeat(slashes) + p
      if (dots) p = `/x/..${p}`
      if (trailing) p += '/'
      return p + ['', '?utm_source=ad', '?gclid=1&index', '?%zz=%', `?${'q'.repeat(300)}`][query]
    })

const pathArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PAGES, ...OTHERS).chain((p) => fc.oneof(fc.constant(p), spelling(p))) },
  { weight: 1, arbitrary: fc.constantFrom(...JUNK) },
  { weight: 1, arbitrary: fc.webPath().map((p) => p || '/') },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }).map((s) => `/${encodeURIComponent(s)}`) },
)
const hostArb = fc.oneof(
  { weight: 6, arbitrary: fc.constant('127.0.0.1') },
  { weight: 1, arbitrary: fc.constantFrom('', 'evil.example', 'a.'.repeat(200), '[::1]:80', 'x:99999', 'bad host', 'exa\u00e9mple.com') },
)
const headerArb = fc.record(
  {
    'X-Forwarded-For': fc.oneof(fc.ipV4(), fc.constantFrom('1.2.3.4, 5.6.7.8', 'not-an-ip', '', '::1')),
    'X-Forwarded-Proto': fc.constantFrom('https', 'http', 'gopher', 'https, http'),
    'X-Forwarded-Host': fc.constantFrom('127.0.0.1', 'evil.example', 'x/<script>', ''),
    'Sec-Fetch-Site': fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site'),
    Origin: fc.constantFrom('http://127.0.0.1', 'https://127.0.0.1', 'null', 'https://evil.example', '%%%'),
    'Content-Type': fc.constantFrom(
      'application/x-www-form-urlencoded',
      'application/json',
      'multipart/form-data; boundary=x',
      'text/plain',
    ),
    'Accept-Encoding': fc.constantFrom('br', 'gzip', 'identity', 'br;q=0, gzip;q=0', '*'),
    'If-None-Match': fc.constantFrom('*', '"abc"', 'W/"x", "y"'),
  },
  { requiredKeys: [] },
)
type Body =
  | { kind: 'none' }
  | { kind: 'form' }
  | { kind: 'exact'; bytes: number }
  | { kind: 'lying'; claimed: number; bytes: number }
  | { kind: 'chunked'; bytes: number }
const bodyArb: fc.Arbitrary<Body> = fc.oneof(
  { weight: 6, arbitrary: fc.constant({ kind: 'none' as const }) },
  { weight: 4, arbitrary: fc.constant({ kind: 'form' as const }) },
  { weight: 2, arbitrary: fc.nat(100_000).map((bytes) => ({ kind: 'exact' as const, bytes })) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('lying' as const), claimed: fc.nat(2 ** 31), bytes: fc.nat(70_000) }) },
  { weight: 1, arbitrary: fc.nat(10 * 1024 * 1024).map((bytes) => ({ kind: 'chunked' as const, bytes })) },
)
const requestArb = fc.record({
  method: fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom('GET', 'POST') },
    { weight: 1, arbitrary: fc.constantFrom('HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'BREW') },
  ),
  path: pathArb,
  host: hostArb,
  headers: headerArb,
  body: bodyArb,
})
type FuzzRequest = typeof requestArb extends fc.Arbitrary<infer T> ? T : never

/** The client the server sees for a request (TRUST_PROXY: the last X-Forwarded-For hop), as the gate's limit counts it. */
const clientOf = (request: FuzzRequest) => request.headers['X-Forwarded-For']?.split(',').at(-1)?.trim() || '127.0.0.1'
/** A lead names its client in its message (what the visitor typed): the store keeps no address, the test needs one. */
const leadForm = (client: string) =>
  new URLSearchParams({ ...validLead, contactWays: 'phone', message: `from the fuzz, client ${client}` }).toString()
const clientOfLead = (message: string) => /^from the fuzz, client (.*)$/.exec(message)?.[1] ?? ''

/** Writes the request as raw bytes (nothing validated on our side) and reads the status line; 0 when none came. */
function send(request: FuzzRequest): Promise<number> {
  return new Promise((resolve) => {
    const socket = net.connect(Number(new URL(site.url).port), '127.0.0.1')
    let answer = ''
    let done = false
    const finish = () => {
      if (done) return
      done = true
      socket.destroy()
      resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0))
    }
    socket.setTimeout(15_000, finish)
    socket.on('data', (d) => {
      answer += d
      if (answer.includes('\r\n')) finish()
    })
    socket.on('error', finish)
    socket.on('close', finish)
    const { method, path, host, headers, body } = request
    const lines = [`${method} ${path} HTTP/1.1`, ...(host ? [`Host: ${host}`] : []), 'Connection: close']
    for (const [name, value] of Object.entries(headers))
      if (!(body.kind === 'form' && name === 'Content-Type')) lines.push(`${name}: ${value}`)
    if (body.kind === 'form') lines.push('Content-Type: application/x-www-form-urlencoded')
    const payload =
      body.kind === 'form'
        ? Buffer.from(leadForm(clientOf(request)))
        : Buffer.alloc(body.kind === 'none' ? 0 : Math.min(body.bytes, 100_000), 'a')
    if (body.kind === 'form' || body.kind === 'exact') lines.push(`Content-Length: ${payload.length}`)
    if (body.kind === 'lying') lines.push(`Content-Length: ${body.claimed}`)
    if (body.kind === 'chunked') lines.push('Transfer-Encoding: chunked')
    socket.write(`${lines.join('\r\n')}\r\n\r\n`)
    if (body.kind === 'chunked') {
      const chunk = Buffer.concat([Buffer.from('10000\r\n'), Buffer.alloc(0x10000, 'a'), Buffer.from('\r\n')])
      let left = body.bytes
      const pump = () => {
        while (left > 0 && !done) {
          left -= 0x10000
          if (!socket.write(chunk)) return void socket.once('drain', pump)
        }
        if (!done) socket.write('0\r\n\r\n')
      }
      pump()
    } else socket.write(payload) // not end(): a half-closed socket would have Node drop the answer (httpAllowHalfOpen)
  })
}

test('10 000 hostile requests and random records: no exit, no 500, bounded memory, no lead the gate should refuse', async () => {
  const requests = fc.sample(requestArb, { numRuns: REQUESTS, seed: SEED })
  const records = fc.sample(recordLike, { numRuns: 40, seed: SEED })
  const statuses = new Map<number, number>()
  const unanswered: FuzzRequest[] = []
  // The only requests that may store a lead: a form POST to the contact action's own address.
  const eligible = new Map<string, number>()
  let next = 0
  let peakRss = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < requests.length) {
        const i = next++
        // Every 250 requests the provider answers another record: random ones, and the real-looking one between them.
        if (i % 250 === 0)
          provider.set({ kind: 'ok', record: i % 500 === 0 ? acmeRecord() : { ...(records[(i / 250) % records.length] as object) } })
        const request = requests[i]!
        if (request.method === 'POST' && /^\/contact(\.data)?(\?|$)/.test(request.path) && request.body.kind === 'form') {
          const client = clientOf(request)
          eligible.set(client, (eligible.get(client) ?? 0) + 1)
        }
        const status = await send(request)
        statuses.set(status, (statuses.get(status) ?? 0) + 1)
        if (status === 0) unanswered.push(request)
        if (i % 500 === 0) peakRss = Math.max(peakRss, site.rssMb())
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  peakRss = Math.max(peakRss, site.rssMb())

  const storage = await openStorage({ dataDir: site.dataDir, defaultSite: 'demo' })
  const leads = await storage.leads.listLeads().finally(() => storage.close())
  const perClient = new Map<string, number>()
  for (const { lead } of leads) perClient.set(clientOfLead(lead.message), (perClient.get(clientOfLead(lead.message)) ?? 0) + 1)

  console.info(
    `fuzz (seed ${SEED}): ${requests.length} requests in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}; ` +
      `peak RSS ${peakRss.toFixed(0)} MB; leads stored ${leads.length} from ${perClient.size} clients (eligible posts ${[...eligible.values()].reduce((a, b) => a + b, 0)}); exits 0`,
  )
  expect(site.output()).not.toMatch(/heap out of memory|Aborted|Segmentation/)
  expect((await site.get('/healthz')).status).toBe(200) // the same process still serving
  expect(statuses.get(500) ?? 0).toBe(0)
  // No status line only where the server cut off an upload it refused while the client was still sending it.
  expect(unanswered.filter((r) => r.body.kind !== 'chunked' && r.body.kind !== 'lying')).toEqual([])
  expect(peakRss).toBeLessThan(300)
  for (const [client, count] of perClient) {
    expect(count, client).toBeLessThanOrEqual(Math.min(CONTACT_RATE_LIMIT, eligible.get(client) ?? 0))
  }
}, 600_000)
