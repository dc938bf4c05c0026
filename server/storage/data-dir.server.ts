import fs from 'node:fs'
import path from 'node:path'
import { StartupError } from '../observability/startup-error.js'

/**
 * DATA_DIR, made if missing and proven writable before anything is kept in it (SQLite, the last good
 * records, the photos' variants): a folder the server cannot write stops the start, saying so, rather
 * than failing later, one record or photo at a time. A file written and removed is the only proof that
 * holds for root too (root passes every permission check, but not a read-only file system or a path through a file).
 */
export function prepareDataDir(dir: string): string {
  const full = path.resolve(dir)
  try {
    fs.mkdirSync(full, { recursive: true })
    const probe = path.join(full, `.write-test-${process.pid}`)
    fs.writeFileSync(probe, '')
    fs.rmSync(probe)
  } catch (error) {
    throw new StartupError(
      `DATA_DIR ${full} cannot be used (${(error as Error).message}): set DATA_DIR to a folder the user running the server may create and write.`,
      { cause: error },
    )
  }
  return full
}
