import http from 'node:http'
import https from 'node:https'
import net from 'node:net'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openStorage } from '#server/storage/storage.server.ts'
import { startCaddyTls } from './caddy-tls.ts'
import { acmeRecord, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * Every attack of the hostile-input review, against the production build: each is refused with a
 * clear status while the process keeps serving (same PID).
 */
let provider: Awaited<ReturnType<typeof startFakeProvider>>
let site: Awaited<ReturnType<typeof startSite>>

beforeAll(async () => {
  ensureBuilt()
  provider = await startFakeProvider({ kind: 'ok', record: acmeRecord() })
  site = await startSite({ PAGE_API_URL: provider.url, CONTACT_RATE_LIMIT: '5', VISITS_RATE_LIMIT: '60' })
}, 180_000)
afterAll(async () => {
  await site?.stop()
  await provider?.close()
})

const port = () => Number(new URL(site.url).port)
const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams()
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one)
  return body.toString()
}

/** Sends one request whose body is `bodyBytes` of generated data (never held in memory), chunked unless a length is claimed. */
function send(method: string, path: string, { bodyBytes = 0, headers = {} as Record<string, string> } = {}) {
  return new Promise<{ status: number | 'connection closed'; text: string }>((resolve) => {
    // Chunked framing said out loud: Node frames a GET's body only when asked.
    const framing = bodyBytes && !headers['Content-Length'] ? { 'Transfer-Encoding': 'chunked' } : {}
    const req = http.request({ host: '127.0.0.1', port: port(), method, path, headers: { ...framing, ...headers } })
    req.on('response', (res) => {
      let text = ''
      res.on('data', (d) => (text += d))
      res.on('end', () => resolve({ status: res.statusCode!, text }))
      res.on('error', () => resolve({ status: res.statusCode!, text }))
    })
    req.on('error', () => resolve({ status: 'connection closed', text: '' }))
    if (!bodyBytes) return void req.end()
    const chunk = Buffer.alloc(64 * 1024, 'a')
    let sent = 0
    Readable.from(
      (function* () {
        while (sent < bodyBytes) {
          sent += chunk.length
          yield chunk
        }
      })(),
    )
      .on('error', () => {})
      .pipe(req)
  })
}

/** Writes a request as raw bytes (spellings no HTTP client would send) and reads the status line. */
function raw(request: string) {
  return new Promise<string>((resolve) => {
    const socket = net.connect(port(), '127.0.0.1', () => socket.end(request))
    let answer = ''
    socket.on('data', (d) => (answer += d))
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''))
    socket.on('error', () => resolve(answer.split('\r\n')[0] ?? ''))
  })
}

async function storedLeads(dataDir: string) {
  const storage = await openStorage({ dataDir, defaultSite: 'demo' })
  try {
    return await storage.leads.listLeads()
  } finally {
    await storage.close()
  }
}

async function stillServing() {
  const health = await site.get('/healthz')
  expect(health.status).toBe(200)
  expect(site.output()).not.toMatch(/heap out of memory|Aborted|Error: /)
}

test('two 300 MB chunked bodies (a PATCH to /contact, a POST to /contact.data) are cut off at once; the process keeps serving', async () => {
  const rssBefore = site.rssMb()
  const [patch, post] = await Promise.all([
    send('PATCH', '/contact', { bodyBytes: 300 * 1024 * 1024 }),
    send('POST', '/contact.data', { bodyBytes: 300 * 1024 * 1024, headers: { 'Sec-Fetch-Site': 'same-origin' } }),
  ])
  // Answered and cut off: a client still sending may see the close before the status.
  expect([405, 'connection closed']).toContain(patch.status)
  expect([413, 'connection closed']).toContain(post.status)
  await stillServing()
  expect(site.rssMb() - rssBefore).toBeLessThan(50)
})

