import { devices, type Browser, type Page } from '@playwright/test'
import { startPostgres, freshDatabase } from '#tests/postgres.ts'
import { ensureBuilt, startSite } from '#tests/site-server.ts'
import { monthReport } from '#server/results-cli.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import { demoFormLabels as text, demoOfferedServices, expect, test } from './fixtures.ts'
import { startUsing } from './visitor.ts'

/**
 * Issue 30's acceptance: two visitors in a real browser, one on a phone and one on a desktop, read
 * pages, tap the phone link, open the chat and send the estimate modal's form; the month's report has
 * exactly those counts, on SQLite and on PostgreSQL. Each backend gets a site of its own (the demo).
 */

const month = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit' }).format(Date.now()).slice(0, 7)

/** Links that leave the site (tel:, the chat app) do nothing in the test: the count is the page's, not the app's. */
const stayOnPage = () =>
  addEventListener(
    'click',
    (e) => {
      const a = (e.target as Element).closest?.('a')
      if (a && !a.href.startsWith(location.origin)) e.preventDefault()
    },
    true,
  )

async function visit(browser: Browser, device: 'phone' | 'desktop') {
  const context = await browser.newContext(device === 'phone' ? { ...devices['Pixel 7'] } : { ...devices['Desktop Chrome'] })
  await context.addInitScript(stayOnPage)
  return { page: await context.newPage(), context }
}

/** Waits until the page's beacons have reached the server (sendBeacon queues them). */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
}

for (const backend of ['sqlite', 'postgres'] as const) {
  test.describe(`results in a real browser on ${backend}`, () => {
    test.describe.configure({ timeout: 180_000 })
    let site: Awaited<ReturnType<typeof startSite>>
    let postgres: Awaited<ReturnType<typeof startPostgres>> | undefined
    let databaseUrl: string | undefined

    test.beforeAll(async () => {
      ensureBuilt()
      if (backend === 'postgres') {
        postgres = await startPostgres()
        databaseUrl = await freshDatabase(postgres.url)
      }
      site = await startSite({ PAGE_API_URL: '', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) })
    })
    test.afterAll(async () => {
      await site?.stop()
      postgres?.stop()
    })

    test('two visitors read pages, tap the phone, open the chat and send the modal form: the report has exactly that', async ({
      browser,
    }) => {
      for (const device of ['phone', 'desktop'] as const) {
        const { page, context } = await visit(browser, device)
        await page.goto(`${site.url}/`)
        await startUsing(page)
        // The estimate modal opens on the first page of a visit: the visitor sends it.
        const modal = page.getByRole('dialog', { name: 'Request An Estimate Now' })
        await expect(modal).toBeVisible()
        await expect(modal.locator('input[name="submissionId"]')).not.toHaveValue('')
        await modal.getByRole('textbox', { name: text.tname, exact: true }).fill('Grace')
        await modal.getByRole('textbox', { name: text.tlname, exact: true }).fill('Hopper')
        await modal.getByRole('textbox', { name: text.temail, exact: true }).fill('grace@example.com')
        await modal.getByRole('textbox', { name: text.tphone, exact: true }).fill('303-555-0199')
        await modal.getByRole('textbox', { name: text.taddress, exact: true }).fill('7 Compiler Court')
        await modal.getByRole('combobox', { name: text.ttypeservice }).selectOption(demoOfferedServices.at(-1)!)
        await modal.getByRole('checkbox', { name: text.tcheckphone, exact: true }).check()
        await modal.getByRole('button', { name: text.tbutton }).click()
        await expect(modal.getByRole('status')).toContainText(/thank you/i)
        await page.keyboard.press('Escape')
        // Another page, where the visitor taps the phone number and opens the chat.
        await page.goto(`${site.url}/contact`)
        await startUsing(page)
        await page.locator('a[href^="tel:"]').first().click()
        await page.getByRole('button', { name: 'Quick actions menu' }).click()
        await page.locator('[data-widget="chat"]').click()
        await settle(page)
        await context.close()
      }

      const storage = await openStorage({ databaseUrl, dataDir: site.dataDir, defaultSite: 'demo' })
      const report = await monthReport(storage.results, 'demo', month).finally(() => storage.close())
      const totals = Object.fromEntries(Object.entries(report.totals).map(([k, t]) => [k, [t.phone, t.desktop]]))
      expect(totals).toEqual({
        visitors: [1, 1],
        views: [2, 2],
        phone: [1, 1],
        chat: [1, 1],
        email: [0, 0],
        map: [0, 0],
        social: [0, 0],
        estimates: [1, 1],
        formsStarted: [1, 1],
        formsNotSent: [0, 0],
      })
      expect(report.forms.find((f) => f.name === 'modal')).toEqual({ name: 'modal', requests: 2, started: 2, notSent: 0 })
      expect(report.pages.map((p) => [p.name, p.views, p.visitors])).toEqual([
        ['/', 2, 2],
        ['/contact', 2, 2],
      ])
      expect(report.sources).toEqual([{ name: '(direct)', visitors: 2 }])
    })
  })
}
