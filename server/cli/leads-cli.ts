import { once } from 'node:events'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { DELIVERY_KINDS, type Delivery, type DeliveryKind, type LeadRow } from '../storage/lead-store.server.ts'
import { resendLead } from '../leads/resend.server.ts'
import { urlForLog } from '../observability/log-safe.server.ts'
import { openStorage } from '../storage/storage.server.ts'
import type { Storage } from '../storage/storage-contract.server.ts'
import { parseCli, UsageError } from './cli-args.ts'
import { leadsCsv, leadsCsvPieces } from '../leads/leads-csv.server.ts'
import { ERASED_ON_REQUEST, eraseSubject, parseSubject, subjectLeads, subjectReport, type Subject } from '../leads/visitor-data.server.ts'
import { fitToWidth, padToWidth } from './terminal-width.ts'

/**
 * `npm run leads` — the contractor's own copy of every lead, newest first, with the state of each of its
 * destinations (relay, email, webhooks), from SQLite in DATA_DIR or, when DATABASE_URL is set, from
 * PostgreSQL (every instance's leads). `--csv` exports them for a spreadsheet; `--site <id>` keeps one
 * site's (its pageId). `--resend <lead id> [--to relay|email|webhook]` queues a lead's deliveries again:
 * the running server sends them at its next look (RELAY_POLL_MS). `--import-sqlite <folder>` copies the
 * leads and visit counts of an old SQLite DATA_DIR into the configured storage (PostgreSQL when moving to
 * several instances); again, it adds nothing twice. `--subject <email|phone> [--json]` shows what is held about one
 * visitor on every site; `--erase <email|phone>` erases it (docs/leads.md, decision 160).
 */

const time = (ms: number | null) => (ms ? new Date(ms).toISOString().slice(0, 16).replace('T', ' ') : '')

const columns: { title: string; width: number; value: (r: LeadRow) => string }[] = [
  { title: 'Time (UTC)', width: 16, value: (r) => time(r.createdAt) },
  { title: 'Name', width: 24, value: (r) => (r.erased ? `(${r.erased.reason})` : `${r.lead.firstName} ${r.lead.lastName}`) },
  { title: 'Email', width: 28, value: (r) => r.lead.email },
  { title: 'Phone', width: 18, value: (r) => r.lead.phone },
  { title: 'Service', width: 20, value: (r) => r.lead.service },
  { title: 'Lead id', width: 36, value: (r) => r.id },
]

/** Where a delivery goes: the inbox's addresses, or a URL without its query (a catch hook's token often lives there). */
const describeTarget = (d: Delivery) =>
  d.kind === 'email' ? (d.target ?? '').replaceAll(',', ', ') : d.target ? urlForLog(d.target) : '(no URL yet)'

/** Under each lead, one line per destination: where, its state, when it was delivered, attempts, the last error. */
const deliveryColumns: { width: number; value: (d: Delivery) => string }[] = [
  { width: 8, value: (d) => d.kind },
  { width: 30, value: describeTarget },
  { width: 9, value: (d) => d.state },
  { width: 16, value: (d) => time(d.deliveredAt) },
  { width: 10, value: (d) => `${d.attempts} ${d.attempts === 1 ? 'try' : 'tries'}` },
  { width: 60, value: (d) => d.lastError ?? '' },
]

// The CSV is the console's export too (issue 35): one place for its columns and cells.
export { csvCell } from '../leads/leads-csv.server.ts'

/** Visitor text must not drive the terminal: control characters (escape sequences) become spaces. */
function tableCell(value: string, width: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced here
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
  return fitToWidth(flat, width)
}

export function formatLeads(rows: LeadRow[], { csv = false }: { csv?: boolean } = {}): string {
  if (csv) return leadsCsv(rows)
  if (rows.length === 0) return 'No leads stored yet.\n'
  const line = (cells: string[]) => cells.join('  ').trimEnd()
  const header = line(columns.map((c) => padToWidth(c.title, c.width)))
  const rule = line(columns.map((c) => '-'.repeat(c.width)))
  const body = rows.flatMap((r) => [
    line(columns.map((c) => tableCell(c.value(r), c.width))),
    ...r.deliveries.map((d) => `  ${line(deliveryColumns.map((c) => tableCell(c.value(d), c.width)))}`),
  ])
  return [header, rule, ...body, '', `${rows.length} lead(s)`].join('\n') + '\n'
}

