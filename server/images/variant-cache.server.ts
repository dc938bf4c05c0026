import fs from 'node:fs'
import path from 'node:path'
import { writeFileDurably } from '../storage/durable-files.server.ts'
import { isVariantFileName } from './image-store.server.ts'

/**
 * This origin's disk copy of variants the fleet keeps elsewhere ({root}/{hash}/{width}.{format}), bounded
 * by `maxBytes`: the least recently used files go first. What was cached before a restart is found again.
 */
export function createVariantCache(root: string, maxBytes: number) {
  /** File (relative to root) → its bytes, in order of last use (oldest first). */
  const files = new Map<string, number>()
  let total = 0

  for (const hash of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    const folder = path.join(root, hash)
    if (!/^[0-9a-f]{32}$/.test(hash)) {
      fs.rmSync(folder, { recursive: true, force: true }) // a half-written leftover
      continue
    }
    for (const name of fs.readdirSync(folder)) {
      if (!isVariantFileName(name)) {
        fs.rmSync(path.join(folder, name), { force: true }) // a write interrupted by a crash
        continue
      }
      const size = fs.statSync(path.join(folder, name)).size
      files.set(`${hash}/${name}`, size)
      total += size
    }
  }

  /** Drops the least recently used files until the cache fits, never `keep` (the file about to be served). */
  function evict(keep: string) {
    for (const [file, size] of files) {
      if (total <= maxBytes || file === keep) return
      files.delete(file)
      total -= size
      fs.rmSync(path.join(root, file), { force: true })
    }
  }

  return {
    /** The file's path relative to root when cached (and marks it used), else undefined. */
    get(hash: string, name: string): string | undefined {
      const file = `${hash}/${name}`
      const size = files.get(file)
      if (size === undefined) return undefined
      files.delete(file)
      files.set(file, size)
      return file
    },
    /**
     * Writes a variant (atomically and durably: neither a reader nor a restart after a power cut ever
     * finds half a file, which would be served as a broken picture for a year) and answers its path relative to root.
     */
    async put(hash: string, name: string, data: Buffer): Promise<string> {
      const file = `${hash}/${name}`
      await writeFileDurably(path.join(root, file), data)
      total += data.length - (files.get(file) ?? 0)
      files.delete(file)
      files.set(file, data.length)
      evict(file)
      return file
    },
    get bytes() {
      return total
    },
  }
}
