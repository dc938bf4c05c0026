import type pg from 'pg'
import { transaction, type Postgres } from './postgres-client.server.ts'
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

/** The channel every origin listens on (the process's one listening connection) for a change of the registry. */
export const SITES_CHANNEL = 'tradesite_sites'

/**
 * A notification names the sites changed (JSON), so each origin reads those alone; a list longer than a NOTIFY
 * carries (8 000 bytes; an import of thousands) is sent empty, and read as "any site may have changed".
 */
const PAYLOAD_MAX = 7_900

export const changedPayload = (ids: string[]) => {
  const text = JSON.stringify(ids)
  return text.length <= PAYLOAD_MAX ? text : ''
}

/** The ids a notification names, or null (an empty or unreadable payload): read every site. */
export function changedIds(payload: string): string[] | null {
  try {
    const ids: unknown = JSON.parse(payload)
    return Array.isArray(ids) && ids.every((id) => typeof id === 'string') ? ids : null
  } catch {
    return null
  }
}

/**
 * The registry of sites in PostgreSQL. A change locks the sites table against other writers (readers go on), so two
 * origins adding the same host at once cannot both succeed; its NOTIFY is delivered at its commit.
 */
export function postgresSites({ pool, listen }: Postgres): SiteStorage {
  const all = async (db: pg.ClientBase | pg.Pool) => (await db.query<SiteRow>('SELECT * FROM sites ORDER BY id')).rows.map(toStoredSite)
  const inScope = async (db: pg.ClientBase, scope: SiteScope) =>
    scope === 'all'
      ? all(db)
      : (
          await db.query<SiteRow>(`SELECT * FROM sites WHERE id = ANY($1) OR (entry::jsonb -> 'hosts') ?| $2 ORDER BY id`, [
            scope.ids,
            scope.hosts,
          ])
        ).rows.map(toStoredSite)

  async function write(client: pg.ClientBase, w: SiteWrite) {
    const { rows } = await client.query<{ before: string | null; last: number | null }>(
      `SELECT (SELECT entry FROM sites WHERE id = $1) AS before, (SELECT max(version) FROM site_versions WHERE site = $1) AS last`,
      [w.site],
    )
    const version = (rows[0]!.last ?? 0) + 1
    if (w.after === null) await client.query('DELETE FROM sites WHERE id = $1', [w.site])
    else
      await client.query(
        `INSERT INTO sites (id, entry, version, updated_at, updated_by) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET entry = excluded.entry, version = excluded.version,
           updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
        [w.site, entryText(w.after), version, w.at, w.by],
      )
    await client.query(
      'INSERT INTO site_versions (site, version, changed_at, changed_by, before_entry, after_entry) VALUES ($1, $2, $3, $4, $5, $6)',
      [w.site, version, w.at, w.by, rows[0]!.before, entryText(w.after)],
    )
  }

  return {
    all: () => all(pool),
    some: async (ids) => (await pool.query<SiteRow>('SELECT * FROM sites WHERE id = ANY($1) ORDER BY id', [ids])).rows.map(toStoredSite),
    everHeld: async () => (await pool.query('SELECT 1 FROM site_versions LIMIT 1')).rowCount === 1,
    versions: async (site, limit) =>
      (await pool.query<SiteVersionRow>('SELECT * FROM site_versions WHERE site = $1 ORDER BY id DESC LIMIT $2', [site, limit])).rows.map(
        toSiteVersion,
      ),
    change: (scope, decide) =>
      transaction(pool, async (client) => {
        await client.query('LOCK TABLE sites IN SHARE ROW EXCLUSIVE MODE')
        const { writes, result } = decide(await inScope(client, scope))
        for (const w of writes) await write(client, w)
        if (writes.length)
          await client.query('SELECT pg_notify($1, $2)', [SITES_CHANNEL, changedPayload([...new Set(writes.map((w) => w.site))])])
        return result
      }),
    listen: (onChanged, onConnection) =>
      listen(SITES_CHANNEL, (payload) => onChanged(changedIds(payload)), onConnection && ((up) => onConnection(up))),
  }
}

/** The console API's tokens in PostgreSQL. */
export function postgresTokens(pool: pg.Pool): ApiTokenStorage {
  return {
    create: async (token, hash) =>
      (
        await pool.query(`INSERT INTO api_tokens (${TOKEN_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`, [
          ...tokenColumns(token, hash),
        ])
      ).rowCount === 1,
    byHash: async (hash) => {
      const { rows } = await pool.query<TokenRow>('SELECT * FROM api_tokens WHERE hash = $1', [hash])
      return rows[0] && toApiToken(rows[0])
    },
    list: async () => (await pool.query<TokenRow>('SELECT * FROM api_tokens ORDER BY name')).rows.map(toApiToken),
    end: async (id) => (await pool.query('DELETE FROM api_tokens WHERE id = $1', [id])).rowCount === 1,
    touch: async (id, now) => void (await pool.query('UPDATE api_tokens SET last_used_at = $2 WHERE id = $1', [id, now])),
  }
}
