import fs from 'node:fs'
import { test as base, expect, type Page } from '@playwright/test'
import { parsePageRecord } from '../app/record/schema.ts'
import { ESTIMATE_MODAL_SEEN_KEY } from '../app/sections/estimate-visit.ts'

/** A 1×1 transparent PNG standing in for every off-machine image (this machine has no internet). */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

/**
 * Every test gets a page whose off-site requests are answered locally (so embeds are
 * deterministic) and which fails the test on any console error or uncaught exception.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      // The estimate modal opens once per visit; these tests play a visitor who has already closed it
      // (e2e/modals.spec.ts plays the brand-new one).
      await page.context().addInitScript((key) => {
        try {
          sessionStorage.setItem(key, '1')
        } catch {
          // a sandboxed embed (map, video) has no storage and no modal
        }
      }, ESTIMATE_MODAL_SEEN_KEY)
      await page.context().route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => {
        const type = route.request().resourceType()
        if (type === 'image') return route.fulfill({ body: PIXEL, contentType: 'image/png' })
        if (type === 'script') return route.fulfill({ body: '', contentType: 'text/javascript' })
        if (type === 'document') return route.fulfill({ body: '<!doctype html><title>embed</title>', contentType: 'text/html' })
        return route.fulfill({ status: 204, body: '' })
      })
      // A 404 document is often the point of a test; a broken sub-resource never is.
      page.on('console', (msg) => msg.type() === 'error' && !msg.text().startsWith('Failed to load resource') && errors.push(msg.text()))
      page.on('response', (response) => {
        if (response.status() >= 400 && response.request().resourceType() !== 'document') errors.push(`${response.status()} ${response.url()}`)
      })
      page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
      await use(errors)
      expect(errors, 'console errors on the page').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** The demo record the browser tests' server serves, read through the same schema as the site. */
export const demoRecord = parsePageRecord(JSON.parse(fs.readFileSync(new URL('../demo/record.json', import.meta.url), 'utf8')))

export async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)
}
