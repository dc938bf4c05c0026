import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { demoRoutes } from '../demo/routes.js'
import { startUsing } from '../e2e/visitor.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * The page layer's budgets, read from the real build (decision 050): every route's JavaScript, every
 * browser chunk's modules, and the boot-script rewrite in the HTML the built server renders.
 */
const BUDGET_KIB = 100
const root = path.resolve(import.meta.dirname, '..')

let site: Awaited<ReturnType<typeof startSite>>
let browser: Browser

beforeAll(async () => {
  ensureBuilt()
  site = await startSite({ PAGE_API_URL: '' }) // the embedded demo
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
})

afterAll(async () => {
  await browser?.close()
  await site?.stop()
})

/**
 * Every script a visit of `route` downloads until the network is quiet: the boot modules and the
 * chunks the page loads when the browser is idle (not those a tap loads later). Sizes are the
 * compressed bodies as the browser received them, with the encoding it negotiated.
 */
async function scriptsOf(route: string, { active = false } = {}) {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  const encodings = new Set<string>()
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') encodings.add(response.headers()['content-encoding'] ?? 'identity')
  })
  let inFlight = 0
  page.on('request', () => inFlight++)
  page.on('requestfinished', () => inFlight--)
  page.on('requestfailed', () => inFlight--)
  await page.goto(site.url + route, { waitUntil: 'load' })
  // Deterministic on a busy machine: once hydrated, an idle callback queued after the deferred blocks'
  // ones has run (they share the same timeout), and every request they started has finished.
  await page.waitForFunction(() => !('__reactRouterContext' in window) || document.documentElement.hasAttribute('data-hydrated'))
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => setTimeout(done), { timeout: 2_000 })))
  if (active) {
    await startUsing(page) // the visitor's first key press brings every deferred block's code
  }
  await expect.poll(() => inFlight, { timeout: 20_000 }).toBe(0)
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((e) => (e as PerformanceResourceTiming).initiatorType === 'script' || /\.js($|\?)/.test(e.name))
      .map((e) => ({ url: new URL(e.name).pathname, bytes: (e as PerformanceResourceTiming).encodedBodySize })),
  )
  await page.close()
  return { scripts, encodings: [...encodings], total: scripts.reduce((n, s) => n + s.bytes, 0) }
}

describe('JavaScript per page view', () => {
  for (const route of demoRoutes) {
    test(`${route}: at most ${BUDGET_KIB} KiB compressed, idle chunks included`, async () => {
      const { scripts, encodings, total } = await scriptsOf(route)
      const kib = total / 1024
      console.info(`${route}: ${kib.toFixed(1)} KiB in ${scripts.length} scripts (${encodings.join(', ') || 'none'})`)
      expect(kib, scripts.map((s) => `${s.url} ${(s.bytes / 1024).toFixed(1)} KiB`).join('\n')).toBeLessThanOrEqual(BUDGET_KIB)
    })
  }

  test('after the first key press every deferred block has its code (what a visitor who starts using the page downloads)', async () => {
    for (const route of demoRoutes.filter((r) => r !== '/find-us-on')) {
      const before = (await scriptsOf(route)).total
      const after = (await scriptsOf(route, { active: true })).total
      console.info(`${route}: ${(before / 1024).toFixed(1)} KiB at load, ${(after / 1024).toFixed(1)} KiB once active`)
      expect(after).toBeGreaterThanOrEqual(before)
    }
  }, 180_000) // two page loads per route

  test('a page of static blocks only (/find-us-on) sends no script at all', async () => {
    const html = await (await site.get('/find-us-on')).text()
    expect(html).not.toMatch(/<script\b[^>]*\bsrc=|rel="modulepreload"|type="module"/)
    expect((await scriptsOf('/find-us-on')).scripts).toEqual([])
  })
})

test('no server-only module is in a browser chunk', () => {
  const chunks = JSON.parse(fs.readFileSync(path.join(root, 'build/client/.vite/chunk-modules.json'), 'utf8')) as Record<string, string[]>
  // Server code by name (*.server.*, server/), and what the views and schema pull in on the server
  // (the phone rule's library is ~25 KiB compressed: the views send the browser its verdict, not the rule).
  const serverOnly =
    /\.server\.|^server[\\/]|[\\/]record[\\/](page-views|schema|theme|phone-numbers|record-phones)\.ts|node_modules[\\/](zod|culori|sharp|pg|better-sqlite3|express|libphonenumber-js)[\\/]/
  const leaks = Object.entries(chunks).flatMap(([chunk, modules]) => modules.filter((m) => serverOnly.test(m)).map((m) => `${chunk}: ${m}`))
  expect(leaks).toEqual([])
  // The check sees our modules at all (a renamed manifest field would otherwise pass silently).
  expect(Object.values(chunks).flat()).toContain(path.join('app', 'root.tsx'))
})

test('the built server rewrites the boot script: modules start after the first paint, no preload in <head>', async () => {
  const html = await (await site.get('/')).text()
  const boot = [...html.matchAll(/<script type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!)
  expect(boot).toHaveLength(1)
  expect(boot[0]).toMatch(/^await new Promise\(\(go\) => requestAnimationFrame\(\(\) => setTimeout\(go\)\)\);/)
  expect(boot[0]).not.toMatch(/^import /m)
  expect(html).not.toContain('rel="modulepreload"')
})