test('a body where no form is posted, or a lying Content-Length, is refused before it is read', async () => {
  expect((await send('GET', '/about', { bodyBytes: 10 * 1024 * 1024 })).status).toSatisfy((s) => s === 413 || s === 'connection closed')
  const lying = await raw(
    'POST /contact HTTP/1.1\r\nHost: 127.0.0.1\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 999999999\r\n\r\nfirstName=a',
  )
  expect(lying).toBe('HTTP/1.1 413 Payload Too Large')
  expect((await send('POST', '/about', { bodyBytes: 1024 })).status).toSatisfy((s) => s === 405 || s === 'connection closed')
  await stillServing()
})

test('methods other than GET, HEAD and POST get 405 on every path', async () => {
  for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND']) {
    const answer = await send(method, '/contact', { headers: { 'Sec-Fetch-Site': 'same-origin' } })
    expect(answer.status, method).toBe(405)
  }
  expect(await raw('FOO /about HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')).toMatch(/^HTTP\/1\.1 (405|400)/)
})

test('one client stores at most CONTACT_RATE_LIMIT leads, whatever methods and spellings it tries', async () => {
  // A site of its own: the other tests' refused posts count against this client's limit too.
  const fresh = await startSite({ PAGE_API_URL: provider.url, CONTACT_RATE_LIMIT: '5' })
  const body = form({ ...validLead, contactWays: 'phone' })
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' }
  const attempts: (number | string)[] = []
  for (let i = 0; i < 6; i++) {
    for (const [method, path] of [
      ['POST', '/contact'],
      ['POST', '/contact.data'],
      ['PUT', '/contact'],
      ['POST', '/contact//'],
      ['POST', '/%63ontact'],
    ] as const) {
      const req = await fetch(fresh.url + path, { method, body, headers, redirect: 'manual' })
      attempts.push(req.status)
      await req.arrayBuffer()
    }
  }
  await fresh.stop()
  expect(attempts).toHaveLength(30)
  expect(await storedLeads(fresh.dataDir)).toHaveLength(5)
  // Spellings are redirected to the one address, never handled under their own.
  expect(attempts.filter((s) => s === 308)).toHaveLength(12)
  expect(attempts.filter((s) => s === 405)).toHaveLength(6)
  expect(attempts.filter((s) => s === 429)).toHaveLength(7)
})

