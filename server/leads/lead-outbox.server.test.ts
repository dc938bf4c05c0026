import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import type { PageRecord } from '#app/record/schema.ts'
import { createMailer, type Mailer } from '#server/mail/mailer.server.ts'
import { createOutboundClient } from '#server/outbound/outbound-client.server.ts'
import type { SiteConfig } from '#server/sites/site-config.server.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import type { Storage } from '#server/storage/storage-contract.server.ts'
import { startFakeRelay, type FakeRelay } from '#tests/fake-relay.ts'
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts'
import { newWebhookSecret, startFakeWebhook, type FakeWebhook } from '#tests/fake-webhook.ts'
import { captureLogger, manualClock, tempDir, testRecord, validForm } from '#tests/lead-fixtures.ts'
import type { DrainCounts } from './delivery-outbox.server.ts'
import { createLeadOutbox } from './lead-outbox.server.ts'
import { createLeadService } from './lead-service.server.ts'
import type { DeliveryKind, LeadArrival } from '../storage/lead-store.server.ts'

// The outbox with every kind of destination, against a real relay, SMTP server and webhook receiver on 127.0.0.1.
const FROM = 'Agency Leads <leads@agency.example>'
let relay: FakeRelay
let smtp: FakeSmtp
let hook: FakeWebhook
let mailer: Mailer
let tmp: ReturnType<typeof tempDir>
let storage: Storage
let record: PageRecord
let destinations: SiteConfig['leads']
let clock: ReturnType<typeof manualClock>
let log: ReturnType<typeof captureLogger>

beforeEach(async () => {
  ;[relay, smtp, hook] = await Promise.all([startFakeRelay(), startFakeSmtp(), startFakeWebhook()])
  mailer = createMailer({ smtpUrl: smtp.url, from: FROM, timeoutMs: 2_000 })
  tmp = tempDir()
  storage = await openStorage({ dataDir: tmp.dir, defaultSite: 'acme' })
  record = testRecord({ linkPostEmail: relay.url })
  destinations = { email: ['owner@acme.example', 'office@acme.example'], webhooks: [{ url: hook.url, secret: hook.secret }] }
  clock = manualClock(Date.now()) // receivers refuse a webhook-timestamp more than 5 minutes from their own clock
  log = captureLogger()
})
afterEach(async () => {
  mailer.close()
  await storage.close()
  await Promise.all([relay.close(), smtp.close(), hook.close()])
  tmp.remove()
})

