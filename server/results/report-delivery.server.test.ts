import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { createMailer, type Mailer } from '#server/mail/mailer.server.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import type { Storage } from '#server/storage/storage-contract.server.ts'
import { startFakeSmtp, type FakeSmtp } from '#tests/fake-smtp.ts'
import { relayOnly, tempDir, validForm } from '#tests/lead-fixtures.ts'
import { createReportDelivery, dueMonth, type DeliverySite } from './report-delivery.server.ts'
import { monthLeads } from './report-leads.server.ts'
import { utmLabel } from './results-counter.server.ts'

/**
 * The 1st's report through a real SMTP server (tests/fake-smtp.ts), on the real SQLite storage and a
 * clock of our own: due from 08:00 in the site's time zone, sent once whoever checks and however often,
 * tried again while the mail server is away, not again once it refused. (tests/results-delivery.test.ts:
 * the same with the server's own clock moved, across a restart and two instances on PostgreSQL.)
 */

const LA = 'America/Los_Angeles'
const at = (local: string) => Date.parse(`${local}-08:00`) // PST: the clocks went back at 02:00 on November 1, 2026

let tmp: ReturnType<typeof tempDir>
let storage: Storage
let smtp: FakeSmtp
let mailer: Mailer
let clock: number
beforeEach(async () => {
  tmp = tempDir()
  storage = await openStorage({ dataDir: tmp.dir, defaultSite: 'ironwood' })
  smtp = await startFakeSmtp()
  mailer = createMailer({ smtpUrl: smtp.url, from: 'Reports <reports@agency.test>' })
  // October in Los Angeles: two visitors, one of them sent an estimate request from a campaign.
  const visitors = { counts: [{ metric: 'visitors', label: '', device: 'phone' as const }] }
  await storage.results.record('ironwood', '2026-10-14', [visitors, visitors], { labelLimit: 50, now: 0 })
  const estimate = { counts: [{ metric: 'estimate', label: 'modal', device: 'phone' as const }] }
  const tags = utmLabel({ campaign: 'fall-fences', source: 'google', medium: 'cpc' })
  const campaign = { labels: [{ dimension: 'utm', label: tags, figures: { visitors: 1, estimates: 1, phone: 1 } }] }
  await storage.results.record('ironwood', '2026-10-14', [{ ...estimate, ...campaign }], { labelLimit: 50, now: 0 })
  // A year before: 5 visitors on October 3, 2025 (the report says so beside each figure).
  await storage.results.record('ironwood', '2025-10-03', Array(5).fill(visitors), { labelLimit: 50, now: 0 })
  // The request itself, stored on October 14 in Los Angeles, from the campaign's visit; and one of November's, not listed.
  const arrival = { source: 'Google', utmSource: 'google', medium: 'cpc', campaign: 'fall-fences' }
  const lead = (now: number) => ({
    pageId: 'ironwood',
    site: 'ironwood',
    lead: { ...validForm, contactWays: ['phone' as const], lastName: 'lopez' },
    relayBody: {} as never,
    deliveries: relayOnly(null),
    now,
    arrival,
  })
  await storage.leads.insertLead(lead(at('2026-10-14T12:00:00')))
  await storage.leads.insertLead({ ...lead(at('2026-11-01T00:00:00')), idempotencyKey: 'november-first' })
})
afterEach(async () => {
  mailer.close()
  await smtp.close()
  await storage.close()
  tmp.remove()
})

const site = (id = 'ironwood', email = ['owner@ironwood.test', 'office@ironwood.test']): DeliverySite => ({
  config: { id, timeZone: LA, reports: { email } },
  look: async () => ({ lang: 'en', businessName: 'Ironwood Fence' }),
  link: async () => 'https://ironwood.test/reports/0123',
  leads: (month, lang) => monthLeads(storage.leads, { site: id, month, timeZone: LA, lang, consoleUrl: 'https://console.agency.test' }),
})
const delivery = (origin: string, sites = [site()]) =>
  createReportDelivery({ results: storage.results, mailer, domain: 'agency.test', origin, sites: () => sites, now: () => clock })

