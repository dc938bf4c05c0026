import { expect, test } from 'vitest'
import { ESTIMATE_MODAL_SEEN_KEY, firstTimeThisVisit } from './estimate-visit.ts'

function memoryStorage() {
  const values = new Map<string, string>()
  return { getItem: (k: string) => values.get(k) ?? null, setItem: (k: string, v: string) => void values.set(k, v), values }
}

test('the first call of a visit says yes and remembers it; later calls say no', () => {
  const storage = memoryStorage()
  expect(firstTimeThisVisit(storage)).toBe(true)
  expect(storage.values.get(ESTIMATE_MODAL_SEEN_KEY)).toBe('1')
  expect(firstTimeThisVisit(storage)).toBe(false)
})

test('no storage, or storage that throws (privacy modes), means no modal rather than one on every page', () => {
  expect(firstTimeThisVisit(undefined)).toBe(false)
  const throwing = {
    getItem: () => null,
    setItem: () => {
      throw new Error('QuotaExceededError')
    },
  }
  expect(firstTimeThisVisit(throwing)).toBe(false)
})
