import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, expect, test } from 'vitest'
import { secureDeletes } from './sqlite-wal.server.ts'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sqlite-wal-'))
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

test('a checkpoint a reader blocked is tried again until the WAL is empty, with no further deletion', async () => {
  const file = path.join(dir, 'wal.sqlite')
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.exec("CREATE TABLE t (v TEXT); INSERT INTO t VALUES ('rosa@example.com')")
  const deletions = secureDeletes(db, 20)
  const reader = new Database(file, { readonly: true })
  const read = reader.prepare('SELECT v FROM t').iterate()
  read.next() // an open read holds the WAL
  db.exec('DELETE FROM t')
  deletions.deleted(true)
  expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(0)
  read.return?.()
  reader.close()
  await expect.poll(() => fs.statSync(`${file}-wal`).size, { timeout: 10_000 }).toBe(0)
  db.close()
})
