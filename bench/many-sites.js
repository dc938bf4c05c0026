// One process serving BENCH_SITES contractors (SITES_FILE, records generated from the demo), the production heap flags
// (bench/serve.js): start-up time and RSS; RSS after six pages of BENCH_VISITED_PERCENT of the sites; then a mix for
// BENCH_MINUTES (most sites idle, a few hot: HOT_SHARE of the requests go to HOT_PERCENT of the sites, the rest to any
// site), with its record fetches per second, its peak RSS and the process's own view (the held sites, the page cache,
// the sheds: the metrics listener's /sites). The issue asks for an hour of the mix: BENCH_MINUTES shortens it, and the
// output says by how much. Figures on a shared machine are indicative: the load average is printed with them.
import os from 'node:os'
import { getAs, manySites, startSite } from './serve.js'

const SITES = Number(process.env.BENCH_SITES ?? 2000)
const TTL_S = Number(process.env.BENCH_TTL ?? 60)
const VISITED_PERCENT = Number(process.env.BENCH_VISITED_PERCENT ?? 100)
const MINUTES = Number(process.env.BENCH_MINUTES ?? 2)
const MIX_PER_SECOND = Number(process.env.BENCH_MIX_RPS ?? 40)
const HOT_PERCENT = 1
const HOT_SHARE = 0.8
const CONCURRENCY = 8
const PAGES = ['/', '/about', '/services', '/contact', '/gallery', '/no-such-page']
const port = Number(process.env.BENCH_PORT ?? 3306)
const metricsPort = port + 1

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
/** @param {number} n */
const mb = (n) => `${n.toFixed(0)} MB`

/** The process's own view: held sites, page cache, sheds (the metrics listener's /sites), and V8's heap in use (its /metrics). */
const processState = async () => {
  const state = await (await fetch(`http://127.0.0.1:${metricsPort}/sites`)).json()
  const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text()
  return { ...state, heapUsedMb: Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(metrics)?.[1]) / 1048576 }
}
const { ids, apiUrl, sitesFile, fetches, close } = await manySites(SITES)
const started = Date.now()
const site = await startSite(port, {
  env: { SITES_FILE: sitesFile, PAGE_API_URL: apiUrl, RECORD_TTL_SECONDS: String(TTL_S), METRICS_PORT: String(metricsPort) },
})
let peak = site.rssMb()
const sampler = setInterval(() => (peak = Math.max(peak, site.rssMb())), 500)
console.log(
  `${SITES} sites in one process, record ttl ${TTL_S} s, MAX_OLD_SPACE_MB ${process.env.MAX_OLD_SPACE_MB ?? 128} (load average ${load()})`,
)
console.log(
  `started in ${((Date.now() - started) / 1000).toFixed(1)} s; RSS ${mb(site.rssMb())}, heap used ${mb((await processState()).heapUsedMb)}; ${fetches.size} records fetched at start`,
)

/** Record fetches per second since `since` (the bench's provider counts them). */
const fetchRate = (/** @type {number} */ since) =>
  ([...fetches.values()].flat().filter((t) => t >= since).length / Math.max(1, (Date.now() - since) / 1000)).toFixed(1)

/**
 * Runs `jobs` CONCURRENCY at a time; answers the unexpected statuses. `onProgress` after every tenth of the jobs.
 * @param {string[][]} jobs @param {(done: number) => Promise<void>} [onProgress]
 */
async function run(jobs, onProgress) {
  let wrong = 0
  let next = 0
  let done = 0
  const step = Math.max(1, Math.ceil(jobs.length / 10))
  const worker = async () => {
    while (next < jobs.length) {
      const [host, page] = /** @type {[string, string]} */ (jobs[next++])
      if ((await getAs(port, host, page)) !== (page === '/no-such-page' ? 404 : 200)) wrong++
      if (++done % step === 0 && done < jobs.length) await onProgress?.(done)
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, worker))
  return wrong
}

