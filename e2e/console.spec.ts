import fs from 'node:fs'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { expectNoAxeViolations } from './axe.ts'
import { DESKTOP, PHONE } from './viewports.ts'
import { SITES, startConsoleWorld } from '../tests/console-server.ts'
import { startFakeSmtp, type FakeSmtp } from '../tests/fake-smtp.ts'
import { startFakeWebhook, type FakeWebhook } from '../tests/fake-webhook.ts'
import { storeLead } from '../tests/lead-fixtures.ts'
import { freshDatabase, startPostgres } from '../tests/postgres.ts'

/**
 * The console in Chromium (issue 35), on SQLite, against its own production server with two contractors'
 * sites (stored in the registry, issue 42) and the console on a port of its own. People sign in with Chromium's virtual authenticator, as
 * with a phone or a laptop's screen lock. Every console page is checked with axe at a phone's and a
 * desktop's width, and photographed into .tmp/console-screens for a person to look at.
 */

test.describe.configure({ mode: 'serial', timeout: 120_000 })

let world: Awaited<ReturnType<typeof startConsoleWorld>>
let smtp: FakeSmtp
/** A contractor's CRM: verifies every request's Standard Webhooks signature and its body's schema. */
let crm: FakeWebhook
const SCREENS = '.tmp/console-screens'
const visitor = { firstName: 'Marisol', lastName: 'Achterberg', email: 'marisol@example.com', phone: '(303) 555-0142' }

test.beforeAll(async () => {
  test.setTimeout(120_000)
  smtp = await startFakeSmtp()
  crm = await startFakeWebhook()
  // The sites in storage, as added in the console, with a mail server (so a site's lead inbox and report recipients
  // can be set) and a CRM their webhooks may reach.
  world = await startConsoleWorld(
    { SMTP_URL: smtp.url, MAIL_FROM: 'leads@agency.example' },
    { sitesInStorage: true, allowOrigins: [new URL(crm.url).origin] },
  )
  fs.mkdirSync(SCREENS, { recursive: true })
})
test.afterAll(async () => {
  await world?.stop()
  await smtp?.close()
  await crm?.close()
})

/** A browser of its own with a passkey-capable authenticator (resident keys, user verification), as a phone has. */
async function personWithAuthenticator(browser: Browser, consoleUrl = world.consoleUrl): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: consoleUrl, viewport: DESKTOP })
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
  for (const path of [
    `/sites/birch/leads/${birchLead!.id}`,
    `/sites/acme/leads/${birchLead!.id}`,
    '/sites/birch/leads',
    '/people',
    '/sites/acme/webhooks',
  ]) {
    expect((await page.goto(path))?.status(), path).toBe(404)
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible()
    await expect(page.getByText('Other')).toHaveCount(0)
  }
  // Their Settings: only the lead inbox and report recipients are theirs to change; the rest is read-only, and no Remove.
  await page.goto('/sites/acme/settings')
  await expect(page.getByLabel(/^Host names/)).toHaveAttribute('readonly', '')
  await expect(page.getByLabel(/^Lead inbox/)).not.toHaveAttribute('readonly', '')
  await expect(page.getByText('Remove this site…')).toHaveCount(0)
  await check(page, 'site-settings-contractor')
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

/**
 * The site-management flows run on both storages. On PostgreSQL they skip axe and the screenshots: the pages are
 * the same markup, and the SQLite run checks them.
 */
type SitesWorld = { world: typeof world; crm: FakeWebhook; look: boolean }

