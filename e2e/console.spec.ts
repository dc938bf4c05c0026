import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'
import { DESKTOP, PHONE } from './viewports.ts'
import { SITES, startConsoleWorld } from '../tests/console-server.ts'
import { storeLead } from '../tests/lead-fixtures.ts'

/**
 * The console in Chromium (issue 35), on SQLite, against its own production server with two contractors'
 * sites and the console on a port of its own. People sign in with Chromium's virtual authenticator, as
 * with a phone or a laptop's screen lock. Every console page is checked with axe at a phone's and a
 * desktop's width, and photographed into .tmp/console-screens for a person to look at.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 })

let world: Awaited<ReturnType<typeof startConsoleWorld>>
const SCREENS = '.tmp/console-screens'
const visitor = { firstName: 'Marisol', lastName: 'Achterberg', email: 'marisol@example.com', phone: '(303) 555-0142' }

test.beforeAll(async () => {
  test.setTimeout(120_000)
  world = await startConsoleWorld()
  fs.mkdirSync(SCREENS, { recursive: true })
})
test.afterAll(() => world?.stop())

/** A browser of its own with a passkey-capable authenticator (resident keys, user verification), as a phone has. */
async function personWithAuthenticator(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: world.consoleUrl, viewport: DESKTOP })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  })
  return { context, page }
}

async function join(page: Page, url: string, passkeyName: string) {
  await page.goto(url)
  await page.getByLabel('Name this passkey').fill(passkeyName)
  await page.getByRole('button', { name: 'Create your passkey' }).click()
  await page.waitForURL('**/sites')
}

/**
 * axe at both widths, and a full-page screenshot at each. A report frame is sandboxed (no script runs in it,
 * axe's neither): the page is checked without it, and the framed report as a page of its own.
 */
async function check(page: Page, name: string) {
  // Short on purpose: the page is loaded, and most have no frame; the bound is how long asking costs when there is none.
  const frame = await page
    .locator('iframe')
    .getAttribute('src', { timeout: 1000 })
    .catch(() => null)
  for (const [width, viewport] of [
    ['390', PHONE],
    ['1366', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport)
    if (frame) await expect.poll(() => frameFit(page), { timeout: 15_000 }).toEqual({ heightOff: 0, scrolls: false })
    await expectNoAxeViolations(page, `${name} at ${width} px`, undefined, frame ? 'iframe' : undefined)
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true })
  }
  if (frame) await checkReport(page, frame, `${name}-report`)
}

/** How far the report frame's height is from its report's (issue 44: 0), and whether the report scrolls inside it. */
const frameFit = (page: Page) =>
  page.locator('iframe').evaluate((frame: HTMLIFrameElement) => {
    const root = frame.contentDocument!.documentElement
    return {
      heightOff: Math.abs(frame.clientHeight - Math.ceil(root.getBoundingClientRect().height)),
      scrolls: root.scrollHeight > frame.clientHeight || root.scrollWidth > frame.clientWidth,
    }
  })

/** A framed report opened alone, with its CSP's sandbox lifted for axe's script (the page itself is unchanged). */
async function checkReport(page: Page, src: string, name: string) {
  const context = await page.context().browser()!.newContext({ baseURL: world.consoleUrl, bypassCSP: true, viewport: PHONE })
  await context.addCookies(await page.context().cookies())
  const report = await context.newPage()
  await report.goto(src)
  await expectNoAxeViolations(report, `${name} at 390 px`)
  await report.setViewportSize(DESKTOP)
  await expectNoAxeViolations(report, `${name} at 1366 px`)
  await context.close()
}

let adminInvitation: string

test('an invited admin creates a passkey, sees both sites and a lead posted a moment before, signs out and in again', async ({
  browser,
}) => {
  const { url } = await world.invitationLink('ana@agency.example', 'admin')
  adminInvitation = url
  const { context, page } = await personWithAuthenticator(browser)
  await join(page, url, 'Work laptop')
  await expect(page.getByRole('heading', { name: 'Sites', level: 1 })).toBeVisible()
  await expect(page.getByRole('link', { name: SITES.acme.name, exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: SITES.birch.name, exact: true })).toBeVisible()

  const posted = await world.postLead(SITES.acme.host, {
    ...visitor,
    address: '77 Pine St',
    service: 'Wood Fence',
    message: 'A new cedar fence, 40 m',
  })
  expect(posted.status).toBeLessThan(400)
  await page.reload()
  await page.getByRole('link', { name: SITES.acme.name, exact: true }).click()
  await page.waitForURL('**/sites/acme/leads')
  const parts = page.getByRole('navigation', { name: `Parts of ${SITES.acme.name}` })
  await expect(parts.getByRole('link', { name: 'Leads' })).toHaveAttribute('aria-current', 'page')
  await expect(parts.getByRole('link', { name: 'Results' })).toBeVisible()
  await expect(parts.getByRole('link', { name: 'Record' })).toBeVisible()
  await expect(page.getByRole('link', { name: `${visitor.firstName} ${visitor.lastName}` })).toBeVisible()
  await expect(page.getByText(visitor.email)).toBeVisible()

  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.waitForURL((u) => u.pathname === '/')
  expect((await page.goto('/sites/acme/leads'))?.status()).toBe(404) // signed out: nothing
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
  await page.waitForURL('**/sites')
  await expect(page.getByRole('link', { name: SITES.birch.name, exact: true })).toBeVisible()
  await context.close()
})

