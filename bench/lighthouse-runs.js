import lighthouse from 'lighthouse'

/** @typedef {import('lighthouse').Result} LighthouseResult */

/** Why Lighthouse has no figures for a load (it sometimes loses the trace: NO_NAVSTART), or undefined. */
/** @param {LighthouseResult} lhr */
const failureOf = (lhr) => lhr.runtimeError?.message ?? lhr.audits['largest-contentful-paint']?.errorMessage

/**
 * `runs` Lighthouse loads of `url` in the Chromium at `port`, each tried once more when its trace
 * was lost (then it says why, instead of a bare NaN). Returns every run, sorted by performance
 * score, and the median one: on a shared machine single runs are noisy, so benches quote medians.
 * @param {string} url
 * @param {{ port: number, runs: number, config?: import('lighthouse').Config, onlyCategories?: string[], label?: string }} options
 */
export async function lighthouseRuns(url, { port, runs, config, onlyCategories, label = url }) {
  const measure = async () => {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories }, config)
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    return result.lhr
  }
  /** @type {LighthouseResult[]} */
  const all = []
  for (let i = 0; i < runs; i++) {
    let lhr = await measure()
    if (failureOf(lhr)) lhr = await measure()
    if (failureOf(lhr)) console.log(`${label}: Lighthouse could not measure it: ${failureOf(lhr)}`)
    all.push(lhr)
  }
  all.sort((a, b) => performanceOf(a) - performanceOf(b))
  const median = all[Math.floor(all.length / 2)]
  if (!median) throw new Error('lighthouseRuns: runs must be at least 1')
  return { all, median }
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
  return { lcp: numericValue(run, 'largest-contentful-paint'), ...lcpBreakdown(run) }
}

/** One line of a bench table: LCP, its four phases and its element. @param {ReturnType<typeof medianLcpRun>} m */
export const lcpLine = (m) =>
  [m.lcp, m.ttfb, m.loadDelay, m.loadTime, m.renderDelay].map((v) => String(Math.round(v)).padStart(7)).join('') + `   ${m.element}`

export const LCP_HEADER = '    LCP   TTFB  delay   load render   LCP element'
