import { execFileSync } from 'node:child_process'
import { chromium } from '@playwright/test'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ESTIMATE_MODAL_SEEN_KEY } from '#app/sections/estimate-visit.ts'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { startUsing } from '../e2e/visitor.ts'
import { acmeRecord, contactPoster, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { startFakeRelay } from './fake-relay.ts'
import { startFakeSmtp } from './fake-smtp.ts'
import { startFakeWebhook } from './fake-webhook.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * Issue 36 on the real server: a lead posted from a browser reaches the record's relay, the site's inbox
 * (a real SMTP server) and its CRM (a receiver that verifies every delivery with the standardwebhooks
 * library and the body against docs/webhooks/lead.created.v2.schema.json), each once; the CRM down delays
 * only the CRM; `npm run leads` shows each destination and `--resend` sends one kind again.
 */

let relay: Awaited<ReturnType<typeof startFakeRelay>>
let smtp: Awaited<ReturnType<typeof startFakeSmtp>>
let hook: Awaited<ReturnType<typeof startFakeWebhook>>
let provider: Awaited<ReturnType<typeof startFakeProvider>>
let site: Awaited<ReturnType<typeof startSite>>
/** The lead the browser sent (test 1), for the tests after it. */
let browserLead = ''

beforeAll(async () => {
  ensureBuilt()
  ;[relay, smtp, hook] = await Promise.all([startFakeRelay(), startFakeSmtp(), startFakeWebhook()])
  provider = await startFakeProvider({ kind: 'ok', record: acmeRecord(relay.url) })
  site = await startSite({
    PAGE_API_URL: provider.url,
    OUTBOUND_ALLOW_ORIGINS: `${relay.url},${hook.url}`, // receivers on loopback, listed as an operator lists their own
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Acme Leads <leads@agency.example>',
    CONSOLE_URL: 'https://console.agency.example',
    SITE_URL: 'https://acme.example',
    LEAD_EMAIL: 'owner@acme.example, office@acme.example',
    LEAD_WEBHOOK_URL: hook.url,
    LEAD_WEBHOOK_SECRET: hook.secret,
    SITE_TIME_ZONE: 'America/Denver',
    RELAY_RETRY_BASE_MS: '200',
    RELAY_RETRY_CAP_MS: '1000',
    RELAY_POLL_MS: '200',
    METRICS_PORT: '0',
  })
}, 180_000)
afterAll(async () => {
  await site?.stop()
  await Promise.all([provider?.close(), relay?.close(), smtp?.close(), hook?.close()])
})

const leadsCli = (...args: string[]) =>
  execFileSync(process.execPath, ['server/cli/leads.js', ...args], { env: { ...process.env, DATA_DIR: site.dataDir }, encoding: 'utf8' })

test('a lead sent from a browser: one email with the visitor’s words and Reply-To, one webhook (one id across its retries), the relay once', async () => {
  hook.refuse(1, 503) // the CRM's first answer: busy
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  let sentAt: number
  try {
    const page = await browser.newPage()
    await page.addInitScript((key) => sessionStorage.setItem(key, '1'), ESTIMATE_MODAL_SEEN_KEY) // a visitor who closed the modal
    await page.goto(`${site.url}/contact`)
    const form = page.locator('main form[action="/contact"]').first()
    await startUsing(page)
    await form.locator('input[name="submissionId"]:not([value=""])').waitFor({ state: 'attached' }) // hydrated
    for (const [label, value] of [
      ['First Name', 'Grace'],
      ['Last Name', 'Hopper'],
      ['Email', 'grace@example.com'],
      ['Phone', '303-555-0199 ext. 12'],
      ['Address', '7 Compiler Court'],
    ])
      await form.getByRole('textbox', { name: label, exact: true }).fill(value!)
    await form.getByRole('combobox', { name: 'Type of Service' }).selectOption('Decks')
    await form.getByRole('checkbox', { name: 'Phone call', exact: true }).check()
    await form.getByRole('textbox', { name: 'Message' }).fill('A composite deck, 12 × 16 ft,\nbefore <June>.')
    await form.getByRole('button', { name: 'Send Request' }).click()
    await expect.poll(() => form.getByRole('status').textContent()).toContain('Thank you!')
    sentAt = Date.now()
  } finally {
    await browser.close()
  }

  expect(site.logLines().find((line) => line.event === 'mail.ready' || line.event === 'mail.unusable')).toMatchObject({
    event: 'mail.ready',
  })
  const [mail] = await smtp.waitFor(1)
  await expect.poll(() => hook.accepted().length).toBe(1)
  await expect.poll(() => relay.accepted().length).toBe(1)
  console.info('[lead-destinations] from "sent" to the inbox and to the CRM (its first answer refused)', {
    emailMs: mail!.receivedAt - sentAt,
    webhookMs: hook.accepted()[0]!.receivedAt - sentAt,
  })
  browserLead = String(relay.accepted()[0]!.headers['idempotency-key'])

  expect(smtp.messages).toHaveLength(1)
  expect(mail!.envelopeTo.toSorted()).toEqual(['office@acme.example', 'owner@acme.example'])
  expect(mail!.subject).toBe('New estimate request: Decks — Grace Hopper')
  expect(mail!.replyTo?.value).toEqual([{ address: 'grace@example.com', name: 'Grace Hopper' }])
  const business = String(hook.accepted()[0]!.body.data.businessName)
  expect(business).not.toBe('')
  expect(mail!.from?.value).toEqual([{ address: 'leads@agency.example', name: `${business} via Acme Leads` }])
  // One tap to call back: the number dialled, the extension offered, never dialled as more digits.
  expect(mail!.html).toContain('<a href="tel:+13035550199;ext=12">303-555-0199 ext. 12</a>')
  expect(mail!.html).toMatch(/<a href="tel:\+13035550199;ext=12" style="[^"]*">Call Grace<\/a>/)
  expect(mail!.html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=7%20Compiler%20Court"')
  expect(mail!.text).toContain(`Open this lead in the console: https://console.agency.example/sites/demo/leads/${browserLead}`)
  expect(mail!.text).toContain('Best way to reach them: Phone')
  expect(mail!.text).toContain('Message:\nA composite deck, 12 × 16 ft,\nbefore <June>.')
  expect(mail!.text).toContain('Sent from: the contact page')
  expect(mail!.text).toMatch(/Received: .* [AP]M M[SD]T/) // the site's clock (America/Denver)
  expect(mail!.html).toContain('A composite deck, 12 × 16 ft,\nbefore &lt;June&gt;.')
  expect(mail!.messageId).toBe(`<lead-${browserLead}@agency.example>`)

  expect(hook.unverified()).toEqual([])
  expect(hook.requests.map((r) => r.status)).toEqual([503, 200])
  expect(new Set(hook.requests.map((r) => r.id)).size).toBe(1)
  // Schema v2 (the receiver validated it): what a CRM maps without code.
  expect(hook.accepted()[0]!.body).toMatchObject({ version: 2 })
  expect(hook.accepted()[0]!.body.data).toMatchObject({
    id: browserLead,
    site: 'demo',
    siteId: 'demo',
    siteUrl: 'https://acme.example',
    leadUrl: `https://console.agency.example/sites/demo/leads/${browserLead}`,
    form: 'contact',
    email: 'grace@example.com',
    name: 'Grace Hopper',
    phone: '303-555-0199 ext. 12',
    phoneE164: '+13035550199',
    phoneExtension: '12',
  })
  expect(relay.accepted()[0]!.body).toMatchObject({ nombre: 'Grace', lastname: 'Hopper', toEmail: 'owner@acme.example' })
})

test('the CRM down delays only the CRM: the email and the relay go meanwhile, the webhook when it is back', async () => {
  await hook.down()
  const email = 'while-crm-down@example.com'
  expect((await contactPoster(site)({ ...validLead, email })).status).toBe(200)
  await expect.poll(() => smtp.messages.filter((m) => m.replyTo?.value[0]?.address === email).length).toBe(1)
  await expect.poll(() => relay.accepted().filter((r) => (r.body as { email: string }).email === email).length).toBe(1)
  // The CRM's delivery waits, with why.
  await expect.poll(() => leadsCli()).toMatch(/ {2}webhook +http:\/\/127\.0\.0\.1:\d+\/hooks\/… +pending +\d+ tr(y|ies) +.*ECONNREFUSED/)
  await hook.up()
  await expect.poll(() => hook.accepted().filter((r) => r.body.data.email === email).length).toBe(1)
})

test('npm run leads shows each destination delivered; --resend sends one kind again, the same way (same Message-ID, webhook-id, Idempotency-Key)', async () => {
  const listing = leadsCli()
  const block = listing.slice(listing.indexOf('Grace Hopper'), listing.indexOf('\n\n', listing.indexOf('Grace Hopper')))
  expect(block).toContain(browserLead)
  expect(block).toMatch(/ {2}relay +http:\/\/127\.0\.0\.1:\d+\/relay +delivered +\d{4}-\d\d-\d\d \d\d:\d\d +1 try/)
  expect(block).toMatch(/ {2}email +owner@acme\.example, office@ac… +delivered +\d{4}-\d\d-\d\d \d\d:\d\d +1 try/)
  expect(block).toMatch(/ {2}webhook +http:\/\/127\.0\.0\.1:\d+\/hooks\/… +delivered +\d{4}-\d\d-\d\d \d\d:\d\d +2 tries$/m)
  const csv = leadsCli('--csv').split('\r\n')
  expect(csv[0]).toContain('"email_state","email_attempts","email_last_error","email_delivered_at","webhook_state"')

  const before = { email: smtp.messages.length, webhook: hook.accepted().length, relay: relay.accepted().length }
  expect(leadsCli('--resend', browserLead, '--to', 'webhook')).toMatch(
    /^webhook http:\/\/127\.0\.0\.1:\d+\/hooks\/catch\/123\/abc\/: queued again\n/,
  )
  await expect.poll(() => hook.accepted().length).toBe(before.webhook + 1)
  expect(
    new Set(
      hook
        .accepted()
        .filter((r) => r.body.data.id === browserLead)
        .map((r) => r.id),
    ).size,
  ).toBe(1)
  leadsCli('--resend', browserLead, '--to', 'email')
  await expect.poll(() => smtp.messages.length).toBe(before.email + 1)
  expect(smtp.messages.at(-1)!.messageId).toBe(`<lead-${browserLead}@agency.example>`)
  leadsCli('--resend', browserLead, '--to', 'relay')
  await expect.poll(() => relay.accepted().length).toBe(before.relay + 1)
  expect(relay.accepted().at(-1)!.headers['idempotency-key']).toBe(browserLead)
  expect(hook.accepted().length).toBe(before.webhook + 1) // each resend sent its own kind only
})

test('the metrics count deliveries and failures by kind; /sites shows each site’s backlog', async () => {
  const text = await (await fetch(`${site.metricsUrl()}/metrics`)).text()
  const value = (series: string) => Number(text.match(new RegExp(`^${series.replace(/[{}"]/g, '\\$&')} (\\S+)$`, 'm'))?.[1])
  expect(value('tradesite_lead_deliveries_total{site="demo",kind="email"}')).toBe(3)
  expect(value('tradesite_lead_deliveries_total{site="demo",kind="webhook"}')).toBe(3)
  expect(value('tradesite_lead_deliveries_total{site="demo",kind="relay"}')).toBe(3)
  expect(value('tradesite_lead_delivery_failures_total{site="demo",kind="webhook"}')).toBeGreaterThanOrEqual(2)
  expect(value('tradesite_lead_deliveries{site="demo",kind="email",state="delivered"}')).toBe(2)
  const sites = (await (await fetch(`${site.metricsUrl()}/sites`)).json()) as { sites: { leadBacklog: object }[] }
  expect(sites.sites[0]!.leadBacklog).toEqual({ relay: 0, email: 0, webhook: 0 })
})
