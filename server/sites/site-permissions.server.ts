import type { Role } from '../storage/console-storage.ts'
import type { SiteEntry } from './site-config.server.ts'

/**
 * Who may change what of a site (issue 42), the console's Settings and the API alike: admins everything (adding and
 * removing sites too); staff the destinations and recipients (`leads`, `reports`); a contractor only their own
 * site's lead inbox (`leads.email`) and report recipients (`reports.email`). Answers the first field the role may not
 * change, or null when it may make this change.
 */
export function refusedField(role: Role, before: SiteEntry, after: SiteEntry): string | null {
  const allowed = changeableFields(role)
  if (allowed === 'all') return null
  const keep = (entry: SiteEntry) => {
    const copy = structuredClone(entry) as Record<string, unknown>
    for (const path of allowed) {
      const [top, inner] = path.split('.') as [string, string | undefined]
      if (!inner) delete copy[top]
      else if (copy[top]) delete (copy[top] as Record<string, unknown>)[inner]
    }
    return copy
  }
  const [a, b] = [keep(before), keep(after)]
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    const [x, y] = [a[key], b[key]] as [Record<string, unknown> | undefined, Record<string, unknown> | undefined]
    if (JSON.stringify(x) === JSON.stringify(y)) continue
    // Inside leads: which field (a contractor changing webhooks is told "leads.webhooks").
    const inner = [...new Set([...Object.keys(x ?? {}), ...Object.keys(y ?? {})])].find(
      (k) => typeof x === 'object' && JSON.stringify(x?.[k]) !== JSON.stringify(y?.[k]),
    )
    return inner && typeof x === 'object' && !Array.isArray(x) ? `${key}.${inner}` : key
  }
  return null
}

/** What a role may change of a site it sees: every field, or these paths of its entry (the Settings page shows the rest read-only). */
export const changeableFields = (role: Role): 'all' | string[] =>
  role === 'admin' ? 'all' : role === 'staff' ? ['leads', 'reports'] : ['leads.email', 'reports.email']

/** Why a role may not make a change, in words. */
export const refusalWords = (role: Role, field: string) =>
  role === 'staff'
    ? `${field}: staff change a site’s lead destinations and report recipients; the rest is for admins`
    : `${field}: a contractor changes only their lead inbox (leads.email) and report recipients (reports.email)`