test('a used invitation is refused', async ({ page }) => {
  const response = await page.goto(adminInvitation)
  expect(response?.status()).toBe(410)
  await expect(page.getByRole('heading', { name: 'This invitation cannot be used' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Create your passkey' })).toHaveCount(0)
})

test('an invited contractor sees only their site; another site’s lead by its address is 404', async ({ browser }) => {
  await world.postLead(SITES.birch.host, { ...visitor, firstName: 'Other', address: '5 Elm St', service: 'Decks', message: 'Deck stain' })
  const [birchLead] = await world.storage.leads.listLeads({ site: 'birch' })
  const { url } = await world.invitationLink('owner@acme.example', 'contractor', ['acme'])
  const { context, page } = await personWithAuthenticator(browser)
  await join(page, url, 'Phone')
  await expect(page.getByRole('link', { name: SITES.acme.name, exact: true })).toBeVisible()
  await expect(page.getByText(SITES.birch.name)).toHaveCount(0)
  for (const path of [`/sites/birch/leads/${birchLead!.id}`, `/sites/acme/leads/${birchLead!.id}`, '/sites/birch/leads', '/people']) {
    expect((await page.goto(path))?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible()
    await expect(page.getByText('Other')).toHaveCount(0)
  }
  await context.close()
})

test('every console page passes axe at 390 px and 1366 px (screenshots in .tmp/console-screens)', async ({ browser, page }) => {
  test.setTimeout(180_000) // twelve pages, each at two widths with axe
  const signedOut = page
  await signedOut.goto(world.consoleUrl + '/')
  await check(signedOut, 'sign-in')
  const { url } = await world.invitationLink('new@agency.example', 'staff')
  await signedOut.goto(url)
  await check(signedOut, 'invitation')

  const { context, page: admin } = await personWithAuthenticator(browser)
  const again = await world.invitationLink('ana@agency.example', 'admin')
  await join(admin, again.url, 'Second laptop')
  const lead = (await world.storage.leads.listLeads({ site: 'acme' }))[0]!
  // More than a page of leads from long ago (after the fresh one): the Leads page shows its Older and Oldest links.
  for (let i = 0; i < 30; i++) await storeLead(world.storage.leads, 'acme', Date.UTC(2025, 0, 1) + i * 3600_000, [])
  // A CRM that answered 410: the site's parts say so, with the button that re-enables it.
  const hook = { site: 'birch', kind: 'webhook' as const, target: 'https://hooks.zapier.example/hooks/catch/123456/abcdef/' }
  await world.storage.leads.noteTrouble({ ...hook, paused: true, error: 'HTTP 410: the receiver stopped this webhook', at: Date.now() })
  for (const [name, path] of [
    ['site-needs-attention', '/sites/birch/leads'],
    ['sites', '/sites'],
    ['site-leads', '/sites/acme/leads'],
    ['lead', `/sites/acme/leads/${lead.id}`],
    ['site-results', '/sites/acme/results'],
    ['site-record', '/sites/acme/record'],
    ['people', '/people'],
    ['activity', '/activity'],
    ['account', '/account'],
    ['not-found', '/sites/nope'],
  ] as const) {
    await admin.goto(path)
    await check(admin, name)
  }
  await world.storage.leads.reenable(hook, Date.now())
  await context.close()
})

test('the Visitor data page finds a visitor, erases them, and passes axe at each step (screenshots)', async ({ browser }) => {
  const { context, page: admin } = await personWithAuthenticator(browser)
  const { url } = await world.invitationLink('rights@agency.example', 'admin')
  await join(admin, url, 'Rights laptop')
  await admin.goto('/visitor-data')
  await check(admin, 'visitor-data')
  // A visitor's data found, then the answer after erasing it (the last step of the page).
  await admin.getByLabel('Email address or phone number').fill(visitor.phone)
  await admin.getByRole('button', { name: 'Find' }).click()
  await expect(admin.getByRole('heading', { name: /lead\(s\) hold it/ })).toBeVisible()
  await check(admin, 'visitor-data-found')
  await admin.getByLabel(/To erase these leads, type/).fill(visitor.phone)
  await admin.getByRole('button', { name: 'Erase these leads' }).click()
  await expect(admin.getByRole('status')).toContainText(/Erased \d+ lead\(s\)/)
  await check(admin, 'visitor-data-erased')
  await admin.goto('/sites/acme/leads')
  await expect(admin.getByText('Lead erased on request').first()).toBeVisible()
  await check(admin, 'site-leads-erased')
  await context.close()
})
