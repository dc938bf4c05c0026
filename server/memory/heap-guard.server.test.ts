import v8 from 'node:v8'
import { expect, test } from 'vitest'
import { oldGeneration, startHeapGuard } from './heap-guard.server.ts'

test('near the heap limit every cache sheds its least recently used half, counted; below it nothing happens', () => {
  const asked: number[] = []
  let used = 50
  const guard = startHeapGuard([{ name: 'pages', shed: (fraction) => (asked.push(fraction), 1000) }], () => ({ used, limit: 100 }))
  try {
    expect(guard.check()).toBe(false)
    used = 90
    expect(guard.check()).toBe(true)
    expect(asked).toEqual([0.5])
    expect(guard.sheds()).toBe(1)
  } finally {
    guard.stop()
  }
})

test("the limit is the old generation's (--max-old-space-size), not V8's whole heap with the young generation's reserve", () => {
  expect(oldGeneration('--max-old-space-size=128 --max-semi-space-size=8').limit).toBe(128 * 1048576)
  expect(oldGeneration('').limit).toBe(v8.getHeapStatistics().heap_size_limit)
  const { used } = oldGeneration('')
  expect(used).toBeGreaterThan(0)
  expect(used).toBeLessThanOrEqual(v8.getHeapStatistics().used_heap_size)
})
