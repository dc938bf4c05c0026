import { eraseSubject, parseSubject, subjectLeads, subjectReport, type Subject } from '../leads/visitor-data.server.ts'
import type { ConsoleContext } from './console-context.ts'
import { visibleSites } from './authorize.server.ts'
import type { Person } from '../storage/console-storage.ts'
import { recordActivity } from './people.server.ts'

/**
 * "Data held about a visitor" (issue 44): an admin (or staff, on the sites they see) finds every lead an address or a
 * phone is in, downloads it as JSON for the visitor, and erases it, confirmed by typing the address again. Everything
 * is posted, never in a URL, so no address reaches a log. The Activity log says who looked and who erased, and when:
 * never whom.
 */

export type VisitorAnswer =
  | { found: string; report: ReturnType<typeof subjectReport> }
  | { erased: number; cancelled: number }
  | { error: string; subject?: string }
  | { download: Response }

const field = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.slice(0, 300) : ''
}

const sameSubject = (a: Subject, b: Subject | null) =>
  b !== null && (a.kind === 'email' ? b.kind === 'email' && b.email === a.email : b.kind === 'phone' && b.digits === a.digits)

export async function visitorAction(ctx: ConsoleContext, person: Person, form: FormData): Promise<VisitorAnswer> {
  const text = field(form, 'subject')
  const subject = parseSubject(text)
  if (!subject) return { error: 'Type the visitor’s email address, or their phone number with its area code.' }
  const sites = new Set(visibleSites(ctx, person).map((site) => site.id))
  const { leads } = ctx.services.storage
  const intent = field(form, 'intent')
  if (intent === 'erase') {
    if (!sameSubject(subject, parseSubject(field(form, 'confirm'))))
      return { error: 'The address or phone typed to confirm is not the one searched for: nothing was erased.', subject: text }
    const counts = await eraseSubject(leads, subject, ctx.now(), sites)
    await recordActivity(ctx.store, ctx.now(), person.email, 'erased-visitor-data', null, `${counts.erased} lead(s)`)
    return counts
  }
  const report = subjectReport(subject, await subjectLeads(leads, subject, sites))
  await recordActivity(ctx.store, ctx.now(), person.email, 'looked-up-visitor', null, `${report.leads.length} lead(s)`)
  if (intent === 'json')
    return {
      download: new Response(`${JSON.stringify(report, null, 2)}\n`, {
        headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Disposition': 'attachment; filename="visitor-data.json"' },
      }),
    }
  return { found: text.trim(), report }
}
