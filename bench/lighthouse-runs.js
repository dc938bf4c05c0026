import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'

/** @typedef {import('lighthouse').Result} LighthouseResult */

/**
 * What Lighthouse's simulation counted for each run's LCP. Lantern (its simulated slow 4G phone) takes
 * the mean of two simulations of the load it observed on this fast machine, both cut at the LCP observed
 * here: an optimistic one (the page, its stylesheets and scripts, the pictures not of low priority) and
 * a pessimistic one (every request). A request the page made and finished before that LCP, a beacon or
 * a picture below the first screen, shares the line with the largest picture in the simulation; one
 * made later is not counted. That is most of the difference between two runs of the same build (issue
 * 46). Read by wrapping Lantern's estimate in the Lighthouse this project pins; a Lighthouse that moved
 * it leaves the benches without these lines, and nothing else changes.
 * @typedef {{ estimate: number, requests: { url: string, priority: string, bytes: number, end: number }[] }} LanternGraph
 */
/** @type {LanternGraph[]} the graphs of the run under way, optimistic first */
const lanternGraphs = []
/** @type {WeakMap<LighthouseResult, LanternGraph[]>} */
const graphsOfRun = new WeakMap()
try {
  /** @type {any} */
  const { LargestContentfulPaint: lcp } = await import('@paulirish/trace_engine/models/trace/lantern/metrics/LargestContentfulPaint.js')
  const estimate = lcp.getEstimateFromSimulation
  /** @param {{ nodeTimings: Map<any, { endTime: number }> }} simulation @param {unknown} extras */
  lcp.getEstimateFromSimulation = function (simulation, extras) {
    const result = estimate.call(this, simulation, extras)
    const requests = [...simulation.nodeTimings]
      .filter(([node]) => node.type === 'network')
      .map(([node, timing]) => ({
        url: node.request.url,
        priority: node.request.priority,
        bytes: node.request.transferSize,
        end: timing.endTime,
      }))
    lanternGraphs.push({ estimate: result.timeInMs, requests: requests.sort((a, b) => a.end - b.end) })
    return result
  }
} catch {
  // This Lighthouse keeps Lantern elsewhere: no such lines.
}

/**
 * Debian's Chromium for Lighthouse, headless. `viaCaddy`: it accepts the certificates of Caddy's own CA
 * (startCaddyFront in serve.js), which it is only ever pointed at for the bench's pages. `flags`: more of
 * Chromium's flags (youtube-stand-in.js).
 * @param {boolean} viaCaddy
 * @param {string[]} [flags]
 */
export const launchChromium = (viaCaddy, flags = []) =>
  chromeLauncher.launch({
    chromePath: chromiumPath(),
    chromeFlags: ['--headless=new', ...(viaCaddy ? ['--ignore-certificate-errors'] : []), ...chromiumArgs, ...flags],
  })

/** Why Lighthouse has no figures for a load (it sometimes loses the trace: NO_NAVSTART), or undefined. */
/** @param {LighthouseResult} lhr */
const failureOf = (lhr) => lhr.runtimeError?.message ?? lhr.audits['largest-contentful-paint']?.errorMessage

/**
 * `runs` Lighthouse loads of each of `urls` in the Chromium at `port`, taken in turns (every url once,
 * then every url again…) so that the machine's ups and downs over the bench fall on every url alike
 * and a comparison between them (a route and the reference) is fair. A load whose trace was lost is
 * tried once more (then it says why, instead of a bare NaN). Returns, for each url in its order, every
 * run sorted by performance score and the median one: on a shared machine single runs are noisy, so
 * benches quote medians.
 * @param {string[]} urls
 * @param {{ port: number, runs: number, config?: import('lighthouse').Config, onlyCategories?: string[], label?: (url: string) => string }} options
 * @returns {Promise<{ url: string, all: LighthouseResult[], median: LighthouseResult }[]>}
 */
export async function lighthouseRuns(urls, { port, runs, config, onlyCategories, label = (url) => url }) {
  if (runs < 1) throw new Error('lighthouseRuns: runs must be at least 1')
  /** @param {string} url */
  const measure = async (url) => {
    lanternGraphs.length = 0
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories }, config)
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    graphsOfRun.set(result.lhr, lanternGraphs.slice(0, 2))
    return result.lhr
  }
  /** @type {{ url: string, all: LighthouseResult[] }[]} */
  const pages = urls.map((url) => ({ url, all: [] }))
  for (let i = 0; i < runs; i++)
    for (const { url, all } of pages) {
      let lhr = await measure(url)
      if (failureOf(lhr)) lhr = await measure(url)
      if (failureOf(lhr)) console.log(`${label(url)}: Lighthouse could not measure it: ${failureOf(lhr)}`)
      all.push(lhr)
    }
  return pages.map(({ url, all }) => {
    all.sort((a, b) => performanceOf(a) - performanceOf(b))
    return { url, all, median: /** @type {LighthouseResult} */ (all[Math.floor(all.length / 2)]) }
  })
}

