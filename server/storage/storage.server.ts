import type { PostgresSettings } from './postgres-settings.ts'
import type { Storage } from './storage-contract.server.ts'

export interface StorageOptions {
  /** postgres://… → PostgreSQL; unset → SQLite in dataDir. */
  databaseUrl?: string
  dataDir: string
  /** Owner of visit counts kept from before counts had a site (single site: PAGE_ID). */
  defaultSite: string
  /** With databaseUrl: the process's pool size, timeout and name in pg_stat_activity (postgresSettings(env)). */
  postgres?: PostgresSettings
}

/** Opens the storage the configuration names, once, at start-up (what every backend keeps: storage-contract.server.ts). */
export async function openStorage({ databaseUrl, dataDir, defaultSite, postgres }: StorageOptions): Promise<Storage> {
  if (databaseUrl) {
    const { openPostgresStorage } = await import('./postgres-storage.server.ts')
    return openPostgresStorage(databaseUrl, postgres)
  }
  const { openSqliteStorage } = await import('./sqlite-storage.server.ts')
  return openSqliteStorage(dataDir, defaultSite)
}
