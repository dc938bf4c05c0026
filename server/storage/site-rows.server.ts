import type { Role } from './console-storage.ts'
import type { ApiToken, SiteVersion, StoredSite } from './storage-contract.server.ts'

/** The sites tables' rows, the same in both backends: entries as JSON text, times as epoch ms. */

export type SiteRow = { id: string; entry: string; version: number; updated_at: number; updated_by: string }
export type SiteVersionRow = {
  id: number
  site: string
  version: number
  changed_at: number
  changed_by: string
  before_entry: string | null
  after_entry: string | null
}

export const toStoredSite = (row: SiteRow): StoredSite => ({
  id: row.id,
  entry: JSON.parse(row.entry),
  version: row.version,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
})

export const toSiteVersion = (row: SiteVersionRow): SiteVersion => ({
  id: row.id,
  site: row.site,
  version: row.version,
  at: row.changed_at,
  by: row.changed_by,
  before: row.before_entry === null ? null : JSON.parse(row.before_entry),
  after: row.after_entry === null ? null : JSON.parse(row.after_entry),
})

/** JSON text of an entry, or null for none. */
export const entryText = (entry: unknown) => (entry === null || entry === undefined ? null : JSON.stringify(entry))

export type TokenRow = {
  id: string
  name: string
  role: string
  sites: string
  created_by: string
  created_at: number
  last_used_at: number | null
}

export const toApiToken = (row: TokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  role: row.role as Role,
  sites: JSON.parse(row.sites),
  createdBy: row.created_by,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
})

export const tokenColumns = (t: ApiToken, hash: string) =>
  [t.id, t.name, hash, t.role, JSON.stringify(t.sites), t.createdBy, t.createdAt, t.lastUsedAt] as const

export const TOKEN_COLUMNS = 'id, name, hash, role, sites, created_by, created_at, last_used_at'
