import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import zlib from 'node:zlib'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, onTestFinished, test } from 'vitest'
import { runCaddy } from './caddy-tls.ts'
import { validLead } from './contact-post.ts'
import { signedInSession } from './console-server.ts'
import { startFakeProvider } from './fake-provider.ts'
import { freshDatabase } from './postgres.ts'
import { ensureBuilt, startSite } from './site-server.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import { freePort } from './spawn-listening.ts'
import { startVarnish } from './varnish.ts'

/**
 * The shipped deploy/ configurations, run as an operator would with Debian's packages:
 * Caddy (deploy/Caddyfile, HTTPS with its internal CA, on-demand certificates) → Varnish
 * (deploy/varnish/default.vcl, the backends from backends.example.vcl on this run's ports) → two
 * origins (the production build) on one PostgreSQL, serving two sites by host from one SITES_FILE;
 * and the console on its own host name, Caddy straight to each origin's CONSOLE_PORT.
 */

const root = path.resolve(import.meta.dirname, '..')
const RECORD_TTL_SECONDS = 3 // the pages' s-maxage: short, so the "origins down" test serves pages past it
const contractor = (name: string) => ({
  dbPrincipal: { name, emails: [{ email: `owner@${name.split(' ')[0]!.toLowerCase()}.example` }] },
  dbServices: [{ name: 'Decks' }, { name: 'Wood Fence' }],
  labels: { formLabel: { isenglish: true } },
})
const SITES = [
  { host: 'ironwood.test', pageId: 'ironwood-1', name: 'Ironwood Fences' },
  { host: 'cedar.test', pageId: 'cedar-2', name: 'Cedar Decks' },
]
const ADDED = { host: 'birch.test', pageId: 'birch-3', name: 'Birch Roofing' }
const PAGES = ['/', '/about', '/contact', '/decks']
const CONSOLE_HOST = 'console.test'

type Stack = {
  providers: Awaited<ReturnType<typeof startFakeProvider>>[]
  origins: Awaited<ReturnType<typeof startSite>>[]
  varnish: Awaited<ReturnType<typeof startVarnish>>
  caddy: Awaited<ReturnType<typeof runCaddy>>
}
const stack: Partial<Stack> = {}
let db: pg.Client
let databaseUrl: string
let consoleUrl: string
let sitesFile: string
const tempDirs: string[] = []
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
  tempDirs.push(dir)
  return dir
}
let startOrigin: (i: number) => Promise<Awaited<ReturnType<typeof startSite>>>
let tlsAgent: https.Agent
/** Every origin process started, the one a restart replaced too: their logs are read at the end. */
const everyOrigin: Awaited<ReturnType<typeof startSite>>[] = []

const sitesJson = (sites: { host: string; pageId: string }[]) =>
  JSON.stringify(
    sites.map((s, i) => ({ hosts: [s.host], pageId: s.pageId, siteUrl: `https://${s.host}`, pageApiUrl: stack.providers![i]!.url })),
  )

