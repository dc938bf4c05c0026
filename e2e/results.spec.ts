import { devices, type Browser, type Page } from '@playwright/test'
import { startPostgres, freshDatabase } from '#tests/postgres.ts'
import { ensureBuilt, startSite } from '#tests/site-server.ts'
import { monthReport } from '#server/results/month-report.server.ts'
import { TOTALS, type ResultsReport } from '#server/results/results-report.ts'
import { resultsHtml } from '#server/results/results-report-html.ts'
import { reportEmail } from '#server/results/report-email.server.ts'
import type { ReportLeads } from '#server/results/report-leads.server.ts'
import { expectNoAxeViolationsAtBothWidths } from './axe.ts'
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
      expect(report.sources).toEqual([{ name: '(direct)', visitors: 2, estimates: 2, phone: 2, chat: 2, email: 0, map: 0 }])
    })
  })
}

/** A month with every table filled: a long path, long source names, campaigns, the three forms. */
const work = { estimates: 3, phone: 12, chat: 2, email: 1, map: 4 }
const filledReport: ResultsReport = {
  site: 'demo',
  month: '2026-11',
  timeZone: 'America/Los_Angeles',
  through: null,
  previousMonth: '2026-10',
  previousThrough: '2026-10-31',
  totals: Object.fromEntries(
    TOTALS.map((t) => [t, { month: 1054, previous: 987, phone: 811, desktop: 243, change: 7, trend: 'better' }]),
  ) as ResultsReport['totals'],
  days: [{ day: '2026-11-01', visitors: 30, views: 90, actions: 4, estimates: 1 }],
  pages: [
    { name: '/', views: 1054, visitors: 811, actions: 119 },
    { name: '/wood-fence-installation-and-repair', views: 410, visitors: 318, actions: 0 },
  ],
  sources: [
    { name: 'Google', visitors: 459, ...work },
    { name: '(direct)', visitors: 273, ...work },
    { name: 'a-very-long-neighbourhood-directory.example.com', visitors: 12, ...work },
  ],
  campaigns: {
    utm_source: [{ name: 'google', visitors: 180, ...work }],
    utm_medium: [],
    utm_campaign: [
      { name: 'fall-fences-spring-decks-and-everything-else', visitors: 180, ...work },
      { name: '(none)', visitors: 900, ...work },
    ],
  },
  campaignRows: [
    {
      name: '["fall-fences-spring-decks-and-everything-else","google","cpc"]',
      campaign: 'fall-fences-spring-decks-and-everything-else',
      source: 'google',
      medium: 'cpc',
      visitors: 180,
      ...work,
    },
    {
      name: '["fall-fences",null,"email"]',
      campaign: 'fall-fences',
      source: null,
      medium: 'email',
      visitors: 1,
      estimates: 1,
      phone: 1,
      chat: 0,
      email: 0,
      map: 0,
    },
    { name: '(none)', campaign: null, source: null, medium: null, visitors: 900, ...work },
  ],
  lastYear: { month: '2025-11', through: '2025-11-30', totals: Object.fromEntries(TOTALS.map((t) => [t, 812])) as never },
  forms: [
    { name: 'home', requests: 6, started: 15, notSent: 9 },
    { name: 'contact', requests: 6, started: 15, notSent: 9 },
    { name: 'modal', requests: 4, started: 15, notSent: 11 },
  ],
}

/** The month's requests as the report lists them: long names and services, a source not known, more in the console. */
const filledLeads: ReportLeads = {
  leads: [
    { name: 'Maximiliano-Alejandro V.', service: 'Wood fence installation and repair', source: 'Google · cpc · campaign “fall-fences”' },
    { name: 'Ana L.', service: 'Decks', source: null },
  ],
  more: 12,
  consoleUrl: 'https://console.agency.example/sites/demo/leads',
}
const filledTitles = { '/wood-fence-installation-and-repair': 'Wood Fence Installation and Repair' }

