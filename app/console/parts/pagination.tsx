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
