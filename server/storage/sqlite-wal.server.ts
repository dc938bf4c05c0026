import type Database from 'better-sqlite3'

/**
 * What SQLite needs for a deletion to leave its file (the results' day keys, erased leads): `secure_delete` overwrites
 * deleted content with zeros, and the WAL, which still holds the old pages until a checkpoint copies the zeroed ones
 * over them, is emptied. The checkpoint is tried without waiting (a reader, the CLI, may hold it: the server must not
 * stall); while it fails it is tried again every `retryMs` (and at the next deletion) until it succeeds, or the
 * database is closed.
 */
export function secureDeletes(db: Database.Database, retryMs = 60_000) {
  db.pragma('secure_delete = ON')
  let walHoldsDeleted = false
  let retry: NodeJS.Timeout | undefined
  const emptyWal = () => {
    const wait = db.pragma('busy_timeout', { simple: true }) as number
    db.pragma('busy_timeout = 0')
    try {
      return (db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[])[0]?.busy === 0
    } catch {
      return false
    } finally {
      db.pragma(`busy_timeout = ${wait}`)
    }
  }
  const settle = () => {
    clearTimeout(retry)
    retry = undefined
    if (!walHoldsDeleted || !db.open) return
    walHoldsDeleted = !emptyWal()
    if (walHoldsDeleted) retry = setTimeout(settle, retryMs).unref()
  }
  return {
    /** After a deletion (`deleted`: whether it removed anything): empties the WAL, now or at a retry. */
    deleted(deleted: boolean) {
      walHoldsDeleted ||= deleted
      settle()
    },
  }
}
