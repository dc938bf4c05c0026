import type Database from 'better-sqlite3'
import type { ApiTokenStorage, SiteScope, SiteStorage, SiteWrite } from './storage-contract.server.ts'
import {
  entryText,
  toApiToken,
  TOKEN_COLUMNS,
  tokenColumns,
  toSiteVersion,
  toStoredSite,
  type SiteRow,
  type SiteVersionRow,
  type TokenRow,
} from './site-rows.server.ts'

/** Another process on the same file (`npm run sites -- import`) is heard within this long. */
const POLL_MS = 1_000

/** The registry of sites in leads.sqlite (tables: LEAD_MIGRATIONS). One process writes at a time: SQLite's own lock. */
export function sqliteSites(db: Database.Database): SiteStorage {
  const listeners = new Set<(ids: string[] | null) => void>()
  const all = () => db.prepare<[], SiteRow>('SELECT * FROM sites ORDER BY id').all().map(toStoredSite)
  const inScope = (scope: SiteScope) =>
    scope === 'all'
      ? all()
      : db
          .prepare<[string, string], SiteRow>(
            `SELECT * FROM sites WHERE id IN (SELECT value FROM json_each(?))
               OR EXISTS (SELECT 1 FROM json_each(sites.entry, '$.hosts') h WHERE h.value IN (SELECT value FROM json_each(?)))
             ORDER BY id`,
          )
          .all(JSON.stringify(scope.ids), JSON.stringify(scope.hosts))
          .map(toStoredSite)
  const lastChange = () => db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM site_versions').get()!.id ?? 0
  // A site removed and added again goes on from its last version: its history is one list.
  const write = (w: SiteWrite) => {
    const before = db.prepare<[string], { entry: string }>('SELECT entry FROM sites WHERE id = ?').get(w.site)?.entry ?? null
    const last = db.prepare<[string], { v: number | null }>('SELECT max(version) AS v FROM site_versions WHERE site = ?').get(w.site)!.v
    const version = (last ?? 0) + 1
    if (w.after === null) db.prepare('DELETE FROM sites WHERE id = ?').run(w.site)
    else
      db.prepare(
        `INSERT INTO sites (id, entry, version, updated_at, updated_by) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET entry = excluded.entry, version = excluded.version,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
      ).run(w.site, entryText(w.after), version, w.at, w.by)
    db.prepare(
      'INSERT INTO site_versions (site, version, changed_at, changed_by, before_entry, after_entry) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(w.site, version, w.at, w.by, before, entryText(w.after))
  }

  let seen = lastChange()
  let poll: NodeJS.Timeout | undefined
  // The sites changed since the last telling, by this process or another on the same file: each listener reads those alone.
  const tell = () => {
    const changes = db
      .prepare<[number], { id: number; site: string }>('SELECT id, site FROM site_versions WHERE id > ? ORDER BY id')
      .all(seen)
    if (!changes.length) return
    seen = changes.at(-1)!.id
    const ids = [...new Set(changes.map((c) => c.site))]
    for (const listener of listeners) listener(ids)
  }

  return {
    all: async () => all(),
    some: async (ids) =>
      db
        .prepare<[string], SiteRow>(`SELECT * FROM sites WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`)
        .all(JSON.stringify(ids))
        .map(toStoredSite),
    everHeld: async () => lastChange() > 0,
    versions: async (site, limit) =>
      db
        .prepare<[string, number], SiteVersionRow>('SELECT * FROM site_versions WHERE site = ? ORDER BY id DESC LIMIT ?')
        .all(site, limit)
        .map(toSiteVersion),
    async change(scope, decide) {
      const result = db
        .transaction(() => {
          const { writes, result } = decide(inScope(scope))
          for (const w of writes) write(w)
          return { result, wrote: writes.length > 0 }
        })
        .immediate()
      if (result.wrote) tell()
      return result.result
    },
    listen(onChanged) {
      listeners.add(onChanged)
      poll ??= setInterval(tell, POLL_MS).unref()
      return () => {
        listeners.delete(onChanged)
        if (!listeners.size) {
          clearInterval(poll)
          poll = undefined
        }
      }
    },
  }
}

/** The console API's tokens in leads.sqlite. */
export function sqliteTokens(db: Database.Database): ApiTokenStorage {
  return {
    create: async (token, hash) =>
      db
        .prepare(`INSERT INTO api_tokens (${TOKEN_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`)
        .run(...tokenColumns(token, hash)).changes === 1,
    byHash: async (hash) => {
      const row = db.prepare<[string], TokenRow>('SELECT * FROM api_tokens WHERE hash = ?').get(hash)
      return row && toApiToken(row)
    },
    list: async () => db.prepare<[], TokenRow>('SELECT * FROM api_tokens ORDER BY name').all().map(toApiToken),
    end: async (id) => db.prepare('DELETE FROM api_tokens WHERE id = ?').run(id).changes === 1,
    touch: async (id, now) => void db.prepare('UPDATE api_tokens SET last_used_at = ? WHERE id = ?').run(now, id),
  }
}
