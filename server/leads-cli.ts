import { existsSync } from 'node:fs'
import path from 'node:path'
import { createLeadStore, type LeadRow } from './leads/lead-store.server.ts'

/**
 * `npm run leads` — the contractor's own copy of every lead, newest first, with its relay state.
 * `npm run leads -- --csv` exports them for a spreadsheet; `--site <id>` keeps one site's (its pageId).
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

const csvColumns: [string, (r: LeadRow) => string][] = [
  ['id', (r) => r.id],
  ['created_at', (r) => new Date(r.createdAt).toISOString()],
  ['first_name', (r) => r.lead.firstName],
  ['last_name', (r) => r.lead.lastName],
  ['email', (r) => r.lead.email],
  ['phone', (r) => r.lead.phone],
  ['address', (r) => r.lead.address],
  ['service', (r) => r.lead.service],
  ['contact_ways', (r) => r.lead.contactWays.join(' ')],
  ['message', (r) => r.lead.message],
  ['relay_state', (r) => r.state],
  ['attempts', (r) => String(r.attempts)],
  ['last_error', (r) => r.lastError ?? ''],
  ['delivered_at', (r) => (r.deliveredAt ? new Date(r.deliveredAt).toISOString() : '')],
  ['site', (r) => r.site],
  ['page_id', (r) => r.pageId],
]

/** RFC 4180 cell; a leading = + - @ (or tab/CR) would run as a formula in a spreadsheet, so it gets a '. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return `"${safe.replace(/"/g, '""')}"`
}

/** Visitor text must not drive the terminal: control characters (escape sequences) become spaces. */
function tableCell(value: string, width: number): string {
  const flat = value.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
  return (flat.length > width ? `${flat.slice(0, width - 1)}…` : flat).padEnd(width)
}

export function formatLeads(rows: LeadRow[], { csv = false }: { csv?: boolean } = {}): string {
  if (csv) {
    const lines = [csvColumns.map(([name]) => csvCell(name)), ...rows.map((r) => csvColumns.map(([, get]) => csvCell(get(r))))]
    return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n'
  }
  if (rows.length === 0) return 'No leads stored yet.\n'
  const line = (cells: string[]) => cells.join('  ').trimEnd()
  const header = line(columns.map((c) => c.title.padEnd(c.width)))
  const rule = line(columns.map((c) => '-'.repeat(c.width)))
  const body = rows.map((r) => line(columns.map((c) => tableCell(c.value(r), c.width))))
  return [header, rule, ...body, '', `${rows.length} lead(s)`].join('\n') + '\n'
}

export function main(argv: string[], env: Record<string, string | undefined>, write = (s: string) => void process.stdout.write(s)): number {
  const csv = argv.includes('--csv')
  const siteAt = argv.indexOf('--site')
  const site = siteAt === -1 ? undefined : argv[siteAt + 1]
  if (siteAt !== -1 && (!site || site.startsWith('--'))) {
    write('--site needs a site id (its pageId), e.g. npm run leads -- --site ironwood-fence\n')
    return 2
  }
  const dataDir = path.resolve(env.DATA_DIR || './data')
  if (!existsSync(path.join(dataDir, 'leads.sqlite'))) {
    write(csv ? formatLeads([], { csv }) : `No leads stored yet (no database in ${dataDir}).\n`)
    return 0
  }
  const store = createLeadStore(dataDir)
  try {
    const rows = store.listLeads(site)
    write(rows.length || csv || !site ? formatLeads(rows, { csv }) : `No leads stored for site "${site}".\n`)
  } finally {
    store.close()
  }
  return 0
}

