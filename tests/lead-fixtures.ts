import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parsePageRecord, type PageRecord } from '#app/record/schema.ts'
import type { Logger } from '#server/leads/delivery-outbox.server.ts'
import type { LeadRow, LeadStore, NewDelivery } from '#server/storage/lead-store.server.ts'
import { buildRelayBody } from '#server/leads/relay-body.server.ts'

/** For the leads tests: a record, a valid form, a temporary DATA_DIR, a clock and a captured log. */

export function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tradesite-leads-'))
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

/** A clock the test moves by hand, so backoff is tested without waiting. */
export function manualClock(start = Date.UTC(2026, 0, 15, 12, 0, 0)) {
  let t = start
  return { now: () => t, advance: (ms: number) => void (t += ms) }
}

export function captureLogger() {
  const entries: { level: keyof Logger; message: string; details?: Record<string, unknown> }[] = []
  const at = (level: keyof Logger) => (message: string, details?: Record<string, unknown>) => void entries.push({ level, message, details })
  const logger: Logger = { info: at('info'), warn: at('warn'), error: at('error') }
  return { logger, entries, messages: (level: keyof Logger) => entries.filter((e) => e.level === level).map((e) => e.message) }
}

export function testRecord(overrides: { linkPostEmail?: string; isenglish?: boolean } = {}): PageRecord {
  return parsePageRecord({
    dbPrincipal: {
      name: 'Acme Fences',
      logo: '/images/logo.png',
      emails: [{ email: 'owner@acme.example' }, { email: 'second@acme.example' }],
    },
    dbServices: ['Fence Install', 'Deck Repair', 'Gates', 'Painting', 'Roofing', 'Siding', 'Gutters'].map((name) => ({ name })),
    labels: {
      formLabel: { tcheckphone: 'Call me', tcheckcorreo: '', isenglish: overrides.isenglish ?? true },
    },
    linkPostEmail: overrides.linkPostEmail ?? '',
  })
}

export const validForm = {
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.com',
  phone: '(555) 123-4567',
  address: '1 Main St',
  service: 'Deck Repair',
  contactWays: ['phone', 'email'],
  message: '',
}

/** A lead's only destination: the relay (held when `url` is null), as a store's NewLead lists it. */
export const relayOnly = (url: string | null) => [{ kind: 'relay' as const, target: url }]

/** The relay's delivery of a stored lead (every lead has one). */
export const relayOf = (row: LeadRow | undefined) => row?.deliveries.find((d) => d.kind === 'relay')

/** Stores a valid lead of `site` at `now` straight into a store (its relay held unless `deliveries` say otherwise). */
export function storeLead(leads: LeadStore, site: string, now: number, deliveries: NewDelivery[] = relayOnly(null)) {
  const lead = { ...validForm, contactWays: ['phone' as const] }
  return leads.insertLead({ pageId: site, site, lead, relayBody: buildRelayBody(lead, testRecord()), deliveries, now })
}
