/** The sites' ids for a field to suggest (`<input list={id}>`): one list per page, the first 500 (an agency's whole list at most). */
export function SiteIdList({ id, sites }: { id: string; sites: string[] }) {
  return (
    <datalist id={id}>
      {sites.slice(0, 500).map((site) => (
        <option key={site} value={site} />
      ))}
    </datalist>
  )
}
