// The console's Sites page with 500 sites (issue 35): each site with 20 leads over the last two weeks and
// two months of results (visitors, estimate requests, page views on 10 pages, by device), an admin signed in;
// prints how long the page takes to answer (loopback: the server's time), first and warm, median and p95.
// The bar is 300 ms on this machine; it is a bench, not a test. BENCH_SITES, BENCH_RUNS, BENCH_PORT change it.
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import Database from 'better-sqlite3'
import { startSite } from './serve.js'

const SITES = Number(process.env.BENCH_SITES ?? 500)
const RUNS = Number(process.env.BENCH_RUNS ?? 20)
const LEADS_PER_SITE = 20
const port = Number(process.env.BENCH_PORT ?? 3310)
const consolePort = port + 1
const DAY = 24 * 3600 * 1000

// The provider: a small record per site (a name, services, no pictures: the page's work is what is measured).
const provider = http.createServer((req, res) => {
  const id = req.url?.match(/^\/api\/paginas\/(site-\d+)$/)?.[1]
  if (!id) return void res.writeHead(404).end()
  const record = { dbPrincipal: { name: `Contractor ${id.slice(5)} Fences` }, dbServices: [{ name: 'Wood Fence' }, { name: 'Decks' }] }
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(record))
})
await new Promise((resolve) => provider.listen(0, '127.0.0.1', () => resolve(undefined)))
const apiUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (provider.address()).port}/api`

const ids = Array.from({ length: SITES }, (_, i) => `site-${i + 1}`)
const dir = fs.mkdtempSync(path.join((await import('node:os')).tmpdir(), 'bench-console-'))
const sitesFile = path.join(dir, 'sites.json')
fs.writeFileSync(sitesFile, JSON.stringify(ids.map((id) => ({ hosts: [`${id}.test`], pageId: id }))))

const started = Date.now()
const site = await startSite(port, {
  env: { SITES_FILE: sitesFile, PAGE_API_URL: apiUrl, CONSOLE_PORT: String(consolePort), RECORD_TTL_SECONDS: '3600' },
})
console.log(`${SITES} sites, console on port ${consolePort}; started in ${((Date.now() - started) / 1000).toFixed(1)} s`)

// The stored history, written straight into the server's SQLite files (one transaction each: seconds, not minutes).
const now = Date.now()
const leads = new Database(path.join(site.dataDir, 'leads.sqlite'))
const visits = new Database(path.join(site.dataDir, 'visits.sqlite'))
const insertLead =
  leads.prepare(`INSERT INTO leads (id, idempotency_key, page_id, site, created_at, lead_json, relay_body_json, relay_url, state,
  attempts, queued_at, next_attempt_at, delivered_at) VALUES (?, ?, ?, ?, ?, ?, '{}', 'https://relay.invalid/', ?, 1, ?, ?, ?)`)
const typed = JSON.stringify({
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.com',
  phone: '(720) 555-0101',
  address: '',
  service: 'Decks',
  contactWays: ['phone'],
  message: '',
})
leads.transaction(() => {
  for (const id of ids)
    for (let i = 0; i < LEADS_PER_SITE; i++) {
      const at = now - Math.floor((i / LEADS_PER_SITE) * 14 * DAY)
      const state = i % 10 === 0 ? 'failed' : 'delivered'
      const leadId = `${id}-${i}`
      insertLead.run(leadId, leadId, id, id, at, typed, state, at, at, state === 'delivered' ? at : null)
    }
})()
const bump = visits.prepare(
  'INSERT INTO results_counts (site, day, metric, label, device, n) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING',
)
let counts = 0
visits.transaction(() => {
  for (const id of ids)
    for (let d = 0; d < 60; d++) {
      const day = new Date(now - d * DAY).toISOString().slice(0, 10)
      for (const device of ['phone', 'desktop']) {
        bump.run(id, day, 'visitors', '', device, 5 + (d % 7))
        bump.run(id, day, 'estimate', 'home', device, d % 3)
        for (let p = 0; p < 10; p++) bump.run(id, day, 'views', `/page-${p}`, device, 3)
        counts += 12
      }
    }
})()
// An admin with a session the bench knows the token of.
const token = randomBytes(32).toString('base64url')
leads
  .prepare("INSERT INTO console_people (id, email, role, sites, created_at) VALUES ('bench', 'bench@agency.example', 'admin', '[]', ?)")
  .run(now)
leads
  .prepare("INSERT INTO console_sessions (id_hash, person_id, passkey_id, created_at, last_seen_at) VALUES (?, 'bench', NULL, ?, ?)")
  .run(createHash('sha256').update(token).digest('base64url'), now, now)
leads.close()
visits.close()
console.log(`stored: ${SITES * LEADS_PER_SITE} leads, ${counts} result counts`)

/** @param {string} pathname @returns {Promise<{ ms: number, status: number | undefined, bytes: number }>} */
const timed = (pathname) =>
  new Promise((resolve, reject) => {
    const start = performance.now()
    http
      .get(
        {
          host: '127.0.0.1',
          port: consolePort,
          path: pathname,
          agent: false,
          headers: { host: `localhost:${consolePort}`, cookie: `tradesite-console=${token}` },
        },
        (res) => {
          let bytes = 0
          res.on('data', (d) => (bytes += d.length))
          res.on('end', () => resolve({ ms: performance.now() - start, status: res.statusCode, bytes }))
        },
      )
      .on('error', reject)
  })

const stats = (/** @type {number[]} */ list) => {
  const sorted = [...list].sort((a, b) => a - b)
  const at = (/** @type {number} */ q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN
  return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`
}
/** @type {[string, string][]} */
const pages = process.env.BENCH_WARM ? [['Account page (warm-up)', '/account']] : []
pages.push(
  ['Sites page (all, first 50 shown)', '/sites'],
  ['Sites page, filter "needs attention"', '/sites?filter=attention'],
  ['Sites page, a search', '/sites?q=site-42'],
)
for (const [label, pathname] of pages) {
  const first = await timed(pathname)
  if (first.status !== 200) throw new Error(`${pathname}: ${first.status}`)
  const times = []
  for (let i = 0; i < RUNS; i++) times.push((await timed(pathname)).ms)
  console.log(`${label}: first ${first.ms.toFixed(0)} ms; then ${stats(times)} (${RUNS} runs, ${(first.bytes / 1024).toFixed(0)} KiB)`)
}
console.log('bar: 300 ms (shared 2-core machine: figures are indicative)')
await site.stop()
provider.close()
fs.rmSync(dir, { recursive: true, force: true })
