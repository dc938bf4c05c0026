import type { PostgresSettings } from './postgres-settings.ts'
import type { Storage } from './storage-contract.server.ts'
import { sealedSiteStorage } from './webhook-secrets.server.ts'

export interface StorageOptions {
  /** postgres://… → PostgreSQL; unset → SQLite in dataDir. */
  databaseUrl?: string
  dataDir: string
  /** Owner of visit counts kept from before counts had a site (single site: PAGE_ID). */
  defaultSite: string
  /** With databaseUrl: the process's pool size, timeout and name in pg_stat_activity (postgresSettings(env)). */
  postgres?: PostgresSettings
  /** SECRETS_KEY: the sites' webhook secrets are sealed with it in storage and read open (webhook-secrets.server.ts). */
  secretsKey?: string
}

/** Opens the storage the configuration names, once, at start-up (what every backend keeps: storage-contract.server.ts). */
export async function openStorage({ databaseUrl, dataDir, defaultSite, postgres, secretsKey }: StorageOptions): Promise<Storage> {
  const storage = databaseUrl
    ? (await import('./postgres-storage.server.ts')).openPostgresStorage(databaseUrl, postgres)
    : (await import('./sqlite-storage.server.ts')).openSqliteStorage(dataDir, defaultSite)
  const opened = await storage
  // Everything reads the sites' webhook secrets open and writes them sealed: no caller ever sees the sealed form.
  return Object.assign(opened, { sites: sealedSiteStorage(opened.sites, secretsKey) })
}
