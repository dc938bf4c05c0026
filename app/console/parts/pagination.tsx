import type { LeadCursor } from '#server/storage/lead-store.server.ts'

/** Previous and next pages of a list, keeping the rest of the address's query (search, filter). */
export function Pagination({ page, pages, query, label }: { page: number; pages: number; query: URLSearchParams; label: string }) {
  if (pages <= 1) return null
  const href = (n: number) => {
    const next = new URLSearchParams(query)
    if (n > 1) next.set('page', String(n))
    else next.delete('page')
    const search = next.toString()
    return search ? `?${search}` : '?'
  }
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      {page > 1 ? (
        <a className="button-quiet" href={href(page - 1)} rel="prev">
          Previous
        </a>
      ) : null}
      <span>
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <a className="button-quiet" href={href(page + 1)} rel="next">
          Next
        </a>
      ) : null}
    </nav>
  )
}

/** The page a query asks for, within 1…pages. */
export function pageOf(query: URLSearchParams, pages: number): number {
  const n = Number(query.get('page') ?? 1)
  return Number.isInteger(n) ? Math.min(Math.max(1, n), Math.max(1, pages)) : 1
}

/** The query parameters keyset pages use; every other parameter (a filter) is kept on their links. */
const KEYSET_PARAMS = ['older', 'newer', 'oldest', 'page'] as const

const keysetText = (at: LeadCursor) => `${at.createdAt}.${at.id}`

/** A keyset from the query, if it is one: digits, a dot, an id (the rest is hostile and ignored). */
function keysetFrom(text: string | null): LeadCursor | null {
  const match = /^(\d{1,15})\.([\w-]{1,100})$/.exec(text ?? '')
  return match ? { createdAt: Number(match[1]), id: match[2]! } : null
}

/** Which page a keyset query asks for: past a row toward older or newer ones, or from the newest (no cursor) or oldest end. */
export function keysetPageOf(query: URLSearchParams): { from: LeadCursor | null; toward: 'older' | 'newer' } {
  const older = keysetFrom(query.get('older'))
  if (older) return { from: older, toward: 'older' }
  const newer = keysetFrom(query.get('newer'))
  if (newer) return { from: newer, toward: 'newer' }
  return { from: null, toward: query.has('oldest') ? 'newer' : 'older' }
}

/**
 * Newest, newer, older and oldest links of a list paged by keyset (no page numbers: a page is where its rows are, so
 * rows arriving meanwhile never shift one onto the next page or hide one). `newer`/`older`: the first and last row
 * shown, when there are rows that way.
 */
export function KeysetPagination({
  query,
  newer,
  older,
  label,
}: {
  query: URLSearchParams
  newer: LeadCursor | null
  older: LeadCursor | null
  label: string
}) {
  if (!newer && !older) return null
  const href = (param?: { name: 'older' | 'newer' | 'oldest'; value: string }) => {
    const next = new URLSearchParams(query)
    for (const name of KEYSET_PARAMS) next.delete(name)
    if (param) next.set(param.name, param.value)
    const search = next.toString()
    return search ? `?${search}` : '?'
  }
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center gap-3">
      {newer ? (
        <>
          <a className="button-quiet" href={href()}>
            Newest
          </a>
          <a className="button-quiet" href={href({ name: 'newer', value: keysetText(newer) })} rel="prev">
            Newer
          </a>
        </>
      ) : null}
      {older ? (
        <>
          <a className="button-quiet" href={href({ name: 'older', value: keysetText(older) })} rel="next">
            Older
          </a>
          <a className="button-quiet" href={href({ name: 'oldest', value: '1' })}>
            Oldest
          </a>
        </>
      ) : null}
    </nav>
  )
}
