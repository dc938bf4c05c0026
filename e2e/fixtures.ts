import fs from 'node:fs'
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { parsePageRecord } from '../app/record/schema.ts'
import { ESTIMATE_MODAL_SEEN_KEY } from '../app/sections/estimate-visit.ts'
import { hasFramework, startUsing } from './visitor.ts'
import { DESKTOP } from './viewports.ts'

/** A 1×1 transparent PNG standing in for every off-machine image (this machine has no internet). */
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64')

/**
 * Answers a context's off-site requests locally (so embeds are deterministic) and collects the
 * page's console errors, failed sub-resources and uncaught exceptions into `errors`.
 */
async function watch(context: BrowserContext, page: Page, errors: string[]) {
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => {
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
}

/**
 * `goto` and `reload` return once React has hydrated the page and its deferred blocks, as a visitor
 * who has started using it finds it: a page starts its framework, and its blocks fetch their code,
 * at the visitor's first scroll, tap or key press (server/pages/page-script.server.ts,
 * app/ui/deferred.tsx): `startUsing` (visitor.ts).
 * Documents that are not our pages return at once.
 */
function waitForHydration(page: Page) {
  for (const name of ['goto', 'reload'] as const) {
    const original = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['goto']>
    Object.assign(page, {
      [name]: async (...args: unknown[]) => {
        const response = await original(...args)
        if (await hasFramework(page)) await startUsing(page)
        return response
      },
    })
  }
}

/** The estimate modal opens once per visit: a context whose visitor has already closed it. */
function modalAlreadySeen(context: BrowserContext) {
  return context.addInitScript((key) => {
    try {
      sessionStorage.setItem(key, '1')
    } catch {
      // a sandboxed embed (map, video) has no storage and no modal
    }
  }, ESTIMATE_MODAL_SEEN_KEY)
}

/** Every test gets a watched page (see `watch`) and fails on any error it collected. */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page, javaScriptEnabled }, provide) => {
    // With JavaScript off there is nothing to wake (no script runs, however much the page holds).
    if (javaScriptEnabled) waitForHydration(page)
    await provide(page)
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      // The estimate modal opens once per visit; these tests play a visitor who has already closed it
      // (`newVisitor` plays the brand-new one).
      await modalAlreadySeen(page.context())
      await watch(page.context(), page, errors)
      await use(errors)
      expect(errors, 'console errors on the page').toEqual([])
    },
    { auto: true },
  ],
})

/**
 * A brand-new visitor: its own watched context, without the "estimate modal already seen" flag (unless
 * `modalSeen`). `wake: false` leaves its pages alone after `goto` (no key press): the visitor's first
 * activity is then the test's own.
 */
export async function newVisitor(
  browser: Browser,
  baseURL: string | undefined,
  viewport = DESKTOP,
  { wake = true, modalSeen = false }: { wake?: boolean; modalSeen?: boolean } = {},
) {
  const context = await browser.newContext({ baseURL, viewport })
  if (modalSeen) await modalAlreadySeen(context)
  const page = await context.newPage()
  if (wake) waitForHydration(page)
  const errors: string[] = []
  await watch(context, page, errors)
  return { page, context, errors, close: () => context.close() }
}

export { expect }

/** The demo record the browser tests' server serves, read through the same schema as the site. */
export const demoRecord = parsePageRecord(JSON.parse(fs.readFileSync(new URL('../demo/record.json', import.meta.url), 'utf8')))

/** The demo's form labels (labels.formLabel), written out: the tests look for these words, not for what the product derives. */
export const demoFormLabels = {
  tname: 'First Name',
  tlname: 'Last Name',
  temail: 'Email',
  tphone: 'Phone',
  taddress: 'Address',
  ttypeservice: 'Type of Service',
  tbestway: 'Best way to contact you',
  tcheckphone: 'Phone call',
  tcheckcorreo: 'Email',
  tmessage: 'Message',
  tbutton: 'Send Request',
}
/** The demo's first six services (of eleven): the form offers only these. */
export const demoOfferedServices = [
  'Wood Fence Installation',
  'Vinyl Fencing',
  'Chain Link Fencing',
  'Fence Repair',
  'Deck Building',
  'Concrete Driveways',
]

export async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y)
}
