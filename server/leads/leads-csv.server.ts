import type { LeadRow } from './lead-store.server.ts'

/** Leads as CSV for a spreadsheet: `npm run leads -- --csv` and the console's export (issue 35). */

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

/** Every lead, one row each, with a header row; RFC 4180 (CRLF line ends). */
export function leadsCsv(rows: LeadRow[]): string {
  const lines = [csvColumns.map(([name]) => csvCell(name)), ...rows.map((r) => csvColumns.map(([, get]) => csvCell(get(r))))]
  return lines.map((cells) => cells.join(',')).join('\r\n') + '\r\n'
}
