// Full-page screenshots of demo routes at phone and desktop widths: node scripts/screenshots.mjs [outDir] [route…]
// Expects the site running at SITE (default http://localhost:3000).
import fs from 'node:fs'
import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { demoRoutes } from '../demo/routes.js'
import { renderEveryBlock } from '../e2e/render-every-block.js'

const [outDir = '.tmp/shots', ...routes] = process.argv.slice(2)
const site = process.env.SITE ?? 'http://localhost:3000'
const list = routes.length ? routes : [...demoRoutes, '/nope']
fs.mkdirSync(outDir, { recursive: true })
const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
for (const { name, width } of [
  { name: 'phone', width: 390 },
  { name: 'desktop', width: 1366 },
]) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    deviceScaleFactor: 1,
    isMobile: width < 500,
    hasTouch: width < 500,
  })
  await context.addInitScript(() => sessionStorage.setItem('tradesite:estimate-modal-seen', '1'))
  await context.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (r) => r.abort())
  const page = await context.newPage()
  for (const route of list) {
    await page.goto(site + route, { waitUntil: 'networkidle' })
    // Scroll through once so every lazy image loads, wait for them, then back to the top.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += 600) {
        window.scrollTo(0, y)
        await new Promise((r) => setTimeout(r, 150))
      }
    })
    await page.waitForLoadState('networkidle')
    const pending = () =>
      [...document.images].filter((img) => !img.complete && img.checkVisibility()).map((img) => img.currentSrc || img.src)
    await page
      .waitForFunction(() => ![...document.images].some((img) => !img.complete && img.checkVisibility()), null, { timeout: 10_000 })
      .catch(async () => console.warn(`${route}: images still loading`, await page.evaluate(pending)))
    await page.evaluate(() => window.scrollTo(0, 0))
    await renderEveryBlock(page)
    await page.waitForTimeout(300)
    const file = `${outDir}/${name}${route === '/' ? '-home' : route.replaceAll('/', '-')}.png`
    await page.screenshot({ path: file, fullPage: true })
    console.log(file)
  }
  await context.close()
}
await browser.close()