/** The site `acme` as the server runs it: its lead service on the process's outbox, driven by hand (drainOnce). */
function site() {
  const outbox = createLeadOutbox({
    store: storage.leads,
    outbound: createOutboundClient({ allowOrigins: [relay.url, hook.url] }), // loopback receivers, configured as an operator would
    mail: { mailer, from: FROM },
    destinationsOf: (id) => (id === 'acme' ? destinations : undefined),
    siteOf: (id) => (id === 'acme' ? { businessName: record.dbPrincipal.name, siteUrl: 'https://acme.example' } : undefined),
    consoleUrl: 'https://console.agency.example',
    admins: async () => ['admin@agency.example'],
    now: clock.now,
    random: () => 1,
    logger: log.logger,
    timing: { timeoutMs: 2_000 },
  })
  const leads = createLeadService({
    store: storage.leads,
    outbox,
    pageId: 'acme',
    getRecord: () => record,
    destinations,
    timeZone: 'America/Denver',
    logger: log.logger,
    now: clock.now,
  })
  return {
    outbox,
    async submit(form: Record<string, unknown> = validForm, place = 'contact', arrival: LeadArrival | null = null) {
      const result = await leads.submit(form, { form: place, arrival })
      if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`)
      return result.id
    },
    /** Every delivery due now, after the clock moved by `ms`. */
    async drain(ms = 0): Promise<DrainCounts> {
      clock.advance(ms)
      return outbox.drainOnce()
    },
    states: async (id: string) => Object.fromEntries((await storage.leads.getLead(id))!.deliveries.map((d) => [d.kind, d.state])),
    delivery: async (id: string, kind: DeliveryKind) => (await storage.leads.getLead(id))!.deliveries.find((d) => d.kind === kind)!,
  }
}

describe('a lead and its destinations', () => {
  test('each destination gets the lead once: the relay, one email to the site’s addresses, one signed webhook', async () => {
    const s = site()
    // The visit began on Google, through an ad's link (the results counted it; the contact action hands it over).
    const arrival = { source: 'Google', utmSource: 'google', medium: 'cpc', campaign: 'spring-fences' }
    const id = await s.submit({ ...validForm, message: 'The old fence fell\nin the storm.' }, 'contact', arrival)
    expect(await s.drain()).toEqual({ delivered: 3, retried: 0, failed: 0 })
    expect(await s.drain(3_600_000)).toEqual({ delivered: 0, retried: 0, failed: 0 })
    expect(await s.states(id)).toEqual({ relay: 'delivered', email: 'delivered', webhook: 'delivered' })

    expect(relay.accepted().map((r) => r.headers['idempotency-key'])).toEqual([id])

    const [mail] = smtp.messages
    expect(smtp.messages).toHaveLength(1)
    expect(mail!.envelopeTo.toSorted()).toEqual(['office@acme.example', 'owner@acme.example'])
    expect(mail!.subject).toBe('New estimate request: Deck Repair — Ana Lopez')
    expect(mail!.replyTo?.value).toEqual([{ address: 'ana@example.com', name: 'Ana Lopez' }])
    expect(mail!.from?.value).toEqual([{ address: 'leads@agency.example', name: 'Acme Fences via Agency Leads' }])
    expect(mail!.messageId).toBe(`<lead-${id}@agency.example>`)
    expect(mail!.text).toContain('Ana Lopez asked Acme Fences for a free estimate on the website.')
    for (const words of [
      'Phone: (555) 123-4567',
      'Address: 1 Main St',
      'Best way to reach them: Phone, Email',
      'Came from: Google · cpc · campaign “spring-fences”',
      'Sent from: the contact page',
    ])
      expect(mail!.text).toContain(words)
    expect(mail!.text).toContain('Message:\nThe old fence fell\nin the storm.')
    expect(mail!.text).toMatch(/Received: Jan 15, 2026|Received: \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M M[SD]T/)
    expect(mail!.html).toContain('<a href="mailto:ana@example.com">ana@example.com</a>')
    expect(mail!.html).toContain('<a href="tel:+15551234567">(555) 123-4567</a>')
    expect(mail!.html).toMatch(/<a href="tel:\+15551234567" style="[^"]*">Call Ana<\/a>/)
    expect(mail!.html).toContain('<a href="https://www.google.com/maps/search/?api=1&amp;query=1%20Main%20St">1 Main St</a>')
    const leadUrl = `https://console.agency.example/sites/acme/leads/${id}`
    expect(mail!.html).toContain(`<a href="${leadUrl}">Open this lead in the console</a>`)
    expect(mail!.text).toContain(`Open this lead in the console: ${leadUrl}`)
    // No image, no remote resource, no tracking: nothing in it loads anything (links are only followed when tapped).
    expect(mail!.html).not.toMatch(/<img|<link|src=|url\(/i)
    expect(mail!.attachments).toEqual([])

    expect(hook.unverified()).toEqual([])
    const [delivery] = hook.accepted()
    expect(hook.requests).toHaveLength(1)
    expect(delivery!.id).toBe((await s.delivery(id, 'webhook')).id)
    expect(delivery!.body).toEqual({
      type: 'lead.created',
      timestamp: new Date(clock.now() - 3_600_000).toISOString(), // the lead's, not the attempt's
      version: 2,
      data: {
        id,
        siteId: 'acme',
        businessName: 'Acme Fences',
        siteUrl: 'https://acme.example',
        leadUrl,
        form: 'contact',
        source: 'Google',
        utmSource: 'google',
        medium: 'cpc',
        campaign: 'spring-fences',
        receivedAt: new Date(clock.now() - 3_600_000).toISOString(),
        name: 'Ana Lopez',
        phoneE164: '+15551234567',
        phoneExtension: null,
        ...validForm, // every field the visitor typed, as typed
        message: 'The old fence fell\nin the storm.',
        site: 'acme', // version 1's name of siteId
      },
    })
  })

  test('a phone with an extension or an exit code is dialled as typed: the email’s tel: link and the webhook’s E.164 agree', async () => {
    const s = site()
    const cases = [
      { typed: '303-555-0199 ext. 12', tel: 'tel:+13035550199;ext=12', e164: '+13035550199', ext: '12' },
      { typed: '011 44 20 7946 0958', tel: 'tel:+442079460958', e164: '+442079460958', ext: null },
      { typed: '00 44 20 7946 0958', tel: 'tel:+442079460958', e164: '+442079460958', ext: null },
    ]
    for (const { typed } of cases) await s.submit({ ...validForm, phone: typed, firstName: 'Ana\r\nBcc: x@evil.example', contactWays: [] })
    await s.drain()
    expect(hook.unverified()).toEqual([])
    // Leads are delivered concurrently: each case's email and webhook call are found by the number as typed.
    for (const { typed, tel, e164, ext } of cases) {
      const mail = smtp.messages.find((m) => String(m.html).includes(`>${typed}</a>`))!
      expect(mail.html).toContain(`<a href="${tel}">${typed}</a>`)
      expect(mail.text).toContain(`Best way to reach them: Not said`)
      expect(mail.replyTo?.value).toEqual([{ address: 'ana@example.com', name: 'Ana Bcc: x@evil.example Lopez' }])
      const { data } = hook.accepted().find((call) => call.body.data.phone === typed)!.body
      expect(data).toMatchObject({
        phone: typed,
        phoneE164: e164,
        phoneExtension: ext,
        name: 'Ana Bcc: x@evil.example Lopez',
        firstName: 'Ana Bcc: x@evil.example',
      })
    }
  })

  test('the CRM refusing and then down delays only the CRM: the same webhook-id on every retry, email and relay delivered meanwhile', async () => {
    const s = site()
    const id = await s.submit()
    hook.refuse(1, 500)
    expect(await s.drain()).toEqual({ delivered: 2, retried: 1, failed: 0 })
    expect(await s.states(id)).toEqual({ relay: 'delivered', email: 'delivered', webhook: 'pending' })
    expect(await s.delivery(id, 'webhook')).toMatchObject({ attempts: 1, lastError: 'HTTP 500', nextAttemptAt: clock.now() + 5_000 })

    await hook.down()
    expect(await s.drain(5_000)).toEqual({ delivered: 0, retried: 1, failed: 0 })
    expect((await s.delivery(id, 'webhook')).lastError).toMatch(/ECONNREFUSED/)
    await hook.up()
    expect(await s.drain(10_000)).toEqual({ delivered: 1, retried: 0, failed: 0 })

    expect(hook.unverified()).toEqual([])
    expect(hook.accepted()).toHaveLength(1)
    expect(new Set(hook.requests.map((r) => r.id))).toEqual(new Set([(await s.delivery(id, 'webhook')).id]))
    // Each attempt is signed at its own time (a receiver refuses a stale timestamp).
    expect(hook.requests.map((r) => r.timestamp)).toEqual([0, 15].map((s) => Math.floor((clock.now() - 15_000) / 1000) + s))
    expect(smtp.messages).toHaveLength(1)
    expect(relay.accepted()).toHaveLength(1)
    expect(log.messages('warn')).toEqual(['lead webhook failed, will retry', 'lead webhook failed, will retry'])
  })

  test('410 from the CRM stops that webhook for that lead; any other 4xx is retried', async () => {
    const s = site()
    const id = await s.submit()
    hook.refuse(1, 422)
    await s.drain()
    expect(await s.delivery(id, 'webhook')).toMatchObject({ state: 'pending', lastError: 'HTTP 422' })
    hook.refuse(1, 410)
    await s.drain(5_000)
    expect(await s.delivery(id, 'webhook')).toMatchObject({ state: 'failed', lastError: 'HTTP 410: the receiver stopped this webhook' })
    expect(await s.drain(3_600_000)).toEqual({ delivered: 0, retried: 0, failed: 0 })
    expect(hook.requests.map((r) => r.status)).toEqual([422, 410])
    expect(log.messages('error')).toEqual(['lead webhook failed permanently; the lead stays stored'])
  })

  test('a CRM answering 410 pauses its webhook: one email to the admins a day, later leads wait and go once it is re-enabled', async () => {
    const s = site()
    const key = { site: 'acme', kind: 'webhook' as const, target: hook.url }
    const first = await s.submit()
    hook.refuse(1, 410)
    await s.drain()
    expect(await s.delivery(first, 'webhook')).toMatchObject({ state: 'failed' })
    expect(await storage.leads.troubles('acme')).toEqual([
      {
        ...key,
        paused: true,
        since: clock.now(),
        lastError: 'HTTP 410: the receiver stopped this webhook',
        notifiedDay: expect.any(String),
      },
    ])
    const notice = await smtp.waitFor(2).then(() => smtp.messages.find((m) => m.envelopeTo.includes('admin@agency.example')))
    expect(notice!.subject).toBe('Needs attention: a webhook of acme')
    expect(notice!.text).toContain('It answered 410 Gone, so it is paused')
    expect(notice!.text).toContain('https://console.agency.example/sites/acme')

    // Later leads: the CRM is not called, the leads wait (no attempt counted); no second notice today.
    const second = await s.submit()
    await s.drain(60_000)
    expect(hook.requests).toHaveLength(1)
    expect(await s.delivery(second, 'webhook')).toMatchObject({
      state: 'pending',
      attempts: 0,
      lastError: expect.stringMatching(/^waiting: HTTP 410/),
    })
    expect(await s.states(second)).toEqual({ relay: 'delivered', email: 'delivered', webhook: 'pending' })
    const fourth = await s.submit()
    await s.drain()
    expect(smtp.messages.filter((m) => m.envelopeTo.includes('admin@agency.example'))).toHaveLength(1)

    // Re-enabled in the console: the waiting leads go now.
    expect(await s.outbox.reenable(key)).toBe(2)
    expect(await s.drain()).toEqual({ delivered: 2, retried: 0, failed: 0 })
    expect(await s.states(second)).toEqual({ relay: 'delivered', email: 'delivered', webhook: 'delivered' })
    expect(await s.states(fourth)).toMatchObject({ webhook: 'delivered' })
    expect(await storage.leads.troubles()).toEqual([])
    expect(hook.unverified()).toEqual([])
  })

  test('a rotated secret signs the next attempt; a webhook or address the site no longer lists gets nothing', async () => {
    const s = site()
    const id = await s.submit()
    hook.refuse(1, 503)
    smtp.refuse(1, 451)
    await s.drain()
    // The contractor rotated the secret in their CRM and in the site's settings: the retry is signed with the new one.
    const secret = newWebhookSecret()
    hook.rotate(secret)
    destinations.webhooks = [{ url: hook.url, secret }]
    await s.drain(5_000)
    expect(hook.unverified()).toEqual([])
    expect(hook.accepted()).toHaveLength(1)
    expect(await s.delivery(id, 'webhook')).toMatchObject({ state: 'delivered', attempts: 2 })
    // A webhook and addresses removed from the site's settings are never sent again.
    const next = await s.submit()
    destinations.webhooks = []
    destinations.email = ['someone-else@acme.example']
    await s.drain(3_600_000)
    expect(await s.delivery(next, 'webhook')).toMatchObject({ state: 'failed', lastError: 'the site no longer lists this webhook' })
    expect(await s.delivery(next, 'email')).toMatchObject({ state: 'failed', lastError: 'the site no longer lists these addresses' })
    expect(smtp.messages).toHaveLength(1) // the first lead's, on its retry before the change
    expect(hook.requests).toHaveLength(2)
  })

  test('during a rotation every delivery is signed with the new and the old secret, each verifying; past its time only the new one', async () => {
    const s = site()
    const [old, secret] = [hook.secret, newWebhookSecret()]
    destinations.webhooks = [{ url: hook.url, secret, oldSecret: { secret: old, until: new Date(clock.now() + 60_000).toISOString() } }]
    await s.submit()
    await s.drain() // the CRM still verifies with the old secret
    hook.rotate(secret)
    await s.submit()
    await s.drain() // and now with the new one
    expect(hook.requests.map((r) => [r.status, r.signatures])).toEqual([
      [200, 2],
      [200, 2],
    ])
    clock.advance(60_000)
    await s.submit()
    await s.drain()
    expect(hook.requests.at(-1)).toMatchObject({ status: 200, signatures: 1 })
  })

  test('the mail server: a 4xx refusal is retried, a 5xx one fails the email with its reason; the lead stays stored', async () => {
    const s = site()
    const id = await s.submit()
    smtp.refuse(1, 451)
    await s.drain()
    expect(await s.delivery(id, 'email')).toMatchObject({ state: 'pending', lastError: 'SMTP 451: Message failed: 451 Try again later' })
    smtp.refuse(1, 550)
    await s.drain(5_000)
    expect(await s.delivery(id, 'email')).toMatchObject({ state: 'failed', lastError: 'SMTP 550: Message failed: 550 Mailbox unavailable' })
    expect(smtp.messages).toHaveLength(0)
    expect(await s.states(id)).toEqual({ relay: 'delivered', email: 'failed', webhook: 'delivered' })
  })

  test('a visitor’s hostile text stays text: escaped in the HTML, one line in the subject, no header of its own', async () => {
    const s = site()
    await s.submit({
      ...validForm,
      firstName: '<script>alert(1)</script>',
      lastName: 'Lopez\r\nBcc: thief@evil.example',
      message: '<img src=x onerror=alert(2)> & "quotes"',
    })
    await s.drain()
    const [mail] = smtp.messages
    expect(mail!.envelopeTo.toSorted()).toEqual(['office@acme.example', 'owner@acme.example'])
    expect(mail!.bcc).toBeUndefined()
    expect(mail!.subject).toBe('New estimate request: Deck Repair — <script>alert(1)</script> Lopez Bcc: thief@evil.example')
    expect(mail!.html).not.toMatch(/<script|<img/i)
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(2)&gt; &amp; &quot;quotes&quot;')
    expect(hook.accepted()[0]!.body.data.message).toBe('<img src=x onerror=alert(2)> & "quotes"') // the CRM gets what was typed
  })

  test('a Spanish site’s email is in Spanish', async () => {
    record = testRecord({ linkPostEmail: relay.url, isenglish: false })
    const s = site()
    await s.submit({ ...validForm, message: '' }, 'modal')
    await s.drain()
    const [mail] = smtp.messages
    expect(mail!.subject).toBe('Nueva solicitud de presupuesto: Deck Repair — Ana Lopez')
    expect(mail!.text).toContain('Ana Lopez pidió a Acme Fences un presupuesto gratuito en el sitio web.')
    expect(mail!.text).toContain('Enviado desde: la ventana de presupuesto')
    expect(mail!.text).toContain('Mensaje:\n(sin mensaje)')
    expect(mail!.from?.value).toEqual([{ address: 'leads@agency.example', name: 'Acme Fences vía Agency Leads' }])
    expect(mail!.html).toContain('>Llamar a Ana</a>')
    expect(mail!.html).toMatch(/^<!doctype html>\s*<html lang="es">/)
  })

  test('a resend sends one kind again, recognisably the same: the same Message-ID, the same webhook-id', async () => {
    const s = site()
    const id = await s.submit()
    await s.drain()
    const answer = await s.outbox.resend(id, 'email')
    expect(answer).toMatchObject({ found: true, queued: [{ kind: 'email', state: 'pending', attempts: 0 }], notQueued: [] })
    expect(await s.drain()).toEqual({ delivered: 1, retried: 0, failed: 0 })
    expect(smtp.messages.map((m) => m.messageId)).toEqual([`<lead-${id}@agency.example>`, `<lead-${id}@agency.example>`])
    await s.outbox.resend(id, 'webhook')
    await s.drain()
    expect(hook.accepted().map((r) => r.id)).toEqual([(await s.delivery(id, 'webhook')).id, (await s.delivery(id, 'webhook')).id])
    expect(relay.accepted()).toHaveLength(1)
    expect(await s.outbox.resend('no-such-lead')).toEqual({ found: false })
  })
})
