import { expect, test } from 'vitest'
import { startHeapGuard } from './heap-guard.server.ts'

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
