// RSS of the production server before and after a flood of requests for distinct URLs, as
// crawlers and ad links make them: tracking query strings (utm_*, fbclid, gclid) on real pages
// and unknown paths. Prints RSS at start, after warming the real pages, after the flood, and
// after a pause (what the process keeps).
import { demoRoutes, startSite } from './serve.js'

const URLS = Number(process.env.FLOOD_URLS ?? 20_000)
const CONCURRENCY = 16
const site = await startSite(Number(process.env.BENCH_PORT ?? 3305))
const rssMb = async () => site.rssMb()

/** @param {number} i */
const urlAt = (i) => {
  const page = demoRoutes[i % demoRoutes.length]
  switch (i % 4) {
    case 0:
      return `${page}?utm_source=ad${i}&utm_campaign=c${i % 97}`
    case 1:
      return `${page}?fbclid=IwAR${i.toString(36)}x${i}`
    case 2:
      return `${page}?gclid=Cj0K${i}&ref=${i}`
    default:
      return `/no-such-page-${i}`
  }
}

console.log(`flood: ${URLS} distinct URLs, ${CONCURRENCY} at a time (shared 2-core machine: figures are indicative)`)
console.log(`RSS at start:           ${(await rssMb()).toFixed(0)} MB`)
for (const route of demoRoutes) await (await fetch(site.url + route)).arrayBuffer()
console.log(`RSS after real pages:   ${(await rssMb()).toFixed(0)} MB`)
const statuses = new Map()
let next = 0
const started = performance.now()
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < URLS) {
      const response = await fetch(site.url + urlAt(next++), { headers: { 'accept-encoding': 'br, gzip' } })
      await response.arrayBuffer()
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
    }
  }),
)
const seconds = (performance.now() - started) / 1000
console.log(
  `RSS after the flood:    ${(await rssMb()).toFixed(0)} MB  (${seconds.toFixed(1)} s, ${(URLS / seconds).toFixed(0)} req/s; statuses ${JSON.stringify(Object.fromEntries(statuses))})`,
)
await new Promise((r) => setTimeout(r, 5000))
console.log(`RSS 5 s later:          ${(await rssMb()).toFixed(0)} MB`)
site.stop()