const visited = ids.slice(0, Math.round((SITES * VISITED_PERCENT) / 100))
const pagesStart = Date.now()
/** @param {number} done */
const pagesProgress = async (done) => {
  const state = await processState()
  console.log(
    `  ${done} requests (${Math.floor(done / PAGES.length)} sites): RSS ${mb(site.rssMb())}, peak ${mb(peak)}; ` +
      `${(done / ((Date.now() - pagesStart) / 1000)).toFixed(0)} requests/s; held sites ${state.heldSites?.entries}; heap used ${mb(state.heapUsedMb)}; sheds ${state.memory?.sheds}`,
  )
}
const wrong = await run(
  visited.flatMap((id) => PAGES.map((page) => [`${id}.test`, page])),
  pagesProgress,
)
const seconds = (Date.now() - pagesStart) / 1000
const afterPages = await processState()
console.log(
  `RSS after ${PAGES.length} pages of ${visited.length} sites (${VISITED_PERCENT} %): ${mb(site.rssMb())}, peak ${mb(peak)}; ` +
    `${((visited.length * PAGES.length) / seconds).toFixed(0)} requests/s over ${seconds.toFixed(0)} s (${CONCURRENCY} in flight); ` +
    `record fetches ${fetchRate(pagesStart)}/s; held sites ${afterPages.heldSites?.entries} (evictions ${afterPages.heldSites?.evictions}); heap used ${mb(afterPages.heapUsedMb)}; ` +
    `memory sheds ${afterPages.memory?.sheds}${wrong ? ` (! ${wrong} unexpected statuses)` : ''} (load average ${load()})`,
)

// The mix, for MINUTES by the clock: up to MIX_PER_SECOND requests a second (fewer when the machine cannot answer as
// many: the rate reached is printed), HOT_SHARE of them to the hot sites, the rest to any site.
const hot = ids.slice(0, Math.max(1, Math.round((SITES * HOT_PERCENT) / 100)))
/** @param {string[]} list */
const pick = (list) => /** @type {string} */ (list[Math.floor(Math.random() * list.length)])
const mixStart = Date.now()
let mixWrong = 0
let mixRequests = 0
let nextReport = mixStart + 60_000
while (Date.now() - mixStart < MINUTES * 60_000) {
  const second = Date.now()
  const jobs = Array.from({ length: MIX_PER_SECOND }, () => [`${pick(Math.random() < HOT_SHARE ? hot : ids)}.test`, pick(PAGES)])
  mixWrong += await run(jobs)
  mixRequests += jobs.length
  if (Date.now() >= nextReport) {
    nextReport += 60_000
    const now = await processState()
    console.log(
      `  mix ${((Date.now() - mixStart) / 60_000).toFixed(0)} min: RSS ${mb(site.rssMb())}, peak ${mb(peak)}; ` +
        `${(mixRequests / ((Date.now() - mixStart) / 1000)).toFixed(0)} requests/s; held sites ${now.heldSites?.entries}; heap used ${mb(now.heapUsedMb)}; sheds ${now.memory?.sheds}`,
    )
  }
  await new Promise((r) => setTimeout(r, Math.max(0, 1000 - (Date.now() - second))))
}
const mixRate = (mixRequests / Math.max(1, (Date.now() - mixStart) / 1000)).toFixed(0)
const state = await processState()
clearInterval(sampler)
console.log(
  `after ${MINUTES} min of the mix (${(MINUTES / 60).toFixed(2)} of the hour asked for; ${mixRequests} requests, ${mixRate}/s of the ${MIX_PER_SECOND}/s asked, ${HOT_SHARE * 100} % to ${hot.length} hot sites): ` +
    `RSS ${mb(site.rssMb())}, peak ${mb(peak)}; record fetches ${fetchRate(mixStart)}/s; ` +
    `held sites ${state.heldSites?.entries ?? '?'} (${mb((state.heldSites?.bytes ?? 0) / 1048576)}), page cache ${state.pageCache.pages} pages, ` +
    `memory sheds ${state.memory?.sheds ?? '?'}${mixWrong ? ` (! ${mixWrong} unexpected statuses)` : ''} (load average ${load()})`,
)
await site.stop()
close()