/** Writes to the output; a promise when the caller should wait before writing more (the CSV's pieces). */
type Write = (s: string) => void | Promise<void>

/** Standard output, waiting for it to drain when it is full (a CSV of 100 000 leads piped into a slow reader). */
const toStdout: Write = (s) => (process.stdout.write(s) ? undefined : once(process.stdout, 'drain').then(() => undefined))

const USAGE = `usage: npm run leads -- [--site <id>] [--csv]
       npm run leads -- --resend <lead id> [--to ${DELIVERY_KINDS.join('|')}]
       npm run leads -- --import-sqlite <folder>
       npm run leads -- --subject <email|phone> [--json]
       npm run leads -- --erase <email|phone>`

export async function main(argv: string[], env: Record<string, string | undefined>, write: Write = toStdout): Promise<number> {
  const args = parseCli(
    argv,
    USAGE,
    {
      site: { type: 'string' },
      csv: { type: 'boolean' },
      'import-sqlite': { type: 'string' },
      resend: { type: 'string' },
      to: { type: 'string' },
      subject: { type: 'string' },
      json: { type: 'boolean' },
      erase: { type: 'string' },
    },
    {
      check: ({ values }) => {
        if (values['import-sqlite'] !== undefined && (values.site !== undefined || values.csv || values.resend !== undefined))
          throw new UsageError('--import-sqlite copies every lead: it takes no --site, --csv or --resend')
        if (values.resend !== undefined && (values.site !== undefined || values.csv))
          throw new UsageError('--resend names one lead by its id: it takes no --site or --csv')
        if (values.to !== undefined && values.resend === undefined) throw new UsageError('--to goes with --resend <lead id>')
        const visitor = values.subject ?? values.erase
        if (visitor !== undefined) {
          const others = [values.site, values.resend, values['import-sqlite']].some((v) => v !== undefined) || values.csv
          if (others || (values.subject !== undefined && values.erase !== undefined))
            throw new UsageError('--subject and --erase name one visitor across every site: they take no other option (but --json)')
          if (!parseSubject(visitor)) throw new UsageError(`"${visitor}" is neither an email address nor a phone number (10 to 20 digits)`)
        }
        if (values.json && values.subject === undefined) throw new UsageError('--json goes with --subject <email|phone>')
        if (values.to !== undefined && !DELIVERY_KINDS.includes(values.to as DeliveryKind))
          throw new UsageError(`--to is one of ${DELIVERY_KINDS.join(', ')} (got "${values.to}")`)
      },
    },
  )
  if (typeof args === 'number') return args
  const { csv = false, site, 'import-sqlite': importFrom, resend, to, subject, json = false, erase } = args.values
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const databaseUrl = env.DATABASE_URL || undefined
  if (!importFrom && !databaseUrl && !existsSync(path.join(dataDir, 'leads.sqlite'))) {
    if (resend !== undefined) return fail(`No lead ${resend}: no database in ${dataDir}.`)
    if (subject !== undefined || erase !== undefined) {
      await write(
        json ? `${JSON.stringify(subjectReport(parseSubject(subject!)!, []), null, 2)}\n` : `Nothing held: no database in ${dataDir}.\n`,
      )
      return 0
    }
    await write(csv ? formatLeads([], { csv }) : `No leads stored yet (no database in ${dataDir}).\n`)
    return 0
  }
  let storage: Storage | undefined
  try {
    const pageId = env.PAGE_ID || 'demo'
    storage = await openStorage({ databaseUrl, dataDir, defaultSite: pageId })
    if (importFrom) return await importSqlite(path.resolve(importFrom), storage, pageId, write)
    if (resend !== undefined) return await resendOne(storage, resend, to as DeliveryKind | undefined, write)
    if (subject !== undefined) return await showSubject(storage, parseSubject(subject)!, json, write)
    if (erase !== undefined) return await eraseOne(storage, parseSubject(erase)!, write)
    if (csv) {
      // Streamed as the console's export is, a batch at a time: the whole file is never in memory.
      for await (const piece of leadsCsvPieces(storage.leads, site ?? null)) await write(piece)
      return 0
    }
    const rows = await storage.leads.listLeads({ site })
    await write(rows.length || !site ? formatLeads(rows) : `No leads stored for site "${site}".\n`)
    return 0
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e))
  } finally {
    await storage?.close()
  }
}

