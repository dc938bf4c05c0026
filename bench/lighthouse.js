// Lighthouse 12 (mobile and desktop) on every demo route, in Debian's Chromium.
// Prints each category score, LCP, TBT, CLS and JavaScript transfer size.
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { demoRoutes, startSite } from './serve.js'

const routes = process.argv.slice(2).length ? process.argv.slice(2) : demoRoutes
const site = await startSite(3304)
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new', ...chromiumArgs] })
const score = (c) => String(Math.round((c?.score ?? 0) * 100)).padStart(4)

for (const [formFactor, config] of [['mobile', undefined], ['desktop', desktopConfig]]) {
  console.log(`\n${formFactor}\nroute                          perf  a11y  best   seo   LCP ms  TBT ms    CLS   JS KB`)
  for (const route of routes) {
    const { lhr } = await lighthouse(site.url + route, { port: chrome.port, output: 'json', logLevel: 'error' }, config)
    const c = lhr.categories
    const a = lhr.audits
    const js = a['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0
    console.log(
      `${route.padEnd(30)}${score(c.performance)}${score(c.accessibility)}${score(c['best-practices'])}${score(c.seo)}` +
        `${String(Math.round(a['largest-contentful-paint'].numericValue)).padStart(9)}${String(Math.round(a['total-blocking-time'].numericValue)).padStart(8)}` +
        `${a['cumulative-layout-shift'].numericValue.toFixed(3).padStart(7)}${(js / 1024).toFixed(1).padStart(8)}`,
    )
    for (const [name, category] of Object.entries(c)) {
      if (category.score === 1) continue
      const failing = category.auditRefs.filter((r) => r.weight > 0 && (a[r.id]?.score ?? 1) < 1).map((r) => r.id)
      if (failing.length) console.log(`    ${name}: ${failing.join(', ')}`)
    }
  }
}
await chrome.kill()
site.stop()
