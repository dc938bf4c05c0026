import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { csvCell, formatLeads, main } from './leads-cli.ts'
import { textWidth } from './terminal-width.ts'
import type { Delivery, LeadRow } from '../storage/lead-store.server.ts'
import { openStorage } from '../storage/storage.server.ts'
import { buildRelayBody } from '../leads/relay-body.server.ts'
import { leadsCsv } from '../leads/leads-csv.server.ts'
import { relayOnly, tempDir, testRecord, validForm } from '#tests/lead-fixtures.ts'

const lead = { ...validForm, contactWays: ['phone' as const] }
let tmp: ReturnType<typeof tempDir>
beforeEach(() => void (tmp = tempDir()))
afterEach(() => tmp.remove())

const delivery = (overrides: Partial<Delivery> = {}): Delivery => ({
  id: 'id-1',
  leadId: 'id-1',
  kind: 'relay',
  position: 0,
  target: 'https://relay.example/send?token=secret',
  detail: null,
  state: 'pending',
  attempts: 2,
  queuedAt: 0,
  nextAttemptAt: 0,
  claimedUntil: 0,
  claimedBy: null,
  lastError: 'HTTP 503',
  deliveredAt: null,
  ...overrides,
})

function row(overrides: Partial<Omit<LeadRow, 'lead'>> & { lead?: Partial<LeadRow['lead']> } = {}): LeadRow {
  return {
    id: 'id-1',
    pageId: 'page-1',
    site: 'page-1',
    createdAt: Date.UTC(2026, 0, 15, 9, 30),
    relayBody: buildRelayBody(lead, testRecord()),
    form: 'contact',
    idempotencyKey: 'id-1',
    erased: null,
    deliveries: [
      delivery(),
      delivery({
        id: 'e-1',
        kind: 'email',
        position: 1,
        target: 'owner@acme.example,office@acme.example',
        state: 'delivered',
        attempts: 1,
        lastError: null,
        deliveredAt: Date.UTC(2026, 0, 15, 9, 31),
      }),
      delivery({
        id: 'w-1',
        kind: 'webhook',
        position: 2,
        target: 'https://crm.example/hook',
        state: 'failed',
        attempts: 1,
        lastError: 'HTTP 410: the receiver stopped this webhook',
      }),
    ],
    ...overrides,
    lead: { ...lead, ...overrides.lead },
  }
}

