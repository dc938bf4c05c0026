import net from 'node:net'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { acmeRecord } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { freshDatabase } from './postgres.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * Clients that half-close: the request is written, then the client's side of the socket is shut
 * (`socket.end()`, as `nc -N`, some health checkers and proxies do) while it waits for the answer.
 * Each listener answers them: the cached-page fast path, Express, and the metrics listener.
 * On PostgreSQL, as several instances run: a scrape then waits for the database (lead counts), so the
 * client's FIN arrives while the answer is being made, as it does for a page through the gate.
 */

let provider: Awaited<ReturnType<typeof startFakeProvider>>
let site: Awaited<ReturnType<typeof startSite>>

beforeAll(async () => {
  ensureBuilt()
  provider = await startFakeProvider({ kind: 'ok', record: acmeRecord() })
  const databaseUrl = await freshDatabase(inject('postgresUrl'))
  site = await startSite({ PAGE_API_URL: provider.url, PAGE_ID: 'acme', METRICS_PORT: '0', DATABASE_URL: databaseUrl })
}, 120_000)
afterAll(async () => {
  await site?.stop()
  await provider?.close()
})

type Answer = { status: number; headers: Record<string, string>; body: string; closedByServer: boolean }

/** A GET on a raw socket that is half-closed as soon as the request is written; the answer as it came. */
function halfClosedGet(url: string, pathname: string): Promise<Answer> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`GET ${pathname} HTTP/1.1\r\nHost: acme.test\r\nUser-Agent: half-close-test\r\n\r\n`)
      socket.end() // FIN: nothing more from this side, the answer is still awaited
    })
    const chunks: Buffer[] = []
    let closedByServer = false
    socket.on('data', (chunk) => chunks.push(chunk))
    socket.on('end', () => (closedByServer = true)) // the server's FIN, once its answer is out
    socket.on('error', reject)
    socket.setTimeout(10_000, () => socket.destroy())
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('latin1')
      const split = raw.indexOf('\r\n\r\n')
      if (split === -1) return resolve({ status: 0, headers: {}, body: raw, closedByServer })
      const [statusLine, ...lines] = raw.slice(0, split).split('\r\n')
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      )
      const rest = Buffer.from(raw.slice(split + 4), 'latin1')
      const body = (headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest).toString('utf8')
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body, closedByServer })
    })
  })
}

/** A chunked body, decoded. */
function unchunk(data: Buffer): Buffer {
  const parts: Buffer[] = []
  let at = 0
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at)
    const size = parseInt(data.subarray(at, lineEnd).toString('latin1'), 16)
    if (!size) return Buffer.concat(parts)
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    at = lineEnd + 2 + size + 2
  }
}

/** The request's log line, found by the id it was answered with. */
const requestLine = (answer: Answer) =>
  expect.poll(() => site.logLines().find((line) => line.event === 'request' && line.reqId === answer.headers['x-request-id']))

test('through Express: the health check and a page rendered for this request', async () => {
  const health = await halfClosedGet(site.url, '/healthz')
  expect(health).toMatchObject({ status: 200, closedByServer: true })
  expect(JSON.parse(health.body)).toMatchObject({ ok: true, record: { source: 'provider' } })

  const page = await halfClosedGet(site.url, '/about')
  expect(page).toMatchObject({ status: 200, closedByServer: true })
  expect(page.body).toContain('Acme Fence')
  expect(page.body.trimEnd()).toMatch(/<\/html>$/) // the whole page, not its first chunk
  await requestLine(page).toMatchObject({ path: '/about', status: 200, cache: 'miss' })
})

// A guard more than a proof: on Node 20 the cached answer is written within the microtasks that follow
// the request, before Node reads the FIN, so this passes without httpAllowHalfOpen too. It fails as soon
// as anything on this path waits for real I/O (a storage read in the gate), as Express's path does.
test('from the page cache, the fast path without Express', async () => {
  await site.request('acme.test', '/services') // rendered once, by an ordinary client: cached from now on
  const page = await halfClosedGet(site.url, '/services')
  expect(page).toMatchObject({ status: 200, closedByServer: true })
  expect(page.body).toContain('Acme Fence')
  await requestLine(page).toMatchObject({ path: '/services', status: 200, cache: 'hit' })
})

test('on the metrics listener', async () => {
  const metrics = await halfClosedGet(site.metricsUrl()!, '/metrics')
  expect(metrics).toMatchObject({ status: 200, closedByServer: true })
  expect(metrics.body).toMatch(/^tradesite_http_requests_total\{site="acme",status="200",cache="(hit|miss|none)"\} \d+$/m)
  expect(metrics.body).toMatch(/^# TYPE tradesite_leads gauge$/m)
})
