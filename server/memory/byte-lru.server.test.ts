import { expect, test } from 'vitest'
import { createByteLru } from './byte-lru.server.ts'

const lruOf = (maxBytes: number) => {
  const evicted: string[] = []
  const lru = createByteLru<{ bytes: number }>({ maxBytes, sizeOf: (_key, value) => value.bytes, onEvict: (key) => evicted.push(key) })
  return { lru, evicted }
}

test('bounded by bytes: the least recently used entry leaves first, and its owner hears it', () => {
  const { lru, evicted } = lruOf(100)
  lru.set('a', { bytes: 40 })
  lru.set('b', { bytes: 40 })
  lru.get('a')
  lru.peek('b') // a look, not a use: b stays the oldest
  lru.set('c', { bytes: 40 })
  expect(evicted).toEqual(['b'])
  expect([...lru.keys()]).toEqual(['a', 'c'])
  expect(lru.stats()).toEqual({ entries: 2, bytes: 80 })
})

test('an entry set again is measured again; one bigger than the bound is not kept', () => {
  const { lru, evicted } = lruOf(100)
  const a = { bytes: 10 }
  lru.set('a', a)
  lru.set('b', { bytes: 10 })
  a.bytes = 95
  lru.set('a', a) // it grew: b goes, a stays (the same value is not "evicted" by its own update)
  expect(evicted).toEqual(['b'])
  expect(lru.stats().bytes).toBe(95)
  lru.set('huge', { bytes: 101 })
  expect(evicted).toEqual(['b', 'huge'])
  expect(lru.has('huge')).toBe(false)
})

test('shedding keeps the most recently used share; delete lets go without telling the owner', () => {
  const { lru, evicted } = lruOf(1000)
  for (const key of ['a', 'b', 'c', 'd']) lru.set(key, { bytes: 100 })
  expect(lru.shed(0.5)).toBe(200)
  expect(evicted).toEqual(['a', 'b'])
  lru.delete('c')
  expect(evicted).toEqual(['a', 'b'])
  lru.dropPrefix('d')
  expect(evicted).toEqual(['a', 'b', 'd'])
  expect(lru.stats()).toEqual({ entries: 0, bytes: 0 })
})