test('200 spellings of one page are one redirect each to its one address: none renders or makes a page of its own', async () => {
  const spellings = new Set<string>()
  for (let i = 0; spellings.size < 200; i++) {
    const slashes = '/'.repeat(1 + (i % 3))
    const letters = [...'about'].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c))
    const escaped = letters.map((c, j) => ((i >> (j + 5)) & 1 ? `%${c.charCodeAt(0).toString(16)}` : c)).join('')
    spellings.add(`${slashes}${escaped}${i % 2 ? '/' : ''}${i % 4 === 3 ? '//' : ''}`)
  }
  spellings.delete('/about')
  for (const spelling of [...spellings].slice(0, 199)) {
    const answer = await raw(`GET ${spelling}?utm_source=x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)
    expect(answer, spelling).toBe('HTTP/1.1 301 Moved Permanently')
  }
  const redirect = await site.get('/About//?utm_source=x')
  expect(redirect.headers.get('location')).toBe('/about?utm_source=x')
})

test('a path with control characters or bad escapes, an impossible Host, or an overlong URL is refused, never logged as is', async () => {
  expect(await raw('GET /%0Afake-log-line HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request')
  expect(await raw('GET /%zz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request')
  expect(await raw(`GET / HTTP/1.1\r\nHost: ${'a.'.repeat(2000)}\r\nConnection: close\r\n\r\n`)).toBe('HTTP/1.1 400 Bad Request')
  expect(await raw('GET / HTTP/1.1\r\nHost: evil.example/<script>\r\nConnection: close\r\n\r\n')).toBe('HTTP/1.1 400 Bad Request')
  expect(await raw(`GET /${'a'.repeat(5000)} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`)).toBe('HTTP/1.1 414 URI Too Long')
  // Every log line is JSON (a forged line break would break one), and the request line names no path it refused.
  // A request's line is written once its answer has gone out: polled, it may follow the answer by a moment.
  await expect
    .poll(() =>
      site
        .logLines()
        .filter((line) => line.event === 'request' && line.status === 400)
        .map((line) => line.path),
    )
    .toContain('(invalid)')
  expect(site.output()).not.toContain('fake-log-line')
  await stillServing()
})

test('the visit counter counts a client once a day and stops answering a client that floods it', async () => {
  const view = () =>
    site.get('/api/visits', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json', 'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' },
    })
  const first = await (await view()).json()
  const statuses: number[] = []
  for (let i = 0; i < 70; i++) statuses.push((await view()).status)
  expect(first).toMatchObject({ counted: true, today: 1 })
  expect(statuses).toContain(429)
  expect(await (await site.get('/api/visits')).json()).toEqual({ today: 1, total: 1 })
})

test('TRUST_PROXY=true stops the server with why and what to write instead', async () => {
  await expect(startSite({ PAGE_API_URL: provider.url, TRUST_PROXY: 'true' })).rejects.toThrow(
    /TRUST_PROXY: trusting every hop lets each client choose its own IP through X-Forwarded-For; write the number of proxies/,
  )
})

describe('behind a real TLS-terminating proxy (Caddy) with TRUST_PROXY=1', () => {
  let proxied: Awaited<ReturnType<typeof startSite>>
  let caddy: Awaited<ReturnType<typeof startCaddyTls>>
  beforeAll(async () => {
    proxied = await startSite({ PAGE_API_URL: provider.url, TRUST_PROXY: '1', CONTACT_RATE_LIMIT: '1' })
    caddy = await startCaddyTls(proxied.url)
  })
  afterAll(async () => {
    await caddy?.stop()
    await proxied?.stop()
  })

  /** A browser's form post over HTTPS (Origin, no Sec-Fetch-Site: the stricter check), from one local address. */
  const postFrom = (localAddress: string, firstName: string) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const body = form({ ...validLead, firstName, contactWays: 'phone' })
      const req = https.request(`${caddy.url}/contact`, {
        method: 'POST',
        ca: caddy.ca,
        localAddress,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body), Origin: caddy.url },
      })
      req.on('response', (res) => {
        let text = ''
        res.on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, text }))
      })
      req.on('error', reject)
      req.end(body)
    })

  test("a visitor's post is stored, and each visitor has a limit of its own", async () => {
    const first = await postFrom('127.0.0.2', 'Visitor-A')
    expect(first.status).toBe(200)
    expect(first.text).toContain('Thank you! Your request was sent.')
    expect((await postFrom('127.0.0.2', 'Visitor-A')).status).toBe(429)
    expect((await postFrom('127.0.0.3', 'Visitor-B')).status).toBe(200)
    const leads = await storedLeads(proxied.dataDir)
    expect(leads.map((l) => l.relayBody.nombre).sort()).toEqual(['Visitor-A', 'Visitor-B'])
    // The server's log tells what happened (each lead stored, by id and site) without a visitor's details.
    await expect.poll(() => proxied.logLines().filter((line) => line.event === 'lead.held').length).toBe(2)
    for (const line of proxied.logLines())
      for (const detail of ['Visitor-A', 'Visitor-B', validLead.email, validLead.phone, validLead.address])
        expect(JSON.stringify(line)).not.toContain(detail)
  })

  test('pages name the https origin the visitor used', async () => {
    const html = await new Promise<string>((resolve, reject) => {
      https
        .get(`${caddy.url}/sitemap.xml`, { ca: caddy.ca }, (res) => {
          let text = ''
          res.on('data', (d) => (text += d))
          res.on('end', () => resolve(text))
        })
        .on('error', reject)
    })
    expect(html).toContain(`<loc>${caddy.url}/about</loc>`)
  })
})
