// Many sites on several origins sharing one throwaway PostgreSQL (DATABASE_URL), as an agency's fleet runs:
// what the fleet costs the provider, the photo hosts and the database. Every site's record is the demo's
// (its stock pictures, the same for every site) plus BENCH_PHOTOS photos of its own (distinct bytes each).
// Prints record fetches per site per ttl, downloads and encodes per photo, the pages' agreement between
// origins, the connections each origin held (pg_stat_activity, sampled throughout and under a burst of
// BENCH_BEACONS page-view beacons per origin), and the database size per site.
//   npm run bench:fleet            BENCH_SITES (100), BENCH_ORIGINS (3), BENCH_PHOTOS (2), BENCH_TTL (6 s), BENCH_BEACONS (400)
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import sharp from 'sharp'
import { root } from '../server/process/ensure-build.js'
import { benchDatabase, benchPort, untilHealthy } from './serve.js'

const SITES = Number(process.env.BENCH_SITES ?? 100)
const ORIGINS = Number(process.env.BENCH_ORIGINS ?? 3)
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 2)
const TTL_S = Number(process.env.BENCH_TTL ?? 6)
const BEACONS = Number(process.env.BENCH_BEACONS ?? 400)
const WINDOW_TTLS = 3
const [WIDTH, HEIGHT] = [2400, 1800] // wider than the largest variant (1920), so every width is made, as for a phone photo
const port = benchPort(3410)

/** @param {http.Server} server */
const listen = (server) =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`),
    ),
  )
const ids = Array.from({ length: SITES }, (_, i) => `site-${i + 1}`)

// The image host: the demo's pictures, and each site's own photos (made here, a tint and grain apiece so no two are alike).
const demoDir = path.join(root, 'public')
/** @type {Map<string, Buffer>} */
const files = new Map()
/** @type {Map<string, number>} */
const downloads = new Map()
const base = await sharp(path.join(demoDir, 'demo/images/deck-1.webp'))
  .resize(WIDTH, HEIGHT, { fit: 'cover' })
  .raw()
  .toBuffer({ resolveWithObject: true })
process.stdout.write(`making ${SITES * PHOTOS} site photos (${WIDTH}×${HEIGHT}) `)
for (const [s, id] of ids.entries()) {
  for (let p = 0; p < PHOTOS; p++) {
    const tint = { r: (s * 37 + p * 91) % 256, g: (s * 53 + p * 17) % 256, b: (s * 11 + p * 131) % 256, alpha: 0.18 }
    const photo = await sharp(base.data, { raw: base.info })
      .composite([{ input: { create: { width: WIDTH, height: HEIGHT, channels: 4, background: tint } } }])
      .jpeg({ quality: 88 })
      .toBuffer()
    files.set(`/${id}/photo-${p + 1}.jpg`, photo)
  }
  if (s % 10 === 9) process.stdout.write('.')
}
console.log()
const imageHost = http.createServer((req, res) => {
  const url = req.url ?? ''
  downloads.set(url, (downloads.get(url) ?? 0) + 1)
  const own = files.get(url)
  const demo = !own && url.startsWith('/demo/images/') && !url.includes('..') ? path.join(demoDir, url) : undefined
  if (own) return void res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(own)
  if (demo && fs.existsSync(demo)) return void res.writeHead(200, { 'Content-Type': 'image/webp' }).end(fs.readFileSync(demo))
  res.writeHead(404).end()
})
const hostOrigin = await listen(imageHost)

// The provider: one record per site, and a count of the fetches of each.
const demoRecord = fs.readFileSync(path.join(root, 'demo/record.json'), 'utf8').replaceAll('"/demo/images/', `"${hostOrigin}/demo/images/`)
/** @type {Map<string, number[]>} */
const fetches = new Map()
const provider = http.createServer((req, res) => {
  const id = req.url?.match(/^\/api\/paginas\/(site-\d+)$/)?.[1]
  if (!id) return void res.writeHead(404).end()
  fetches.set(id, [...(fetches.get(id) ?? []), Date.now()])
  const record = JSON.parse(demoRecord)
  record.dbPrincipal = { ...record.dbPrincipal, name: `Contractor ${id.slice(5)} Fences` }
  record.gallery = [...Array.from({ length: PHOTOS }, (_, p) => `${hostOrigin}/${id}/photo-${p + 1}.jpg`), ...(record.gallery ?? [])]
  res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(record))
})
const apiUrl = `${await listen(provider)}/api`

const sitesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-')), 'sites.json')
fs.writeFileSync(sitesFile, JSON.stringify(ids.map((id) => ({ hosts: [`${id}.test`], pageId: id, siteUrl: `https://${id}.test` }))))

const { server, databaseUrl } = await benchDatabase()
const db = new pg.Client({ connectionString: databaseUrl })
await db.connect()

// The connections each origin holds, by the application_name it sets (its ORIGIN_NAME), sampled until the end.
/** @type {Map<string, number>} */
const mostConnections = new Map()
let sampling = true
const sampler = (async () => {
  const watch = new pg.Client({ connectionString: databaseUrl })
  await watch.connect()
  while (sampling) {
    const { rows } = await watch.query(
      `SELECT application_name AS name, count(*)::int AS n FROM pg_stat_activity
       WHERE datname = current_database() AND application_name LIKE 'tradesite %' GROUP BY 1`,
    )
    for (const { name, n } of rows) mostConnections.set(name, Math.max(mostConnections.get(name) ?? 0, n))
    await new Promise((r) => setTimeout(r, 50))
  }
  await watch.end()
})()

/** One origin: the production server with its own DATA_DIR, its metrics on a port of its own. @param {number} i */
async function startOrigin(i) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-origin-'))
  const child = spawn(process.execPath, ['server/process/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port + i),
      HOST: '127.0.0.1',
      METRICS_PORT: String(port + 100 + i),
      DATA_DIR: dataDir,
      DRAIN_SECONDS: '0',
      SITES_FILE: sitesFile,
      PAGE_API_URL: apiUrl,
      DATABASE_URL: databaseUrl,
      ORIGIN_NAME: `bench-origin-${i + 1}`,
      RESULTS_RATE_LIMIT: '1000000',
      OUTBOUND_ALLOW_ORIGINS: hostOrigin,
      RECORD_TTL_SECONDS: String(TTL_S),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port + i}`
  await untilHealthy(url, child, `origin ${i + 1}`)
  return { url, metrics: `http://127.0.0.1:${port + 100 + i}/metrics`, child, dataDir }
}

const started = Date.now()
const origins = await Promise.all(Array.from({ length: ORIGINS }, (_, i) => startOrigin(i)))
console.log(
  `${SITES} sites on ${ORIGINS} origins, one PostgreSQL; ${PHOTOS} own photos a site; record ttl ${TTL_S} s (shared 2-core machine: times are indicative)`,
)
console.log(`origins answering after ${((Date.now() - started) / 1000).toFixed(1)} s`)

const photosWanted = async () =>
  (await db.query(`SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'pending')::int AS pending FROM image_sources`)).rows[0]
for (;;) {
  const { n, pending } = await photosWanted()
  if (n >= SITES * PHOTOS && pending === 0) break
  await new Promise((r) => setTimeout(r, 1000))
}
console.log(`every photo made after ${((Date.now() - started) / 1000).toFixed(1)} s`)

/** @param {string} url @param {string} step */
const work = async (url, step) =>
  Number(new RegExp(`^tradesite_image_work_total\\{step="${step}"\\} (\\d+)`, 'm').exec(await (await fetch(url)).text())?.[1] ?? 0)
const { rows: states } = await db.query(`SELECT state, count(*)::int AS n FROM image_sources GROUP BY state ORDER BY state`)
const variants = (await db.query('SELECT count(*)::int AS n, coalesce(sum(bytes), 0)::bigint AS bytes FROM image_variants')).rows[0]
const encodes = (await Promise.all(origins.map((o) => work(o.metrics, 'encode')))).reduce((a, b) => a + b, 0)
const fetched = [...downloads.entries()].filter(([url]) => url !== '/favicon.ico')
const sources = states.reduce((sum, s) => sum + s.n, 0)
console.log(
  `photos: ${states.map((s) => `${s.n} ${s.state}`).join(', ')}; ${variants.n} distinct (a stock picture every site shows is one)`,
)
console.log(
  `downloads per photo: ${(fetched.reduce((sum, [, n]) => sum + n, 0) / sources).toFixed(2)} (max ${Math.max(...fetched.map(([, n]) => n))}); ` +
    `encodes per distinct photo: ${(encodes / variants.n).toFixed(2)} (by origin: ${(await Promise.all(origins.map((o) => work(o.metrics, 'encode')))).join(', ')})`,
)

