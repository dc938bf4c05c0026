import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { beforeEach, expect, test } from 'vitest'
import { createVariantCache } from './variant-cache.server.ts'

const A = 'a'.repeat(32)
const B = 'b'.repeat(32)
let root: string
beforeEach(() => {
  root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'variant-cache-')), 'image-cache')
})

test('past its bound the least recently used files leave the disk, never the one just written', async () => {
  const cache = createVariantCache(root, 250)
  await cache.put(A, '160.webp', Buffer.alloc(100))
  await cache.put(A, '320.webp', Buffer.alloc(100))
  expect(cache.get(A, '160.webp')).toBe(`${A}/160.webp`) // used again: now the most recent
  await cache.put(B, '160.webp', Buffer.alloc(100))
  expect(fs.existsSync(path.join(root, A, '320.webp'))).toBe(false)
  expect(cache.get(A, '320.webp')).toBeUndefined()
  expect([cache.get(A, '160.webp'), cache.get(B, '160.webp')]).toEqual([`${A}/160.webp`, `${B}/160.webp`])
  expect(cache.bytes).toBe(200)

  await cache.put(B, '1920.jpg', Buffer.alloc(1000)) // alone past the bound: kept, it is about to be served
  expect(fs.readFileSync(path.join(root, B, '1920.jpg'))).toHaveLength(1000)
  expect(cache.bytes).toBe(1000)
})

test('a restart finds the cached files again and clears what an interrupted write left', async () => {
  const first = createVariantCache(root, 1e6)
  await first.put(A, '800.jpg', Buffer.from('jpeg bytes'))
  fs.writeFileSync(path.join(root, A, `800.webp.${process.pid}.7.tmp`), 'half')
  fs.mkdirSync(path.join(root, 'not-a-hash'))

  const second = createVariantCache(root, 1e6)
  expect(second.get(A, '800.jpg')).toBe(`${A}/800.jpg`)
  expect(second.bytes).toBe(10)
  expect(fs.readdirSync(path.join(root, A))).toEqual(['800.jpg'])
  expect(fs.existsSync(path.join(root, 'not-a-hash'))).toBe(false)
})