beforeAll(async () => {
  ensureBuilt()
  stack.providers = await Promise.all([...SITES, ADDED].map((s) => startFakeProvider({ kind: 'ok', record: contractor(s.name) })))
  databaseUrl = await freshDatabase(inject('postgresUrl'))
  db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  sitesFile = path.join(tempDir('deploy-sites-'), 'sites.json')
  fs.writeFileSync(sitesFile, sitesJson(SITES))

  const ports = [await freePort(), await freePort()]
  const consolePorts = [await freePort(), await freePort()]
  const httpsPort = await freePort()
  consoleUrl = `https://${CONSOLE_HOST}:${httpsPort}` // its public origin: Caddy's, as browsers see it
  const dataDirs = ports.map(() => tempDir('deploy-origin-'))
  startOrigin = async (i) => {
    const origin = await startSite(
      {
        PORT: String(ports[i]),
        SITES_FILE: sitesFile,
        DATABASE_URL: databaseUrl,
        TRUST_PROXY: '2', // Caddy, then Varnish
        RECORD_TTL_SECONDS: String(RECORD_TTL_SECONDS),
        METRICS_PORT: '0', // any free port: each origin says where (metricsUrl)
        DRAIN_SECONDS: '5', // the production default: the probe (out after 3 s) notices a stopping origin first
        CONSOLE_PORT: String(consolePorts[i]),
        CONSOLE_URL: consoleUrl,
        CONSOLE_TRUST_PROXY: '1', // Caddy alone, as docs/console.md says
      },
      dataDirs[i],
    )
    everyOrigin.push(origin)
    return origin
  }
  stack.origins = await Promise.all([startOrigin(0), startOrigin(1)])

  // The deployment's backends.vcl: the shipped example, on this run's ports.
  const example = fs.readFileSync(path.join(root, 'deploy/varnish/backends.example.vcl'), 'utf8')
  const backends = example.replace('"3001"', `"${ports[0]}"`).replace('"3002"', `"${ports[1]}"`)
  expect(backends).not.toBe(example)
  stack.varnish = await startVarnish(backends)

  stack.caddy = await runCaddy(path.join(root, 'deploy/Caddyfile'), httpsPort, {
    CADDY_ADMIN: 'off',
    CADDY_CERTS: 'local_certs',
    HTTP_PORT: String(await freePort()),
    HTTPS_PORT: String(httpsPort),
    UPSTREAMS: `127.0.0.1:${stack.varnish.port}`,
    TLS_ASK_URL: `${stack.varnish.url}/_tls/allowed`,
    CONSOLE_HOST_NAME: CONSOLE_HOST,
    CONSOLE_UPSTREAMS: consolePorts.map((port) => `127.0.0.1:${port}`).join(' '),
  })
  tlsAgent = new https.Agent({ keepAlive: true, ca: stack.caddy.ca, maxSockets: 32 })
}, 180_000)

afterAll(async () => {
  tlsAgent?.destroy()
  await stack.caddy?.stop()
  await stack.varnish?.stop()
  for (const origin of stack.origins ?? []) await origin.kill()
  for (const provider of stack.providers ?? []) await provider.close()
  await db?.end()
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
})

type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string }
type Options = { method?: string; body?: string; headers?: Record<string, string> }

/** A request as a browser sends it: to Varnish over HTTP, or to Caddy over HTTPS (SNI and Host for `host`). */
function send(via: 'varnish' | 'caddy', host: string, pathname: string, options: Options = {}): Promise<Answer> {
  const port = via === 'varnish' ? stack.varnish!.port : stack.caddy!.port
  const common = {
    host: '127.0.0.1',
    port,
    path: pathname,
    method: options.method ?? 'GET',
    headers: { Host: `${host}:${port}`, 'Accept-Encoding': 'gzip, deflate, br', ...options.headers },
  }
  return new Promise((resolve, reject) => {
    const onResponse = (res: http.IncomingMessage) => {
      const chunks: Buffer[] = []
      res.on('data', (d: Buffer) => chunks.push(d))
      res.on('error', reject)
      res.on('end', () => {
        const body = Buffer.concat(chunks)
        const encoding = res.headers['content-encoding']
        const text = (encoding === 'gzip' ? zlib.gunzipSync(body) : encoding === 'br' ? zlib.brotliDecompressSync(body) : body).toString()
        resolve({ status: res.statusCode!, headers: res.headers, text })
      })
    }
    const req =
      via === 'varnish'
        ? http.request({ ...common, agent: false }, onResponse)
        : https.request({ ...common, agent: tlsAgent, servername: host }, onResponse)
    req.on('error', reject)
    req.end(options.body)
  })
}

/** Each origin's log lines so far: a mark to read only what came after it (answeredBy). */
const marks = () => stack.origins!.map((origin) => origin.logLines().length)
/** Whether `origin` logged a request for `site` (after its first `from` lines): each logs every request with its site. */
const served = (origin: Stack['origins'][number], site: { pageId: string }, from = 0) =>
  origin
    .logLines()
    .slice(from)
    .some((line) => line.event === 'request' && line.site === site.pageId)
/** The origins (their index) that answered a request for `site` since `from`. */
const answeredBy = (from: number[], site: { pageId: string }) =>
  stack.origins!.flatMap((origin, i) => (served(origin, site, from[i]) ? [i] : []))
/** Misses (a new address each, answered by an origin's 404 page) and visit counts (always passed) for `site` through Varnish. */
const reachOrigins = async (site: { host: string }, times: number) => {
  for (let i = 0; i < times; i++)
    for (const pathname of [`/no-such-page-${site.host}-${Date.now()}-${i}`, '/api/visits'])
      expect((await send('varnish', site.host, pathname)).status).toBeLessThan(500)
}

