import { existsSync } from 'node:fs'
import path from 'node:path'
import type { LeadRow } from '../leads/lead-store.server.ts'
import { openStorage } from '../storage/storage.server.ts'
import type { Storage } from '../storage/storage-contract.server.ts'
import { parseCli, UsageError } from './cli-args.ts'
import { leadsCsv } from '../leads/leads-csv.server.ts'

/**
 * `npm run leads` — the contractor's own copy of every lead, newest first, with its relay state,
 * from SQLite in DATA_DIR or, when DATABASE_URL is set, from PostgreSQL (every instance's leads).
 * `npm run leads -- --csv` exports them for a spreadsheet; `--site <id>` keeps one site's (its pageId).
 * `npm run leads -- --import-sqlite <folder>` copies the leads and visit counts of an old SQLite DATA_DIR
 * into the configured storage (PostgreSQL when moving to several instances); again, it adds nothing twice.
 */

const columns: { title: string; width: number; value: (r: LeadRow) => string }[] = [
  { title: 'Time (UTC)', width: 16, value: (r) => new Date(r.createdAt).toISOString().slice(0, 16).replace('T', ' ') },
  { title: 'Name', width: 24, value: (r) => `${r.lead.firstName} ${r.lead.lastName}` },
  { title: 'Email', width: 28, value: (r) => r.lead.email },
  { title: 'Phone', width: 18, value: (r) => r.lead.phone },
  { title: 'Service', width: 20, value: (r) => r.lead.service },
  { title: 'Relay', width: 9, value: (r) => r.state },
  { title: 'Tries', width: 5, value: (r) => String(r.attempts) },
  { title: 'Last error', width: 40, value: (r) => r.lastError ?? '' },
]

// The CSV is the console's export too (issue 35): one place for its columns and cells.
export { csvCell } from '../leads/leads-csv.server.ts'

/** Visitor text must not drive the terminal: control characters (escape sequences) become spaces. */
function tableCell(value: string, width: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is replaced here
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
  return (flat.length > width ? `${flat.slice(0, width - 1)}…` : flat).padEnd(width)
}

export function formatLeads(rows: LeadRow[], { csv = false }: { csv?: boolean } = {}): string {
  if (csv) return leadsCsv(rows)
  if (rows.length === 0) return 'No leads stored yet.\n'
  const line = (cells: string[]) => cells.join('  ').trimEnd()
  const header = line(columns.map((c) => c.title.padEnd(c.width)))
  const rule = line(columns.map((c) => '-'.repeat(c.width)))
  const body = rows.map((r) => line(columns.map((c) => tableCell(c.value(r), c.width))))
  return [header, rule, ...body, '', `${rows.length} lead(s)`].join('\n') + '\n'
}

type Write = (s: string) => void

const USAGE = 'usage: npm run leads -- [--site <id>] [--csv] | --import-sqlite <folder>'

export async function main(
  argv: string[],
  env: Record<string, string | undefined>,
  write: Write = (s) => void process.stdout.write(s),
): Promise<number> {
  const args = parseCli(
    argv,
    USAGE,
    { site: { type: 'string' }, csv: { type: 'boolean' }, 'import-sqlite': { type: 'string' } },
    {
      check: ({ values }) => {
        if (values['import-sqlite'] !== undefined && (values.site !== undefined || values.csv))
          throw new UsageError('--import-sqlite copies every lead: it takes no --site or --csv')
      },
    },
  )
  if (!args) return 2
  const { csv = false, site, 'import-sqlite': importFrom } = args.values
  const dataDir = path.resolve(env.DATA_DIR || './data')
  const databaseUrl = env.DATABASE_URL || undefined
  if (!importFrom && !databaseUrl && !existsSync(path.join(dataDir, 'leads.sqlite'))) {
    write(csv ? formatLeads([], { csv }) : `No leads stored yet (no database in ${dataDir}).\n`)
    return 0
  }
  let storage: Storage | undefined
  try {
    const pageId = env.PAGE_ID || 'demo'
    storage = await openStorage({ databaseUrl, dataDir, defaultSite: pageId })
    if (importFrom) return await importSqlite(path.resolve(importFrom), storage, pageId, write)
    const rows = await storage.leads.listLeads({ site })
    write(rows.length || csv || !site ? formatLeads(rows, { csv }) : `No leads stored for site "${site}".\n`)
    return 0
  } catch (e) {
    return fail(e instanceof Error ? e.message : String(e))
  } finally {
    await storage?.close()
  }
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
    write(
      `Imported ${added} of ${rows.length} lead(s) from ${folder} into ${target.kind} ${target.location} (${rows.length - added} already there).\n`,
    )
    write(`Imported visit counts of ${daysAdded} of ${days.length} day(s) (${days.length - daysAdded} already counted there).\n`)
    return 0
  } finally {
    await source.close()
  }
}
