import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { inject } from 'vitest'
import { openStorage } from '#server/storage/storage.server.ts'
import type { Storage } from '#server/storage/storage-contract.server.ts'
import { freshDatabase } from './postgres.ts'

/**
 * Both storage implementations, for tests that must hold for each: `fresh()` makes a new empty
 * place (a temporary DATA_DIR, or a new database on the run's PostgreSQL), `open(place)` opens a
 * Storage on it (call it twice for two instances sharing one place). `closeAll()` in afterEach.
 */
export interface Backend {
  name: Storage['kind']
  fresh(): Promise<string>
  open(place: string): Promise<Storage>
  /**
   * `ms` passing for the lead deliveries' leases. SQLite holds them on the caller's clock (one machine: the test
   * moves its own `now`); PostgreSQL, shared by origins whose clocks may disagree, on its own (docs/decisions/130):
   * there the leases are moved back instead.
   */
  leasesPass(place: string, ms: number): Promise<void>
}

/** The SQL that moves every held lease back by `ms` (PostgreSQL's clock cannot be moved). */
export const leasesPassSql = (ms: number) => `UPDATE lead_deliveries SET claimed_until = claimed_until - ${ms} WHERE claimed_until > 0`

const opened: Storage[] = []
const dirs: string[] = []
const track = async (storage: Promise<Storage>) => {
  const s = await storage
  opened.push(s)
  return s
}

/** Both storages, PostgreSQL's databases made on the server `serverUrl` answers (the run's shared cluster by default). */
export const backendsOn = (serverUrl: () => string): Backend[] => [
  {
    name: 'sqlite',
    fresh: async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tradesite-storage-'))
      dirs.push(dir)
      return dir
    },
    open: (dir) => track(openStorage({ dataDir: dir, defaultSite: 'p1' })),
    leasesPass: async () => {},
  },
  {
    name: 'postgres',
    fresh: () => freshDatabase(serverUrl()),
    open: (url) => track(openStorage({ databaseUrl: url, dataDir: '/nonexistent', defaultSite: 'p1' })),
    async leasesPass(url, ms) {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      await client.query(leasesPassSql(ms)).finally(() => client.end())
    },
  },
]

export const backends = backendsOn(() => inject('postgresUrl'))

/** Closes every storage opened so far (as a restart would); the places stay. */
export async function closeStorages() {
  for (const s of opened.splice(0)) await s.close()
}

/** For afterEach: closes every storage and removes the temporary folders. */
export async function closeAll() {
  await closeStorages()
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
}