/** The contact form as a browser without JavaScript posts it from the site's own page. */
function postLead(via: 'varnish' | 'caddy', host: string, email: string, headers: Record<string, string> = {}) {
  const body = new URLSearchParams()
  for (const [k, v] of Object.entries({ ...validLead, email })) for (const one of [v].flat()) body.append(k, one)
  const port = via === 'varnish' ? stack.varnish!.port : stack.caddy!.port
  return send(via, host, '/contact', {
    method: 'POST',
    body: body.toString(),
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: `${via === 'varnish' ? 'http' : 'https'}://${host}:${port}`,
      'Sec-Fetch-Site': 'same-origin',
      ...headers,
    },
  })
}

test("the VCL's rules one by one, against a fake origin and one that refuses connections (varnishtest)", async () => {
  // Cookies, stale-if-error past stale-while-revalidate and refused connections, which the origins
  // below never produce on purpose: tests/varnish/default.vtc says what each request must do.
  const vtc = path.join(root, 'tests/varnish/default.vtc')
  // varnishtest compiles the VCL as Varnish's own unprivileged user, which cannot enter a checkout in a
  // 0700 directory (a clone under /root): it gets a world-readable copy of the shipped files.
  const deploy = fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-vcl-'))
  fs.chmodSync(deploy, 0o755)
  for (const file of fs.readdirSync(path.join(root, 'deploy/varnish'))) {
    fs.copyFileSync(path.join(root, 'deploy/varnish', file), path.join(deploy, file))
    fs.chmodSync(path.join(deploy, file), 0o644)
  }
  onTestFinished(() => fs.rmSync(deploy, { recursive: true, force: true }))
  const run = promisify(execFile)('varnishtest', ['-D', `deploy=${deploy}`, vtc], {
    encoding: 'utf8',
    env: { ...process.env, PATH: `${process.env.PATH}:/usr/sbin` }, // it runs varnishd, which Debian puts there
  })
  const { stdout } = await run.catch((e: { stdout: string; stderr: string }) => {
    throw new Error(`varnishtest failed:\n${e.stdout.slice(-4000)}${e.stderr}`)
  })
  expect(stdout).toMatch(/TEST .*default\.vtc passed/)
})

