// Lighthouse 12 (mobile and desktop) on every demo route, in Debian's Chromium; `--record 14` runs
// the 14-service record instead of the demo. Each route runs LH_RUNS times (default 3) and the
// median run (by performance score) is printed: category scores, FCP, LCP, TBT, CLS, JS transferred.
// On a shared machine the figures are noisy: quote medians and say so.
import * as chromeLauncher from 'chrome-launcher'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { lighthouseRuns, numericValue, performanceOf, tableRows } from './lighthouse-runs.js'
import { benchPort, demoRoutes, recordFromArgs, startSite } from './serve.js'

const { name, record, rest } = recordFromArgs()
const routes = rest.length ? rest : demoRoutes
const runs = Number(process.env.LH_RUNS ?? 3)
const formFactors = (process.env.LH_FORM_FACTORS ?? 'mobile,desktop').split(',')
const site = await startSite(benchPort(3304), { record })
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...chromiumArgs] })
/** @param {{ score: number | null } | undefined} c */
const score = (c) => String(Math.round((c?.score ?? 0) * 100)).padStart(5)
/** @param {number} value */
const ms = (value) => String(Math.round(value)).padStart(7)

console.log(`record: ${name}; median of ${runs} runs per route`)
for (const formFactor of formFactors) {
  const config = formFactor === 'desktop' ? desktopConfig : undefined
  console.log(`\n${formFactor}\nroute                          perf  a11y  best   seo    FCP    LCP    TBT    CLS   JS KB`)
  for (const route of routes) {
    const { all: results, median: lhr } = await lighthouseRuns(site.url + route, { port: chrome.port, runs, config })
    const c = lhr.categories
    const a = lhr.audits
    const js = tableRows(lhr, 'resource-summary').find((i) => i.resourceType === 'script')?.transferSize ?? 0
    console.log(
      `${route.padEnd(29)}${score(c.performance)}${score(c.accessibility)}${score(c['best-practices'])}${score(c.seo)}` +
        `${ms(numericValue(lhr, 'first-contentful-paint'))}${ms(numericValue(lhr, 'largest-contentful-paint'))}${ms(numericValue(lhr, 'total-blocking-time'))}` +
        `${numericValue(lhr, 'cumulative-layout-shift').toFixed(3).padStart(7)}${(js / 1024).toFixed(1).padStart(8)}` +
        `   (perf of each run: ${results.map((r) => Math.round(performanceOf(r) * 100)).join(', ')})`,
    )
    for (const [category, value] of Object.entries(c)) {
      if (value.score === 1) continue
      const failing = value.auditRefs.filter((r) => r.weight > 0 && (a[r.id]?.score ?? 1) < 1).map((r) => r.id)
      if (failing.length) console.log(`    ${category}: ${failing.join(', ')}`)
    }
  }
}
await chrome.kill()
site.stop()