/** Queues one lead's deliveries again; the running server sends them at its next look for due ones. */
async function resendOne(storage: Storage, leadId: string, kind: DeliveryKind | undefined, write: Write): Promise<number> {
  const answer = await resendLead(storage.leads, leadId, kind, Date.now())
  if (!answer.found) return fail(`No lead ${leadId} in ${storage.kind} ${storage.location}: its id is in the last column of npm run leads.`)
  if (answer.missing) return fail(`Lead ${leadId} has no ${answer.missing} destination: its site listed none when it was stored.`)
  for (const d of answer.queued) await write(`${d.kind} ${describeTarget(d)}: queued again\n`)
  for (const { delivery, reason } of answer.notQueued) await write(`${delivery.kind} ${describeTarget(delivery)}: not queued, ${reason}\n`)
  if (answer.queued.length) await write('The server sends them within a few seconds (RELAY_POLL_MS); npm run leads shows how it went.\n')
  return answer.queued.length ? 0 : 1
}

/** What is held about one visitor, in every site's leads: the table (with deliveries) or the JSON a visitor is given. */
async function showSubject(storage: Storage, subject: Subject, json: boolean, write: Write): Promise<number> {
  const rows = await subjectLeads(storage.leads, subject)
  if (json) await write(`${JSON.stringify(subjectReport(subject, rows), null, 2)}\n`)
  else await write(rows.length ? formatLeads(rows) : 'No lead holds this address or phone.\n')
  return 0
}

/** Erases one visitor's leads on every site (every origin of a fleet shares the database: at once everywhere). */
async function eraseOne(storage: Storage, subject: Subject, write: Write): Promise<number> {
  const { erased, cancelled } = await eraseSubject(storage.leads, subject, Date.now())
  await write(
    erased
      ? `Erased ${erased} lead(s) (${cancelled} delivery(ies) not sent yet cancelled); each keeps its site and time, "${ERASED_ON_REQUEST}".\n`
      : 'No lead holds this address or phone: nothing erased.\n',
  )
  return 0
}

function fail(message: string): number {
  process.stderr.write(`${message}\n`)
  return 1
}

/** `pageId` owns visit counts from before they had a site (the PAGE_ID that old folder served). */
async function importSqlite(folder: string, target: Storage, pageId: string, write: Write): Promise<number> {
  if (!existsSync(path.join(folder, 'leads.sqlite'))) return fail(`No leads.sqlite in ${folder}.`)
  if (target.kind === 'sqlite' && target.location === folder)
    return fail('That folder is the storage itself: set DATABASE_URL to the database to import into.')
  const source = await openStorage({ dataDir: folder, defaultSite: pageId })
  try {
    const rows = await source.leads.listLeads()
    let added = 0
    for (const row of rows.toReversed()) if (await target.leads.importLead(row)) added++
    const days = await source.visits.allDays()
    let daysAdded = 0
    for (const day of days) if (await target.visits.importDay(day)) daysAdded++
    await write(
      `Imported ${added} of ${rows.length} lead(s) from ${folder} into ${target.kind} ${target.location} (${rows.length - added} already there).\n`,
    )
    await write(`Imported visit counts of ${daysAdded} of ${days.length} day(s) (${days.length - daysAdded} already counted there).\n`)
    return 0
  } finally {
    await source.close()
  }
}