describe('Caddy → Varnish → two origins on one PostgreSQL, with the shipped configs', () => {
  test('400 page views, a third with ad-click parameters: at least 95 % are cache hits', async () => {
    const tracking = ['utm_source=google&utm_medium=cpc&gclid=', 'fbclid=', 'utm_campaign=spring&msclkid=', 'mc_cid=x&mc_eid=']
    const before = stack.varnish!.stats()
    const cache: string[] = []
    const statuses = new Set<number>()
    for (let i = 0; i < 400; i++) {
      const site = SITES[i % 2]!
      const page = PAGES[Math.floor(i / 2) % PAGES.length]!
      const query = i % 3 === 0 ? `?${tracking[i % tracking.length]}${i}` : ''
      const answer = await send('caddy', site.host, page + query)
      statuses.add(answer.status)
      cache.push(String(answer.headers['x-cache']))
    }
    const hits = cache.filter((c) => c === 'HIT').length
    const figures = {
      views: cache.length,
      withTrackingParameters: Math.ceil(400 / 3),
      hits,
      hitRatio: `${((100 * hits) / cache.length).toFixed(1)} %`,
    }
    console.info('[deploy] cache figures', figures)
    expect([...statuses]).toEqual([200])
    expect(hits / cache.length).toBeGreaterThanOrEqual(0.95)
    // Varnish's own count agrees (its worker threads publish their counters a moment later).
    const counted = (name: string) => stack.varnish!.stats()[name]! - before[name]!
    await expect.poll(() => counted('MAIN.cache_hit'), { interval: 250 }).toBe(hits)
    console.info('[deploy] varnishstat', { cache_hit: counted('MAIN.cache_hit'), cache_miss: counted('MAIN.cache_miss') })
  })

  test('each host gets its own pages, through Varnish and through Caddy', async () => {
    for (const via of ['varnish', 'caddy'] as const) {
      for (const [i, site] of SITES.entries()) {
        const other = SITES[1 - i]!
        const page = await send(via, site.host, '/about?utm_source=newsletter')
        expect(page.status).toBe(200)
        expect(page.text).toContain(`<title>About | ${site.name}</title>`)
        expect(page.text).toContain(`<link rel="canonical" href="https://${site.host}/about"/>`)
        expect(page.text).not.toContain(other.name)
      }
    }
  })

  test('Caddy gets a certificate for a host a site lists and none for any other', async () => {
    const served = await send('caddy', SITES[1]!.host, '/')
    expect(served.status).toBe(200)
    await expect(send('caddy', 'unlisted.test', '/')).rejects.toThrow()
  })

  test('a form post through Varnish and one through Caddy over HTTPS are each stored once', async () => {
    const posts = [
      { via: 'varnish' as const, site: SITES[0]!, email: 'through-varnish@example.com' },
      { via: 'caddy' as const, site: SITES[1]!, email: 'through-caddy@example.com' },
    ]
    for (const { via, site, email } of posts) {
      const spoofed: Record<string, string> = via === 'caddy' ? { 'X-Forwarded-For': '203.0.113.9' } : {}
      const answer = await postLead(via, site.host, email, spoofed)
      expect(answer.status, answer.text.slice(0, 300)).toBe(200)
      expect(answer.text).toContain('Thank you! Your request was sent.')
      expect(answer.headers['x-cache']).toBe('MISS')
      const stored = await db.query(`SELECT site, client_ip, user_agent FROM leads WHERE lead_json->>'email' = $1`, [email])
      expect(stored.rows).toEqual([{ site: site.pageId, client_ip: null, user_agent: null }]) // nothing the visitor did not type
    }
  })

  test('Caddy replaces what a visitor writes in X-Forwarded-For: two posts claiming two addresses are one visitor', async () => {
    // The visit counter counts a visitor (address and browser) once a day: had the origin believed the
    // spoofed addresses, the second post would count as a second visitor.
    const visit = (spoofed: string) =>
      send('caddy', SITES[0]!.host, '/api/visits', {
        method: 'POST',
        body: '{}',
        headers: {
          'Content-Type': 'application/json',
          'Sec-Fetch-Site': 'same-origin',
          'User-Agent': 'Mozilla/5.0 (X11; Linux x86_64) deploy-test-visitor',
          'X-Forwarded-For': spoofed,
        },
      })
    const counted = async (spoofed: string) => {
      const answer = await visit(spoofed)
      expect(answer.status, answer.text.slice(0, 300)).toBe(200)
      return (JSON.parse(answer.text) as { counted: boolean }).counted
    }
    expect(await counted('203.0.113.9')).toBe(true)
    expect(await counted('203.0.113.10')).toBe(false)
  })

  test('the console behind Caddy: its own host over HTTPS, straight to the origins (never the cache), a __Host- cookie, posts from its own origin only', async () => {
    const storage = await openStorage({ databaseUrl, dataDir: tempDir('deploy-console-'), defaultSite: SITES[0]!.pageId })
    onTestFinished(() => storage.close())
    const { token } = await signedInSession(storage.console, 'ops@agency.example', 'staff')
    const viaCaddy = (pathname: string, options: Options = {}) => send('caddy', CONSOLE_HOST, pathname, options)

    const first = await viaCaddy('/')
    expect(first.status).toBe(200)
    expect(first.text).toContain('Sign in with a passkey')
    expect(first.headers['cache-control']).toBe('private, no-store')
    expect(first.headers['x-cache']).toBeUndefined() // Varnish (which marks every answer HIT or MISS) never saw it
    // On https the session's cookie is __Host- prefixed: the plain name signs no one in.
    expect((await viaCaddy('/sites', { headers: { Cookie: `tradesite-console=${token}` } })).status).toBe(303)
    const cookie = `__Host-tradesite-console=${token}`
    const sites = await viaCaddy('/sites', { headers: { Cookie: cookie } })
    expect(sites.status).toBe(200)
    for (const site of SITES) expect(sites.text).toContain(site.name)

    // A post must come from the console's public origin (CONSOLE_URL: Caddy's https one, not the origin's own port).
    const signOut = (origin: string) =>
      viaCaddy('/sign-out', {
        method: 'POST',
        body: '',
        headers: { Cookie: cookie, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      })
    expect((await signOut(`https://${SITES[0]!.host}:${stack.caddy!.port}`)).status).toBe(403)
    expect((await signOut(consoleUrl.replace('https:', 'http:'))).status).toBe(403)
    expect((await viaCaddy('/sites', { headers: { Cookie: cookie } })).status).toBe(200) // still signed in
    const out = await signOut(consoleUrl)
    expect(out.status).toBe(302) // to the sign-in page
    expect(String(out.headers['set-cookie'])).toMatch(/^__Host-tradesite-console=;.*; Secure/)
    expect((await viaCaddy('/sites', { headers: { Cookie: cookie } })).status).toBe(303)

    // A site's host name, through Caddy and the cache, never serves the console.
    expect((await send('caddy', SITES[0]!.host, '/sites')).status).toBe(404)
  })

  test("each host reaches one origin (Varnish's shard director, by Host), the same one for every request", async () => {
    const from = marks()
    for (const site of SITES) await reachOrigins(site, 10)
    // A request's log line is written when its answer ends: polled, as Varnish may have its answer first.
    for (const site of SITES) await expect.poll(() => answeredBy(from, site).length).toBe(1)
    console.info('[deploy] origin (index) by host', Object.fromEntries(SITES.map((site) => [site.host, answeredBy(from, site)[0]])))
  })

  test("the origin a host reaches stopped with SIGTERM and started again under 20 clients: no request fails, the host's requests go to the other origin meanwhile and back to it after", async () => {
    const mark = marks()
    await reachOrigins(SITES[0]!, 3)
    await expect.poll(() => answeredBy(mark, SITES[0]!).length).toBe(1)
    const chosen = answeredBy(mark, SITES[0]!)[0]!
    const other = 1 - chosen
    const outcomes = { requests: 0, failed: [] as string[] }
    let running = true
    let n = 0
    // Each client reads a cached page, the visit counter (always passed to an origin) and a new
    // address (a miss the origins answer with their 404 page), over and over.
    const client = async () => {
      while (running) {
        const site = SITES[n % 2]!
        for (const pathname of [PAGES[n % PAGES.length]!, '/api/visits', `/no-such-page-${n++}`]) {
          try {
            const answer = await send('caddy', site.host, pathname)
            if (answer.status >= 500) outcomes.failed.push(`${answer.status} ${pathname}`)
          } catch (e) {
            outcomes.failed.push(`${(e as Error).message} ${pathname}`)
          }
          outcomes.requests++
        }
      }
    }
    const clients = Array.from({ length: 20 }, client)
    await new Promise((r) => setTimeout(r, 1_000))
    const stopping = Date.now()
    const beforeStop = marks()
    await stack.origins![chosen]!.stop()
    const stoppedAfterMs = Date.now() - stopping
    // Meanwhile the host's requests went to the other origin (the next healthy one on the ring).
    await reachOrigins(SITES[0]!, 3)
    expect(answeredBy(beforeStop, SITES[0]!)).toContain(other)
    stack.origins![chosen] = await startOrigin(chosen)
    const restartedAt = stack.varnish!.stats()
    // Back in the director once its probe has seen three good answers, then serving its share.
    const originRequests = () => {
      const stats = stack.varnish!.stats()
      const name = Object.keys(stats).find((k) => new RegExp(`^VBE\\.[^.]+\\.origin_${chosen + 1}\\.req$`).test(k))!
      return stats[name]! - restartedAt[name]!
    }
    // Longer than the suite's bound: Varnish probes it back first (three good answers a second apart), then it takes its
    // share of 20 clients that each wait for their answers, on a busy machine.
    await expect.poll(originRequests, { timeout: 45_000, interval: 250 }).toBeGreaterThan(20)
    running = false
    await Promise.all(clients)
    console.info('[deploy] rolling restart figures', {
      clients: 20,
      requests: outcomes.requests,
      failed: outcomes.failed.length,
      failures: [...new Set(outcomes.failed.map((f) => f.replace(/\d+$/, 'N')))],
      sigtermToExitMs: stoppedAfterMs,
      servedByRestartedOrigin: originRequests(),
    })
    expect(outcomes.failed).toEqual([])
    // Back on the ring: the host's requests are its own origin's again, and only its.
    const back = marks()
    await reachOrigins(SITES[0]!, 3)
    await expect.poll(() => answeredBy(back, SITES[0]!)).toEqual([chosen])
  })

  test('a site added to SITES_FILE is served by both origins once each says it read the file, without a restart', async () => {
    expect((await send('varnish', ADDED.host, '/')).status).toBe(404)
    await expect(send('caddy', ADDED.host, '/')).rejects.toThrow() // no certificate for a host no site lists
    const written = Date.now()
    const added = (origin: Stack['origins'][number]) =>
      origin.logLines().some((line) => line.event === 'sites.reloaded' && (line.added as string[]).includes(ADDED.pageId))
    fs.writeFileSync(sitesFile, sitesJson([...SITES, ADDED]))
    // Waited for by each origin's announcement (logged once the new sites serve), however long a busy machine takes;
    // then both serve it (each asked directly), through Varnish, and over HTTPS. The time is printed.
    await expect.poll(() => stack.origins!.every(added)).toBe(true)
    const servedBy = async (origin: Stack['origins'][number]) =>
      (await origin.request(ADDED.host, '/about')).text.includes(`About | ${ADDED.name}`)
    expect(await Promise.all(stack.origins!.map(servedBy))).toEqual([true, true])
    console.info('[deploy] new site served by both origins after', Date.now() - written, 'ms')
    expect((await send('varnish', ADDED.host, '/about')).text).toContain(`About | ${ADDED.name}`)
    const page = await send('caddy', ADDED.host, '/')
    expect(page.status).toBe(200)
    expect(page.text).toContain(ADDED.name)
  })

  test('/metrics on each origin lists the series, with per-site labels', async () => {
    for (const origin of stack.origins!) {
      const text = await (await fetch(`${origin.metricsUrl()}/metrics`)).text()
      for (const series of [
        'tradesite_http_requests_total',
        'tradesite_render_seconds',
        'tradesite_record_age_seconds',
        'tradesite_record_fetch_failures_total',
        'tradesite_leads',
        'tradesite_lead_oldest_pending_seconds',
        'tradesite_images',
        'tradesite_page_cache_bytes',
      ])
        expect(text, series).toContain(`# TYPE ${series} `)
      // Each origin serves the sites Varnish sends it (by Host): the ones its log shows it answered.
      for (const site of SITES.filter((s) => served(origin, s))) {
        expect(text).toMatch(new RegExp(`tradesite_http_requests_total\\{[^}]*site="${site.pageId}"`))
        expect(text).toMatch(new RegExp(`tradesite_record_age_seconds\\{[^}]*site="${site.pageId}"`))
      }
    }
  })

  test("every log line is JSON, and none holds a visitor's details", async () => {
    const entries = everyOrigin.flatMap((origin) => origin.logLines()) // throws on a line that is not JSON
    const requests = entries.filter((e) => e.event === 'request')
    console.info('[deploy] log lines', { lines: entries.length, requestLines: requests.length })
    expect(requests.length).toBeGreaterThan(100)
    for (const line of requests)
      expect(Object.keys(line)).toEqual(
        expect.arrayContaining(['time', 'site', 'method', 'path', 'status', 'bytes', 'ms', 'cache', 'reqId']),
      )
    const lines = entries.map((e) => JSON.stringify(e))
    const visitor = [
      validLead.firstName,
      validLead.lastName,
      validLead.phone,
      validLead.address,
      'through-varnish@example.com',
      'through-caddy@example.com',
    ]
    for (const line of lines) for (const detail of visitor) expect(line).not.toContain(detail)
  })

  test('both origins down: cached pages past their s-maxage are still served', async () => {
    await Promise.all(stack.origins!.map((origin) => origin.kill()))
    await new Promise((r) => setTimeout(r, (RECORD_TTL_SECONDS + 1) * 1_000))
    for (const site of SITES)
      for (const page of PAGES) {
        const answer = await send('caddy', site.host, page)
        expect(answer.status, `${site.host}${page}`).toBe(200)
        expect(answer.text).toContain(site.name)
        expect(Number(answer.headers.age)).toBeGreaterThan(RECORD_TTL_SECONDS)
      }
  })
})
