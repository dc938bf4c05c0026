import { readPhone, type DialableNumber } from '#app/record/phone-numbers.ts'
import type { Delivery, DeliveryKind, LeadCursor, LeadRow, LeadStore } from '../storage/lead-store.server.ts'

const iso = (ms: number | null) => (ms ? new Date(ms).toISOString() : '')

/** Leads as CSV for a spreadsheet: `npm run leads -- --csv` and the console's export (issue 35). */

/**
 * What several columns of a row derive from, worked out once per row (issue 44: the phone read once, not once per
 * column; each kind's deliveries picked once, not once per each of its four columns): 100 000 rows in a few seconds.
 */
interface RowFacts {
  phone: DialableNumber | null
  deliveries: Record<DeliveryKind, Delivery[]>
}

function rowFacts(r: LeadRow): RowFacts {
  const deliveries: RowFacts['deliveries'] = { relay: [], email: [], webhook: [] }
  for (const d of r.deliveries) deliveries[d.kind].push(d)
  return { phone: readPhone(r.lead.phone), deliveries }
}

type Column = [name: string, value: (r: LeadRow, facts: RowFacts) => string]

/** A kind's four CSV columns (state, attempts, last error, delivered at); with several webhooks, each cell lists each in turn. */
function kindColumns(kind: DeliveryKind, names: [string, string, string, string]): Column[] {
  const values: ((d: Delivery) => string)[] = [
    (d) => d.state,
    (d) => String(d.attempts),
    (d) => d.lastError ?? '',
    (d) => iso(d.deliveredAt),
  ]
  return names.map((name, i): Column => {
    const value = values[i]!
    return [name, (_, { deliveries: { [kind]: list } }) => (list.length === 1 ? value(list[0]!) : list.map(value).join(' | '))]
  })
}

const csvColumns: Column[] = [
  ['id', (r) => r.id],
  ['created_at', (r) => iso(r.createdAt)],
  ['first_name', (r) => r.lead.firstName],
  ['last_name', (r) => r.lead.lastName],
  ['email', (r) => r.lead.email],
  ['phone', (r) => r.lead.phone],
  ['address', (r) => r.lead.address],
  ['service', (r) => r.lead.service],
  ['contact_ways', (r) => r.lead.contactWays.join(' ')],
  ['message', (r) => r.lead.message],
  // The relay's columns keep the names they had when it was the only destination; the others come after.
  ...kindColumns('relay', ['relay_state', 'attempts', 'last_error', 'delivered_at']),
  ['site', (r) => r.site],
  ['page_id', (r) => r.pageId],
  ['form', (r) => r.form ?? ''],
  ...kindColumns('email', ['email_state', 'email_attempts', 'email_last_error', 'email_delivered_at']),
  ...kindColumns('webhook', ['webhook_state', 'webhook_attempts', 'webhook_last_error', 'webhook_delivered_at']),
  // Issue 44: a tombstone's row keeps its time and site; this says when and why its content went.
  ['erased', (r) => (r.erased ? `${iso(r.erased.at)} ${r.erased.reason}` : '')],
  // The phone as dialled (the site's rule, app/record/phone-numbers.ts), after the older columns so none moves.
  ['phone_e164', (_, facts) => facts.phone?.number ?? ''],
  ['phone_ext', (_, facts) => facts.phone?.ext ?? ''],
]

const FORMULA_START = /^[=+\-@\t\r]/

/** RFC 4180 cell; a leading = + - @ (or tab/CR) would run as a formula in a spreadsheet, so it gets a '. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value
  return `"${safe.includes('"') ? safe.replaceAll('"', '""') : safe}"`
}

const CSV_HEADER = csvColumns.map(([name]) => csvCell(name)).join(',') + '\r\n'
function csvRow(r: LeadRow): string {
  const facts = rowFacts(r)
  return csvColumns.map(([, value]) => csvCell(value(r, facts))).join(',') + '\r\n'
}

/** Every lead, one row each, with a header row; RFC 4180 (CRLF line ends). */
export function leadsCsv(rows: LeadRow[]): string {
  return CSV_HEADER + rows.map(csvRow).join('')
}

/** How many leads an export reads at a time. */
export const CSV_BATCH = 500

/**
 * A site's leads (every site's with null) as the same CSV, newest first, in pieces: the header, then `batch` rows at a
 * time read by keyset (LeadStore.pageLeads), the next batch read only when the caller asks for it: memory holds one
 * batch, whether there are 10 leads or 100 000. The console's export and `npm run leads -- --csv` write these.
 */
export async function* leadsCsvPieces(store: Pick<LeadStore, 'pageLeads'>, site: string | null, batch = CSV_BATCH): AsyncGenerator<string> {
  yield CSV_HEADER
  let from: LeadCursor | null = null
  for (;;) {
    const rows = await store.pageLeads({ site, from, toward: 'older', limit: batch })
    if (rows.length) yield rows.map(csvRow).join('')
    const last = rows.at(-1)
    if (!last || rows.length < batch) return
    from = { createdAt: last.createdAt, id: last.id }
  }
}

/** The pieces as a response body, pulled (a slow download reads no further ahead). */
export function leadsCsvStream(store: Pick<LeadStore, 'pageLeads'>, site: string, batch = CSV_BATCH): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  const pieces = leadsCsvPieces(store, site, batch)
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await pieces.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
      async cancel() {
        await pieces.return(undefined)
      },
    },
    { highWaterMark: 1 },
  )
}