// The same page of every site from every origin: one ETag per site when the origins agree.
/** @param {string} base @param {string} host @returns {Promise<{ status: number | undefined, etag: string | undefined }>} */
const head = (base, host) =>
  new Promise((resolve, reject) => {
    http
      .get(`${base}/gallery`, { agent: false, headers: { host, 'accept-encoding': 'br' } }, (res) =>
        res.resume().on('end', () => resolve({ status: res.statusCode, etag: /** @type {string | undefined} */ (res.headers.etag) })),
      )
      .on('error', reject)
  })
let differ = 0
let notOk = 0
for (const id of ids) {
  const answers = await Promise.all(origins.map((o) => head(o.url, `${id}.test`)))
  notOk += answers.filter((a) => a.status !== 200).length
  if (new Set(answers.map((a) => a.etag)).size > 1) differ++
}
console.log(`/gallery of every site from every origin: ${notOk} not 200; ${differ} of ${SITES} sites differ between origins`)

// A burst of page-view beacons on every origin at once (each a handful of statements), spread over the sites.
/** @param {string} base @param {string} host @param {number} i @returns {Promise<number | undefined>} */
const beacon = (base, host, i) =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({ a: 'view', p: '/', r: `ref-${i % 7}.example` })
    http
      .request(
        `${base}/api/results`,
        {
          method: 'POST',
          agent: false,
          headers: {
            host,
            'content-type': 'text/plain;charset=UTF-8',
            'sec-fetch-site': 'same-origin',
            'user-agent': `Mozilla/5.0 (Linux; Android 14) Chrome/130.0.0.0 Mobile Safari/537.36 bench-${i}`,
          },
        },
        (res) => res.resume().on('end', () => resolve(res.statusCode)),
      )
      .on('error', reject)
      .end(body)
  })
const burstStarted = Date.now()
const beaconStatuses = await Promise.all(
  origins.flatMap((o) => Array.from({ length: BEACONS }, (_, i) => beacon(o.url, `${ids[i % SITES]}.test`, i))),
)
console.log(
  `${BEACONS} beacons on each origin at once: ${beaconStatuses.filter((s) => s === 204).length} of ${beaconStatuses.length} counted ` +
    `in ${((Date.now() - burstStarted) / 1000).toFixed(1)} s`,
)

const windowStart = Date.now()
await new Promise((r) => setTimeout(r, WINDOW_TTLS * TTL_S * 1000))
const perSite = ids.map((id) => (fetches.get(id) ?? []).filter((t) => t >= windowStart).length / WINDOW_TTLS)
console.log(
  `record fetches per site per ttl over ${WINDOW_TTLS} ttls: mean ${(perSite.reduce((a, b) => a + b, 0) / SITES).toFixed(2)}, ` +
    `min ${Math.min(...perSite).toFixed(2)}, max ${Math.max(...perSite).toFixed(2)}`,
)

const { rows: tables } = await db.query(
  `SELECT c.relname AS name, pg_total_relation_size(c.oid)::bigint AS bytes FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
   WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY bytes DESC`,
)
const mb = (/** @type {number} */ bytes) => `${(bytes / 1e6).toFixed(2)} MB`
const total = tables.reduce((sum, t) => sum + Number(t.bytes), 0)
const images = tables.filter((t) => t.name.startsWith('image_')).reduce((sum, t) => sum + Number(t.bytes), 0)
console.log(
  `database: ${mb(total)} (${tables
    .filter((t) => Number(t.bytes) > 100e3)
    .map((t) => `${t.name} ${mb(Number(t.bytes))}`)
    .join(', ')}); per site ${mb(total / SITES)}, of it pictures ${mb(images / SITES)}`,
)
const ownPhotoBytes = Number((await db.query(`SELECT avg(bytes)::bigint AS b FROM image_variants WHERE width > 1900`)).rows[0].b ?? 0)
console.log(`one photo's variants (every width, WebP and JPEG): ${mb(ownPhotoBytes)} on average`)

sampling = false
await sampler
const perOrigin = [...mostConnections].sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
console.log(
  `connections per origin (most at any moment, pg_stat_activity): max ${Math.max(...mostConnections.values())} ` +
    `(DATABASE_POOL_MAX ${process.env.DATABASE_POOL_MAX ?? 5} and the listening one); ${perOrigin.map(([name, n]) => `${name.replace('tradesite ', '')} ${n}`).join(', ')}`,
)

for (const origin of origins) origin.child.kill('SIGTERM')
await Promise.all(origins.map((o) => new Promise((r) => (o.child.exitCode !== null ? r(undefined) : o.child.once('exit', r)))))
for (const origin of origins) fs.rmSync(origin.dataDir, { recursive: true, force: true })
await db.end()
server.stop()
imageHost.close()
provider.close()
