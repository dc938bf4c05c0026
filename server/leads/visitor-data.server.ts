import { digitsOnly } from '#app/record/contact-links.ts'
import { PHONE_DIGITS, type EstimateLead } from '#app/forms/estimate-form.ts'
import type { LeadCursor, LeadRow, LeadStore, StoredLead } from '../storage/lead-store.server.ts'

/**
 * A visitor's rights (issue 44): every lead of every site a visitor's address or phone is in, to show them, and to
 * erase. Matching is the form's own normalisation: an address trimmed (and compared without case, as mail servers
 * do), a phone by its digits. The scan reads every lead once, in pages (a rare request, not a hot path: no index
 * holds a visitor's details). Retention (LEAD_RETENTION_DAYS) erases the same way.
 */

export type Subject = { kind: 'email'; email: string } | { kind: 'phone'; digits: string }

/** The visitor named on the command line or in the console's form; null when it is neither an address nor a phone. */
export function parseSubject(text: string): Subject | null {
  const value = text.trim()
  if (value.includes('@')) return value.length <= 254 ? { kind: 'email', email: value.toLowerCase() } : null
  const digits = digitsOnly(value)
  return digits.length >= PHONE_DIGITS.min && digits.length <= PHONE_DIGITS.max && value.length <= 40 ? { kind: 'phone', digits } : null
}

/** The same number with or without its country code ("+1 720 555 0199" and "(720) 555-0199"): one holds the other's ten or more last digits. */
function samePhone(a: string, b: string) {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.length >= PHONE_DIGITS.min && long.endsWith(short)
}

const matches = (lead: EstimateLead, subject: Subject) =>
  subject.kind === 'email' ? lead.email.trim().toLowerCase() === subject.email : samePhone(digitsOnly(lead.phone), subject.digits)

const PAGE = 1000

/** Every lead not erased yet, oldest first, a page at a time (memory holds one page). */
async function* everyLead(store: LeadStore): AsyncGenerator<StoredLead> {
  let after: LeadCursor | null = null
  for (;;) {
    const page: StoredLead[] = await store.scanLeads(after, PAGE)
    yield* page
    if (page.length < PAGE) return
    const last = page.at(-1)!
    after = { createdAt: last.createdAt, id: last.id }
  }
}

/** The ids of the leads this visitor sent (on `sites` only, when given: a staff member's). */
async function subjectIds(store: LeadStore, subject: Subject, sites?: ReadonlySet<string>): Promise<string[]> {
  const ids: string[] = []
  for await (const lead of everyLead(store)) if ((!sites || sites.has(lead.site)) && matches(lead.lead, subject)) ids.push(lead.id)
  return ids
}

/** Every lead this visitor sent, with its deliveries, newest first. */
export async function subjectLeads(store: LeadStore, subject: Subject, sites?: ReadonlySet<string>): Promise<LeadRow[]> {
  const rows: LeadRow[] = []
  for (const id of await subjectIds(store, subject, sites)) {
    const row = await store.getLead(id)
    if (row) rows.push(row)
  }
  return rows.reverse()
}

/** What is held, as the visitor is given it: each lead's site, time, form, fields and where it was sent. */
export const subjectReport = (subject: Subject, rows: LeadRow[]) => ({
  subject: subject.kind === 'email' ? { email: subject.email } : { phoneDigits: subject.digits },
  leads: rows.map((row) => ({
    id: row.id,
    site: row.site,
    receivedAt: new Date(row.createdAt).toISOString(),
    form: row.form,
    fields: row.lead,
    deliveries: row.deliveries.map((d) => ({
      kind: d.kind,
      state: d.state,
      attempts: d.attempts,
      deliveredAt: d.deliveredAt === null ? null : new Date(d.deliveredAt).toISOString(),
    })),
  })),
})

export const ERASED_ON_REQUEST = 'erased on request'
const BATCH = 5000

/** Erases every lead of this visitor (on `sites` only, when given); answers how many leads and deliveries. */
export async function eraseSubject(store: LeadStore, subject: Subject, now: number, sites?: ReadonlySet<string>) {
  return eraseIds(store, await subjectIds(store, subject, sites), ERASED_ON_REQUEST, now)
}

/** Erases every lead stored before `before` (LEAD_RETENTION_DAYS); answers how many leads and deliveries. */
export async function eraseOlderThan(store: LeadStore, before: number, now: number, reason: string) {
  const ids: string[] = []
  for await (const lead of everyLead(store)) {
    if (lead.createdAt >= before) break
    ids.push(lead.id)
  }
  return eraseIds(store, ids, reason, now)
}

async function eraseIds(store: LeadStore, ids: string[], reason: string, now: number) {
  const total = { erased: 0, cancelled: 0 }
  for (let i = 0; i < ids.length; i += BATCH) {
    const { erased, cancelled } = await store.eraseLeads(ids.slice(i, i + BATCH), reason, now)
    total.erased += erased
    total.cancelled += cancelled
  }
  return total
}