describe('leads CLI', () => {
  test('prints a readable table: each lead with its id, and under it each destination with its state, delivery time, tries and last error', () => {
    const out = formatLeads([row()])
    const [header, , line, relay, email, webhook] = out.split('\n')
    expect(header).toMatch(/^Time \(UTC\)\s+Name\s+Email\s+Phone\s+Service\s+Lead id$/)
    expect(line).toMatch(/^2026-01-15 09:30\s+Ana Lopez\s+ana@example.com\s+\(555\) 123-4567\s+Deck Repair\s+id-1$/)
    expect(relay).toMatch(/^ {2}relay +https:\/\/relay\.example\/send +pending +2 tries +HTTP 503$/) // never the URL's query
    expect(email).toMatch(/^ {2}email +owner@acme\.example, office@ac… +delivered +2026-01-15 09:31 +1 try$/)
    expect(webhook).toMatch(/^ {2}webhook +https:\/\/crm\.example\/hook +failed +1 try +HTTP 410: the receiver stopped this webhook$/)
    expect(out).toContain('1 lead(s)')
  })

  test('the table neutralises terminal escape sequences and truncates long cells', () => {
    const out = formatLeads([row({ lead: { firstName: '\u001b[31mEvil', lastName: 'x'.repeat(50) } })])
    expect(out).not.toContain('\u001b')
    expect(out).toContain('…')
  })

  test('CSV is RFC 4180: every field quoted, quotes doubled, CRLF lines, newlines kept inside quotes; each kind its states', () => {
    const out = formatLeads([row({ lead: { message: 'He said "hi",\nthen left', phone: '303-555-0199 ext. 12' } })], { csv: true })
    const lines = out.split('\r\n')
    expect(lines[0]).toBe(
      '"id","created_at","first_name","last_name","email","phone","address","service","contact_ways","message","relay_state","attempts","last_error","delivered_at","site","page_id","form","email_state","email_attempts","email_last_error","email_delivered_at","webhook_state","webhook_attempts","webhook_last_error","webhook_delivered_at","erased","phone_e164","phone_ext"',
    )
    expect(lines[1]).toContain('"He said ""hi"",\nthen left"')
    expect(lines[1]).toContain(
      '"pending","2","HTTP 503","","page-1","page-1","contact","delivered","1","","2026-01-15T09:31:00.000Z","failed","1","HTTP 410: the receiver stopped this webhook","","","\'+13035550199","12"',
    )
    expect(out.endsWith('\r\n')).toBe(true)
  })

  test('the table lines up names in Chinese or with emoji: cells measured by graphemes and East Asian width', () => {
    const out = formatLeads([
      row({ lead: { firstName: '王', lastName: '小明' } }),
      row({ lead: { firstName: 'Ana 👩‍👩‍👧', lastName: 'Lopez' } }),
    ])
    const [first, second] = out.split('\n').filter((l) => /小明|Lopez/.test(l))
    const at = (line: string, text: string) => textWidth(line.slice(0, line.indexOf(text)))
    expect(at(first!, row().lead.email)).toBe(at(second!, row().lead.email))
  })

  test('CSV cells that a spreadsheet would run as a formula get a leading apostrophe', () => {
    expect(['=HYPERLINK("x")', '+1 555', '-2', '@SUM(A1)', 'plain'].map(csvCell)).toEqual([
      `"'=HYPERLINK(""x"")"`,
      `"'+1 555"`,
      `"'-2"`,
      `"'@SUM(A1)"`,
      '"plain"',
    ])
  })

  test("main reads DATA_DIR and exports every site's leads newest first, streamed with backpressure", async () => {
    const storage = await openStorage({ dataDir: tmp.dir, defaultSite: 'p' })
    const body = buildRelayBody(lead, testRecord())
    await storage.leads.insertLead({
      pageId: 'p',
      site: 'p',
      lead: { ...lead, firstName: 'Older' },
      relayBody: body,
      deliveries: relayOnly(null),
      now: 1_000,
    })
    await storage.leads.insertLead({
      pageId: 'p',
      site: 'p',
      lead: { ...lead, firstName: 'Newer' },
      relayBody: body,
      deliveries: relayOnly(null),
      now: 2_000,
    })
    await storage.leads.insertLead({
      pageId: 'q',
      site: 'q',
      lead: { ...lead, firstName: 'Other site' },
      relayBody: body,
      deliveries: relayOnly(null),
      now: 1_500,
    })
    const listing = leadsCsv(await storage.leads.listLeads())
    await storage.close()
    // The CSV comes in pieces (the header, then a batch of rows), each written once the output took the one before.
    const pieces: string[] = []
    let waiting = false
    const slowOutput = (s: string) => {
      if (waiting) throw new Error('written before the output took the last piece')
      pieces.push(s)
      waiting = true
      return new Promise<void>((resolve) => setImmediate(() => resolve(void (waiting = false))))
    }
    expect(await main(['--csv'], { DATA_DIR: tmp.dir }, slowOutput)).toBe(0)
    expect(pieces).toHaveLength(2)
    expect(pieces.join('')).toBe(listing)
    const firstNames = pieces
      .join('')
      .trim()
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(',')[2])
    expect(firstNames).toEqual(['"Newer"', '"Other site"', '"Older"'])
  })

  test("--site keeps one site's leads, and says so when that site has none", async () => {
    const storage = await openStorage({ dataDir: tmp.dir, defaultSite: 'ironwood' })
    const body = buildRelayBody(lead, testRecord())
    await storage.leads.insertLead({
      pageId: 'ironwood',
      site: 'ironwood',
      lead: { ...lead, firstName: 'Iris' },
      relayBody: body,
      deliveries: relayOnly(null),
      now: 1_000,
    })
    await storage.leads.insertLead({
      pageId: 'cedar',
      site: 'cedar',
      lead: { ...lead, firstName: 'Cole' },
      relayBody: body,
      deliveries: relayOnly(null),
      now: 2_000,
    })
    await storage.close()
    let out = ''
    expect(await main(['--site', 'ironwood'], { DATA_DIR: tmp.dir }, (s) => void (out += s))).toBe(0)
    expect(out).toContain('Iris')
    expect(out).not.toContain('Cole')
    expect(out).toContain('1 lead(s)')
    out = ''
    await main(['--site', 'nobody'], { DATA_DIR: tmp.dir }, (s) => void (out += s))
    expect(out).toBe('No leads stored for site "nobody".\n')
    out = ''
    // --site=ID is the same flag: the CSV holds that site's leads only (it used to export every site's).
    expect(await main(['--site=ironwood', '--csv'], { DATA_DIR: tmp.dir }, (s) => void (out += s))).toBe(0)
    expect(out).toContain('Iris')
    expect(out).not.toContain('Cole')
  })

  test('a usage mistake (a flag without its value, an unknown or misspelled flag, a stray word) prints the usage on stderr and exits 2', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true)
    const mistakes = [
      ['--site'],
      ['--cvs'],
      ['--csv=yes'],
      ['ironwood'],
      ['--import-sqlite', './data', '--csv'],
      ['--to', 'email'],
      ['--resend', 'id-1', '--to', 'fax'],
      ['--resend', 'id-1', '--csv'],
    ]
    for (const argv of mistakes) {
      let out = ''
      stderr.mockClear()
      expect(await main(argv, { DATA_DIR: tmp.dir }, (s) => void (out += s)), argv.join(' ')).toBe(2)
      expect(out).toBe('')
      expect(stderr.mock.calls.join('')).toMatch(/usage: npm run leads/)
    }
    expect(stderr.mock.calls.join('')).toMatch(/--resend names one lead by its id/)
  })

  test('main says so when there is no database yet', async () => {
    let out = ''
    await main([], { DATA_DIR: `${tmp.dir}/missing` }, (s) => void (out += s))
    expect(out).toMatch(/^No leads stored yet/)
  })
})
