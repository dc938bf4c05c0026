import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Files whose loss or tearing loses state (the last good record, the image manifest, variant files)
 * are written so that after a crash or a power cut they hold the old content or the new, whole: into a
 * temporary file that is fsynced, renamed over the old one, and then the folder fsynced, since the
 * rename lives in the folder and is lost without it (write-file-atomic fsyncs the file, not the folder).
 * Writes to one path run one after another, in the order asked, so an older content never lands last.
 */
export function writeFileDurably(file: string, data: string | Uint8Array): Promise<void> {
  return inOrder(file, async (target, tmp) => {
    await writeAndSync(tmp, data)
    await fs.rename(tmp, target)
  })
}

/** A folder of files written as one: complete under its name, or not there (a leftover `*.tmp` folder at most). */
export function writeFolderDurably(folder: string, files: readonly { name: string; data: Uint8Array }[]): Promise<void> {
  return inOrder(folder, async (target, tmp) => {
    await fs.mkdir(tmp)
    await Promise.all(files.map((file) => writeAndSync(path.join(tmp, file.name), file.data)))
    await syncFolder(tmp)
    await fs.rm(target, { recursive: true, force: true })
    await fs.rename(tmp, target)
  })
}

let writes = 0
const queues = new Map<string, Promise<void>>()

async function inOrder(target: string, write: (target: string, tmp: string) => Promise<void>): Promise<void> {
  const key = path.resolve(target)
  const previous = queues.get(key)
  const mine = (async () => {
    await previous
    const tmp = `${key}.${process.pid}.${++writes}.tmp`
    await fs.mkdir(path.dirname(key), { recursive: true })
    try {
      await write(key, tmp)
    } catch (error) {
      await fs.rm(tmp, { recursive: true, force: true })
      throw error
    }
    await syncFolder(path.dirname(key))
  })()
  const settled = mine.catch(() => {})
  queues.set(key, settled)
  void settled.then(() => queues.get(key) === settled && queues.delete(key))
  return mine
}

async function writeAndSync(file: string, data: string | Uint8Array) {
  const handle = await fs.open(file, 'wx')
  try {
    await handle.writeFile(data)
    await handle.sync()
  } finally {
    await handle.close()
  }
}

async function syncFolder(folder: string) {
  const handle = await fs.open(folder, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