/** A run's performance score, 0…1 (0 when Lighthouse could not score it). @param {LighthouseResult} lhr */
export const performanceOf = (lhr) => lhr.categories.performance?.score ?? 0

/** An audit's measured value (ms, bytes or a score), NaN when Lighthouse has none. @param {LighthouseResult} lhr @param {string} id */
export const numericValue = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN

/**
 * The rows of a table audit (resource-summary, network-requests), as Lighthouse wrote them.
 * @param {LighthouseResult} lhr
 * @param {string} id
 * @returns {any[]}
 */
export function tableRows(lhr, id) {
  const details = lhr.audits[id]?.details
  return details?.type === 'table' ? details.items : []
}

/**
 * The LCP element and Lighthouse's four phases of it (ms: TTFB, load delay, load time, render delay;
 * the load phases are 0 for a text element), from the `largest-contentful-paint-element` audit.
 * @param {LighthouseResult} lhr
 */
export function lcpBreakdown(lhr) {
  const details = lhr.audits['largest-contentful-paint-element']?.details
  /** @type {any[]} */
  const tables = details?.type === 'list' ? details.items : []
  const node = tables[0]?.items?.[0]?.node
  /** @type {Record<string, number>} */
  const timing = Object.fromEntries((tables[1]?.items ?? []).map((/** @type {any} */ row) => [row.phase, row.timing]))
  return {
    element: node ? elementLabel(node) : '(none)',
    ttfb: timing['TTFB'] ?? NaN,
    loadDelay: timing['Load Delay'] ?? NaN,
    loadTime: timing['Load Time'] ?? NaN,
    renderDelay: timing['Render Delay'] ?? NaN,
  }
}

/** `<img class="…">` shortened: the tag and its first class, or the node's label. @param {{ snippet?: string, nodeLabel?: string }} node */
function elementLabel(node) {
  const tag = /^<(\w+)/.exec(node.snippet ?? '')?.[1]
  const firstClass = /class="([^" ]+)/.exec(node.snippet ?? '')?.[1]
  const label = (node.nodeLabel ?? '').slice(0, 24)
  return tag ? `${tag}${firstClass ? `.${firstClass}` : ''} ${JSON.stringify(label)}` : label
}

/**
 * Per route, what the closing note quotes: the run whose LCP is the median of the runs (so the phases add
 * up to the LCP printed), its element and phases.
 * @param {LighthouseResult[]} runs
 */
export function medianLcpRun(runs) {
  const sorted = [...runs].sort((a, b) => numericValue(a, 'largest-contentful-paint') - numericValue(b, 'largest-contentful-paint'))
  const run = sorted[Math.floor(sorted.length / 2)]
  if (!run) throw new Error('medianLcpRun: no runs')
  return { lcp: numericValue(run, 'largest-contentful-paint'), ...lcpBreakdown(run), counted: graphsOfRun.get(run) ?? [] }
}

/** A request as the counted lines show it: its path (a picture: its file), KB, priority, simulated end (ms). @param {LanternGraph['requests'][number]} r */
const requestLabel = (r) => {
  const path = new URL(r.url).pathname
  const name = path.startsWith('/img/') ? `img ${path.split('/').pop()}` : path
  return `${name} ${(r.bytes / 1024).toFixed(1)}KB ${r.priority}@${Math.round(r.end)}`
}

/**
 * The requests Lighthouse's two simulations counted with the LCP of that run (the pessimistic one: only
 * what it adds), one line each, or nothing when they could not be read.
 * @param {ReturnType<typeof medianLcpRun>} m
 */
function countedLines(m) {
  const [optimistic, pessimistic] = m.counted
  if (!optimistic || !pessimistic) return []
  const inOptimistic = new Set(optimistic.requests.map((r) => r.url))
  return [
    `optimistic ${Math.round(optimistic.estimate)}: ${optimistic.requests.map(requestLabel).join(', ')}`,
    `pessimistic ${Math.round(pessimistic.estimate)}, adds: ${
      pessimistic.requests
        .filter((r) => !inOptimistic.has(r.url))
        .map(requestLabel)
        .join(', ') || 'nothing'
    }`,
  ]
}

/** One line of a bench table: LCP, its four phases and its element. @param {ReturnType<typeof medianLcpRun>} m */
const lcpLine = (m) =>
  [m.lcp, m.ttfb, m.loadDelay, m.loadTime, m.renderDelay].map((v) => String(Math.round(v)).padStart(7)).join('') + `   ${m.element}`

/**
 * A route's row of the LCP table (`label`, then the LCP, its phases and element) and, indented below it,
 * the requests Lighthouse's simulation counted with that LCP.
 * @param {string} label
 * @param {ReturnType<typeof medianLcpRun>} m
 */
export const lcpReport = (label, m) => [`${label}${lcpLine(m)}`, ...countedLines(m).map((line) => `    ${line}`)].join('\n')

export const LCP_HEADER = '    LCP   TTFB  delay   load render   LCP element'
