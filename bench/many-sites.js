// One process serving 50 contractors (SITES_FILE, records generated from the demo): RSS after
// every site's pages were served, and the provider fetches each site makes per record ttl.
import { getAs, manySites, startSite } from './serve.js'

const SITES = Number(process.env.BENCH_SITES ?? 50)
const TTL_S = Number(process.env.BENCH_TTL ?? 6)
const WINDOW_TTLS = 3
const PAGES = ['/', '/about', '/services', '/contact', '/gallery', '/no-such-page']
const port = Number(process.env.BENCH_PORT ?? 3306)

const { ids, apiUrl, sitesFile, fetches, close } = await manySites(SITES)

const started = Date.now()
const site = await startSite(port, { env: { SITES_FILE: sitesFile, PAGE_API_URL: apiUrl, RECORD_TTL_SECONDS: String(TTL_S) } })
console.log(`${SITES} sites in one process, record ttl ${TTL_S} s (shared 2-core machine: figures are indicative)`)
console.log(`started in ${((Date.now() - started) / 1000).toFixed(1)} s; RSS ${site.rssMb().toFixed(0)} MB`)

/** @param {string} host @param {string} pathname */
const get = (host, pathname) => getAs(port, host, pathname)
let wrong = 0
for (const id of ids) for (const page of PAGES) if ((await get(`${id}.test`, page)) !== (page === '/no-such-page' ? 404 : 200)) wrong++
console.log(
  `RSS after ${PAGES.length} pages of every site: ${site.rssMb().toFixed(0)} MB${wrong ? ` (! ${wrong} unexpected statuses)` : ''}`,
)

const windowStart = Date.now()
await new Promise((r) => setTimeout(r, WINDOW_TTLS * TTL_S * 1000))
const perSite = ids.map((id) => (fetches.get(id) ?? []).filter((t) => t >= windowStart).length)
/** @type {Map<number, number>} */
const perSecond = new Map()
for (const times of fetches.values())
  for (const t of times) if (t >= windowStart) perSecond.set(Math.floor(t / 1000), (perSecond.get(Math.floor(t / 1000)) ?? 0) + 1)
console.log(
  `provider fetches per site per ttl over ${WINDOW_TTLS} ttls: min ${(Math.min(...perSite) / WINDOW_TTLS).toFixed(2)}, max ${(Math.max(...perSite) / WINDOW_TTLS).toFixed(2)}; ` +
    `busiest second ${Math.max(...perSecond.values())} fetches (of ${SITES} sites)`,
)
console.log(`RSS at the end: ${site.rssMb().toFixed(0)} MB`)
site.stop()
close()