// Each send draws the chart (sharp, fontconfig) and inlines the page's styles: seconds on a busy machine, more than the unit project's bound.
describe("the 1st's report", { timeout: 30_000 }, () => {
  test("is due from 08:00 on the 1st in the site's time zone: last month's", () => {
    expect(dueMonth(LA, at('2026-11-01T07:59:59'))).toBeNull()
    expect(dueMonth(LA, at('2026-11-01T08:00:00'))).toBe('2026-10')
    expect(dueMonth(LA, at('2026-11-20T03:00:00'))).toBe('2026-10')
    // 08:00 on the 1st in UTC is 01:00 in Los Angeles: not yet; and at 06:00 UTC it is still October 31 there.
    expect(dueMonth('UTC', Date.parse('2026-11-01T08:00:00Z'))).toBe('2026-10')
    expect(dueMonth(LA, Date.parse('2026-11-01T08:00:00Z'))).toBeNull()
    expect(dueMonth(LA, Date.parse('2026-11-01T06:00:00Z'))).toBe('2026-09')
  })

  test('is sent once to every address, whoever checks and however often; the email is the report', async () => {
    const [a, b] = [delivery('origin-a'), delivery('origin-b')]
    clock = at('2026-11-01T07:59:00')
    await a.check()
    expect(smtp.messages).toHaveLength(0)
    clock = at('2026-11-01T08:00:30')
    await Promise.all([a.check(), b.check(), a.check(), b.check()])
    clock += 3_600_000
    await Promise.all([a.check(), b.check(), delivery('restarted').check()])
    expect(smtp.messages).toHaveLength(1)
    const [mail] = smtp.messages
    expect(mail!.envelopeTo).toEqual(['owner@ironwood.test', 'office@ironwood.test'])
    expect(mail!.subject).toBe('What your website brought in: October 2026 (Ironwood Fence)')
    expect(mail!.messageId).toMatch(/^<report\.ironwood\.2026-10\.[\da-f-]{36}@agency\.test>$/)
    const html = String(mail!.html)
    // The button to the whole report (the share page), in the HTML mail apps show.
    expect(html).toMatch(/<a class="see-all" href="https:\/\/ironwood\.test\/reports\/0123"[^>]*>See the whole report<\/a>/)
    expect(html).not.toMatch(/<script|<link|url\(|src="https?:/i)
    // The chart is the message's own part (mailparser puts a cid: part's bytes in its place), its phone-width drawing, styles inlined.
    expect(html).toMatch(
      /<img class="chart email" src="data:image\/png;base64,[^"]+" alt="Day by day" width="360" style="[^"]*max-width: 540px/,
    )
    // Which campaign brought the request: a row per campaign × source × medium, its figures each in words; every cell styled.
    expect(html).toMatch(
      /<td class="name" style="[^"]+"[^>]*>fall-fences<\/td>\s*<td class="text"[^>]*>google<\/td>\s*<td class="text"[^>]*>cpc<\/td>\s*<td class="num"[^>]*>1<\/td>\s*<td class="words"[^>]*><span class="fig"[^>]*>1 estimate request,<\/span> <span class="fig"[^>]*>1 call<\/span><\/td>/,
    )
    // The month's request, by name, service and where its visit began; October 2025 beside October's figures.
    expect(html).toMatch(
      /<td class="text"[^>]*>Ana L\.<\/td>\s*<td class="text"[^>]*>Deck Repair<\/td>\s*<td class="text"[^>]*>Google · cpc · campaign “fall-fences”<\/td>/,
    )
    expect(html).toContain('October 2025: 5</div>')
    expect(html.match(/Ana L\./g)).toHaveLength(1) // November's request is November's
    expect(mail!.attachments.map((part) => [part.cid, part.contentType])).toEqual([['chart@report', 'image/png']])
    expect(mail!.text).toContain('- Visitors: 2 (▲ better; 0 before; October 2025: 5)')
    expect(mail!.text).toContain('- Estimate requests: 1 (▲ better; 0 before; October 2025: 0)')
    expect(mail!.text).toContain('- fall-fences · google · cpc: 1 visitor, 1 estimate request, 1 call, 0 chats')
    expect(mail!.text).toContain('- Ana L. · Deck Repair · Google · cpc · campaign “fall-fences”')
    expect(mail!.text).toContain('https://ironwood.test/reports/0123')
    expect(await storage.results.reportDelivery('ironwood', '2026-10')).toMatchObject({ state: 'sent', attempts: 1 })
  })

  test('is tried again while the mail server says "later", after a minute, then two', async () => {
    const one = delivery('origin-a')
    smtp.refuse(2, 451)
    clock = at('2026-11-01T09:00:00')
    await one.check()
    clock += 59_000
    await one.check()
    expect(await storage.results.reportDelivery('ironwood', '2026-10')).toMatchObject({ state: 'pending', attempts: 1 })
    clock += 1_000
    await one.check() // the second refusal: next in two minutes
    clock += 119_000
    await one.check()
    expect(smtp.messages).toHaveLength(0)
    clock += 1_000
    await one.check()
    expect(smtp.messages).toHaveLength(1)
    expect(await storage.results.reportDelivery('ironwood', '2026-10')).toMatchObject({ state: 'sent', attempts: 3, lastError: null })
  })

  test('a refused message (5xx) is not tried again; a month with nothing counted sends nothing', async () => {
    const sites = [site(), site('quiet-site', ['owner@quiet.test'])]
    const one = delivery('origin-a', sites)
    smtp.refuse(1, 550)
    clock = at('2026-11-02T10:00:00')
    await one.check()
    clock += 86_400_000
    await one.check()
    expect(smtp.messages).toHaveLength(0)
    expect(await storage.results.reportDelivery('ironwood', '2026-10')).toMatchObject({
      state: 'failed',
      lastError: expect.stringMatching(/^SMTP 550/),
    })
    expect(await storage.results.reportDelivery('quiet-site', '2026-10')).toMatchObject({ state: 'empty' })
  })

  test('a site without report addresses is never claimed', async () => {
    clock = at('2026-11-02T10:00:00')
    await delivery('origin-a', [site('ironwood', [])]).check()
    expect(await storage.results.reportDelivery('ironwood', '2026-10')).toBeNull()
  })
})
