// RSS of the production server before and after a flood of distinct URLs, as crawlers and ad links
// make them (issue 38): a real-sized record (14 services), 20 requests at a time, 10 000 ×
// /services?utm_source=x{i}&fbclid={i} (tracking parameters on a real page) and 10 000 × /svc-{i}
// (unknown service addresses, 404). Prints RSS at start, after the real pages, after each half of the
// flood and 5 s later (what the process keeps), for each run; `-- --runs 3` starts a fresh server for
// each of three runs and ends with the largest figure. `-- --record demo` floods the demo record instead.
import { parseArgs } from 'node:util'
import { demoRoutes, startSite } from './serve.js'
import { fourteenServiceRecord } from './fourteen-services.js'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '1' }, record: { type: 'string', default: '14' } } })
const RUNS = Number(values.runs)
const PER_HALF = Number(process.env.FLOOD_URLS ?? 20_000) / 2
const CONCURRENCY = 20
const GOAL_MB = 200
const record = values.record === 'demo' ? undefined : fourteenServiceRecord()

/** @param {string} url @param {(i: number) => string} pathAt */
async function flood(url, pathAt) {
  /** @type {Record<number, number>} */
  const statuses = {}
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PER_HALF) {
        const response = await fetch(url + pathAt(next++), { headers: { 'accept-encoding': 'br, gzip' } })
        await response.arrayBuffer()
        statuses[response.status] = (statuses[response.status] ?? 0) + 1
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  return `${seconds.toFixed(1)} s, ${(PER_HALF / seconds).toFixed(0)} req/s, statuses ${JSON.stringify(statuses)}`
}

console.log(
  `flood: ${record ? '14-service record' : 'demo record'}, ${CONCURRENCY} at a time, ${PER_HALF} × /services?utm_source=x{i}&fbclid={i} then ${PER_HALF} × /svc-{i}; ` +
    `${RUNS} run(s), a fresh server each (shared 2-core machine: figures are indicative)`,
)
const finals = []
for (let run = 1; run <= RUNS; run++) {
  const site = await startSite(Number(process.env.BENCH_PORT ?? 3305), { record })
  const rss = () => `${site.rssMb().toFixed(0)} MB`
  console.log(`\nrun ${run}\n  RSS at start:              ${rss()}`)
  for (const route of demoRoutes) await (await fetch(site.url + route)).arrayBuffer()
  console.log(`  RSS after the real pages:  ${rss()}`)
  const tracking = await flood(site.url, (i) => `/services?utm_source=x${i}&fbclid=${i}`)
  console.log(`  RSS after /services?utm…:  ${rss()}  (${tracking})`)
  const unknown = await flood(site.url, (i) => `/svc-${i}`)
  console.log(`  RSS after /svc-{i}:        ${rss()}  (${unknown})`)
  await new Promise((resolve) => setTimeout(resolve, 5000))
  finals.push(site.rssMb())
  console.log(`  RSS 5 s later:             ${rss()}`)
  await site.stop()
}
const worst = Math.max(...finals)
console.log(
  `\nRSS after ${PER_HALF * 2} distinct URLs: ${finals.map((mb) => mb.toFixed(0)).join(', ')} MB; largest ${worst.toFixed(0)} MB (goal ≤ ${GOAL_MB} MB: ${worst <= GOAL_MB ? 'met' : 'NOT met'})`,
)
