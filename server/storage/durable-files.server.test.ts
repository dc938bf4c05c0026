import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { writeFileDurably, writeFolderDurably } from './durable-files.server.ts'

let dir: string
/** What reached the disk, in order: each fsync (by the path its descriptor names) and each rename. */
let steps: string[]

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'durable-'))
  steps = []
  // Node's own file handles, watched: the path behind a descriptor is what /proc says it is.
  const probe = await fs.promises.open(dir, 'r')
  const handles = Object.getPrototypeOf(probe) as { sync: () => Promise<void> }
  await probe.close()
  const sync = handles.sync
  vi.spyOn(handles, 'sync').mockImplementation(function (this: { fd: number }) {
    steps.push(`fsync ${path.relative(dir, fs.readlinkSync(`/proc/self/fd/${this.fd}`)) || '.'}`)
    return sync.call(this)
  })
  const rename = fs.promises.rename
  vi.spyOn(fs.promises, 'rename').mockImplementation(async (from, to) => {
    steps.push(`rename ${path.relative(dir, String(from))} → ${path.relative(dir, String(to))}`)
    return rename(from, to)
  })
})
afterEach(() => {
  vi.restoreAllMocks()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** A step with its temporary name's process id and count taken out. */
const tmpNamed = (step: string) => step.replace(/\.\d+\.\d+\.tmp/g, '.tmp')

test('a file is written whole to a temporary file, fsynced, renamed over the old one, and its folder fsynced', async () => {
  const file = path.join(dir, 'record.json')
  fs.writeFileSync(file, 'old')
  await writeFileDurably(file, '{"new":true}')
  expect(fs.readFileSync(file, 'utf8')).toBe('{"new":true}')
  expect(steps.map(tmpNamed)).toEqual(['fsync record.json.tmp', 'rename record.json.tmp → record.json', 'fsync .'])
  expect(fs.readdirSync(dir)).toEqual(['record.json'])
})

test('a folder of files is written as one: each file and the folder fsynced before it takes the name, then its parent', async () => {
  const folder = path.join(dir, 'images', 'abc')
  fs.mkdirSync(folder, { recursive: true })
  fs.writeFileSync(path.join(folder, 'stale.webp'), 'old')
  await writeFolderDurably(folder, [
    { name: '160.webp', data: Buffer.from('a') },
    { name: '160.jpg', data: Buffer.from('b') },
  ])
  expect(fs.readdirSync(folder).sort()).toEqual(['160.jpg', '160.webp'])
  const synced = steps.map(tmpNamed)
  expect(synced.slice(0, 2).sort()).toEqual(['fsync images/abc.tmp/160.jpg', 'fsync images/abc.tmp/160.webp'])
  expect(synced.slice(2)).toEqual(['fsync images/abc.tmp', 'rename images/abc.tmp → images/abc', 'fsync images'])
  expect(fs.readdirSync(path.join(dir, 'images'))).toEqual(['abc'])
})

test('writes to one file land in the order they were asked, however long each takes', async () => {
  const file = path.join(dir, 'manifest.json')
  const big = 'x'.repeat(16 * 1024 * 1024)
  await Promise.all([writeFileDurably(file, big), writeFileDurably(file, 'small, asked last')])
  expect(fs.readFileSync(file, 'utf8')).toBe('small, asked last')
})

test('a write that fails leaves the old content and no temporary file, and says why', async () => {
  const file = path.join(dir, 'taken')
  fs.mkdirSync(path.join(file, 'inside'), { recursive: true }) // a folder where the file should go: the rename fails
  await expect(writeFileDurably(file, 'new')).rejects.toThrow(/EISDIR|ENOTEMPTY|EEXIST/)
  expect(fs.readdirSync(dir)).toEqual(['taken'])
  // The next write to the same name is not held back by the failed one.
  fs.rmSync(file, { recursive: true })
  await writeFileDurably(file, 'new')
  expect(fs.readFileSync(file, 'utf8')).toBe('new')
})

test('the folder is made when it does not exist yet', async () => {
  await writeFileDurably(path.join(dir, 'a', 'b', 'file.json'), '{}')
  expect(fs.readFileSync(path.join(dir, 'a', 'b', 'file.json'), 'utf8')).toBe('{}')
})