test.describe('the printable results page on a phone (390 px)', () => {
  test.use({ viewport: { width: 390, height: 844 } })
  for (const lang of ['es', 'en'] as const)
    test(`${lang}: no column heading breaks inside a word, and no table is wider than the page`, async ({ page }) => {
      await page.setContent(
        resultsHtml(filledReport, {
          lang,
          businessName: 'Summit Ridge Fence & Construction',
          leads: filledLeads,
          pageTitles: filledTitles,
        }),
      )
      // The chart's phone drawing: its axis labels at least 11 px as drawn, and a middle tick between 0 and the top.
      const chart = page.locator('svg.chart.narrow')
      await expect(chart).toBeVisible()
      await expect(page.locator('svg.chart.wide')).toBeHidden()
      const labels = await chart.locator('text').evaluateAll((texts) =>
        texts.map((t) => ({
          px: t.getBoundingClientRect().height,
          size: Number(getComputedStyle(t).fontSize.replace('px', '')) * (t as SVGGraphicsElement).getScreenCTM()!.a,
          text: t.textContent!.trim(),
          anchor: t.getAttribute('text-anchor'),
        })),
      )
      expect(Math.min(...labels.map((l) => l.size))).toBeGreaterThanOrEqual(11)
      const yAxis = labels.filter((l) => l.anchor === 'end').map((l) => Number(l.text))
      expect(yAxis.length).toBeGreaterThanOrEqual(3)
      expect(yAxis).toContain(yAxis.at(-1)! / 2)
      // Each word of each heading, measured: a word the browser split shows as more than one line box.
      const split = await page.locator('th').evaluateAll((headings) =>
        headings.flatMap((th) => {
          const text = th.firstChild
          if (!text || text.nodeType !== Node.TEXT_NODE) return []
          const range = document.createRange()
          const words: string[] = []
          for (const match of (text.textContent ?? '').matchAll(/\S+/g)) {
            range.setStart(text, match.index)
            range.setEnd(text, match.index + match[0].length)
            if (range.getClientRects().length > 1) words.push(match[0])
          }
          return words
        }),
      )
      expect(split).toEqual([])
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
      // The names' column keeps room: a long path wraps, it is not squeezed to a letter a line.
      const narrowest = await page.locator('td:first-child').evaluateAll((cells) => Math.min(...cells.map((c) => c.clientWidth)))
      expect(narrowest).toBeGreaterThanOrEqual(90)
    })
})

/** With SCREENSHOTS=dir: the page at 390 and 1366 px, for a person to look at (issue 45). */
async function shoot(page: Page, name: string) {
  const dir = process.env.SCREENSHOTS
  if (!dir) return
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
  }
}

test.describe('the report as the share link and the email show it', () => {
  for (const lang of ['en', 'es'] as const)
    test(`${lang}: no accessibility violation on a phone or a desktop, the page and the email alike`, async ({ page }) => {
      const look = { lang, businessName: 'Summit Ridge Fence & Construction' }
      const extras = { leads: filledLeads, pageTitles: filledTitles }
      await page.setContent(resultsHtml(filledReport, { ...look, ...extras, nav: { earlier: '?month=2026-10' } }))
      await expectNoAxeViolationsAtBothWidths(page, `share page (${lang})`)
      await shoot(page, `share-${lang}`)
      const email = await reportEmail(
        filledReport,
        { ...look, pageTitles: filledTitles },
        { to: ['owner@example.com'], domain: 'agency.example', leads: filledLeads, link: 'https://demo.example/reports/x' },
      )
      // As a mail client shows it: its pictures are the message's own parts.
      let html = email.html
      for (const part of email.attachments ?? [])
        html = html.replaceAll(`cid:${part.cid}`, `data:${part.contentType};base64,${part.content.toString('base64')}`)
      await page.setContent(html)
      await expectNoAxeViolationsAtBothWidths(page, `email (${lang})`)
      await shoot(page, `email-${lang}`)
    })
})