async function addChangeRemoveRestore(browser: Browser, { world, look }: SitesWorld) {
  const { context, page: admin } = await personWithAuthenticator(browser, world.consoleUrl)
  const { url } = await world.invitationLink('sites@agency.example', 'admin')
  await join(admin, url, 'Sites laptop')
  await admin.getByRole('link', { name: 'Add a site' }).click()
  await admin.getByLabel('Page id').fill('cedar')
  await admin.getByRole('button', { name: 'Preview the record' }).click()
  // The default provider's record (Acme's fake), fetched now: the report is framed before anything is live.
  await expect(admin.getByRole('status').filter({ hasText: 'fetched now from' })).toContainText(SITES.acme.name)
  await expect(admin.locator('iframe[title="Record report of cedar"]')).toBeVisible()
  if (look) await check(admin, 'new-site')
  expect((await world.site.request('cedar.test', '/')).status).toBe(404)
  await admin.getByLabel('Host names').fill('Cedar.test')
  await admin.getByLabel('Time zone').selectOption('America/Denver')
  await admin.getByLabel('Lead inbox').fill('office@cedar.example, not-an-address')
  await admin.getByRole('button', { name: 'Add cedar and serve it' }).click()
  // The registry's message at the field, which has focus.
  await expect(admin.getByLabel('Lead inbox')).toBeFocused()
  await expect(admin.getByLabel('Lead inbox')).toHaveAttribute('aria-invalid', 'true')
  await expect(admin.getByText('leads.email[1]: an email address such as owner@example.com')).toBeVisible()
  await expect(admin.getByLabel('Lead inbox')).toHaveAttribute('aria-describedby', 'site-leads-email-hint site-leads-email-problem')
  await admin.getByLabel('Lead inbox').fill('office@cedar.example')
  await admin.getByRole('button', { name: 'Add cedar and serve it' }).click()
  await admin.waitForURL('**/sites/cedar/settings?done=added')
  await expect(admin.getByRole('status')).toContainText('Site cedar is added and live')
  expect((await world.site.request('cedar.test', '/')).text).toContain(SITES.acme.name)

  await admin.getByLabel('Lead inbox').fill('new@cedar.example')
  await admin.getByRole('button', { name: 'Save settings' }).click()
  await expect(admin.getByRole('status')).toContainText('Saved')
  expect((await world.storage.sites.all()).find((s) => s.id === 'cedar')!.entry).toMatchObject({ leads: { email: ['new@cedar.example'] } })
  if (look) await check(admin, 'site-settings')

  await admin.getByText('Remove this site…').click()
  await admin.getByLabel('To remove this site, type its id, cedar').fill('Cedar')
  await admin.getByRole('button', { name: 'Remove cedar' }).click()
  await expect(admin.getByText('To remove this site, type its id, cedar, exactly.')).toBeVisible()
  await admin.getByLabel('To remove this site, type its id, cedar').fill('cedar')
  await admin.getByRole('button', { name: 'Remove cedar' }).click()
  await admin.waitForURL('**/sites?removed=cedar')
  expect((await world.site.request('cedar.test', '/')).status).toBe(404)
  await admin.getByRole('link', { name: 'Its history' }).click()
  await expect(admin.getByRole('heading', { name: /^Version \d: / })).toHaveText([
    'Version 3: Removed',
    'Version 2: Changed (leads)',
    'Version 1: Added',
  ])
  if (look) await check(admin, 'site-history')
  await admin.getByText('Restore version 3…').click()
  await admin.getByRole('button', { name: 'Restore version 3' }).click()
  await expect(admin.getByRole('status')).toContainText('Restored')
  expect((await world.site.request('cedar.test', '/')).status).toBe(200)

  await admin.getByRole('link', { name: 'API tokens' }).click()
  await admin.getByLabel('Name').fill('cedar-crm')
  await admin.getByLabel('Role').selectOption('contractor')
  await admin.getByLabel('Its sites').fill('cedar')
  await admin.getByRole('button', { name: 'Make the token' }).click()
  const secret = await admin.getByLabel('The token').inputValue()
  expect(secret).toMatch(/^tsapi_/)
  if (look) await check(admin, 'tokens')
  const listed = await fetch(`${world.consoleUrl}/api/v1/sites`, { headers: { Authorization: `Bearer ${secret}` } })
  expect(((await listed.json()) as { sites: { id: string }[] }).sites.map((s) => s.id)).toEqual(['cedar'])
  await admin.reload()
  await expect(admin.getByText(secret)).toHaveCount(0)
  await expect(admin.getByText(/Contractor.*cedar/)).toBeVisible()
  await admin.getByText('End…').click()
  await admin.getByRole('button', { name: 'End cedar-crm' }).click()
  await expect(admin.getByRole('status')).toContainText('Token cedar-crm is ended')
  expect((await fetch(`${world.consoleUrl}/api/v1/sites`, { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(401)
  await context.close()
}

async function webhooks(browser: Browser, { world, crm, look }: SitesWorld) {
  const { context, page: staff } = await personWithAuthenticator(browser, world.consoleUrl)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.consoleUrl })
  const { url } = await world.invitationLink('hooks@agency.example', 'staff')
  await join(staff, url, 'Hooks laptop')
  await staff.goto('/sites/acme/leads')
  await staff
    .getByRole('navigation', { name: `Parts of ${SITES.acme.name}` })
    .getByRole('link', { name: 'Webhooks' })
    .click()
  await staff.waitForURL('**/sites/acme/webhooks')
  await staff.getByLabel('The CRM’s address').fill(crm.url)
  await staff.getByRole('button', { name: 'Add webhook' }).click()
  const secret = (await staff.getByTestId('new-secret').textContent())!
  expect(secret).toMatch(/^whsec_/)
  await staff.getByRole('button', { name: 'Copy' }).click()
  await expect(staff.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await staff.evaluate(() => navigator.clipboard.readText())).toBe(secret)
  crm.rotate(secret) // pasted into the CRM
  if (look) await check(staff, 'site-webhooks-new-secret')

  await staff.getByRole('button', { name: 'Send a test delivery' }).click()
  await expect(staff.getByText('Test delivery answered HTTP 200')).toBeVisible()
  await expect(staff.getByTestId('test-answer')).toHaveText('{"ok":true}')
  expect(crm.requests.at(-1)).toMatchObject({ status: 200, body: { test: true } })
  await staff.reload() // never shown again
  await expect(staff.getByText(`whsec_…${secret.slice(-4)}`)).toBeVisible()
  expect(await staff.content()).not.toContain(secret.slice(6, 30))

  // Rotated while leads keep arriving: each lead is signed with both secrets, so the CRM verifies before and after it changes.
  const lead = (n: number) =>
    world.postLead(SITES.acme.host, { ...visitor, address: `${n} Hook St`, service: 'Wood Fence', message: 'Fence' })
  const delivered = (n: number) => expect.poll(() => crm.accepted().filter((r) => !('test' in r.body)).length, { timeout: 20_000 }).toBe(n)
  await lead(1)
  await delivered(1)
  await staff.getByRole('button', { name: 'Rotate secret' }).click()
  const fresh = (await staff.getByTestId('new-secret').textContent())!
  expect(fresh).not.toBe(secret)
  await expect(staff.getByText('the old secret still signs until')).toBeVisible()
  await lead(2)
  await delivered(2)
  crm.rotate(fresh)
  await lead(3)
  await delivered(3)
  expect(crm.requests.filter((r) => !('test' in r.body)).map((r) => r.signatures)).toEqual([1, 2, 2])
  expect(crm.unverified()).toEqual([])
  if (look) await check(staff, 'site-webhooks-rotated')
  await context.close()
}

test('an admin adds a site after previewing its record, changes its inbox, removes it by typing its id and restores it; tokens', async ({
  browser,
}) => {
  test.setTimeout(240_000) // four pages checked with axe at two widths, on a busy machine
  await addChangeRemoveRestore(browser, { world, crm, look: true })
})

test('webhooks: the secret shown once to copy, a test delivery the CRM verifies, a rotation while leads keep arriving (axe, screenshots)', async ({
  browser,
}) => {
  await webhooks(browser, { world, crm, look: true })
})

test.describe('on PostgreSQL (issue 42: both storages)', () => {
  let postgres: Awaited<ReturnType<typeof startPostgres>>
  const on = {} as SitesWorld
  test.beforeAll(async () => {
    test.setTimeout(120_000)
    postgres = await startPostgres()
    on.crm = await startFakeWebhook()
    on.world = await startConsoleWorld(
      { SMTP_URL: smtp.url, MAIL_FROM: 'leads@agency.example', DATABASE_URL: await freshDatabase(postgres.url) },
      { sitesInStorage: true, allowOrigins: [new URL(on.crm.url).origin] },
    )
    on.look = false
  })
  test.afterAll(async () => {
    await on.world?.stop()
    await on.crm?.close()
    postgres?.stop()
  })

  test('an admin adds, changes, removes and restores a site; tokens', async ({ browser }) => {
    await addChangeRemoveRestore(browser, on)
  })

  test('webhooks: a test delivery the CRM verifies, a rotation while leads keep arriving', async ({ browser }) => {
    await webhooks(browser, on)
  })
})
