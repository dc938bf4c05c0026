import { expect, test } from 'vitest'
import { plural } from './plural.ts'

const calls = { en: { one: '# call', other: '# calls' }, es: { one: '# llamada', other: '# llamadas' } } as const

test('a count takes the form its language’s plural rules pick, in its digits', () => {
  expect([0, 1, 2, 1500].map((n) => plural('en', n, calls.en))).toEqual(['0 calls', '1 call', '2 calls', '1,500 calls'])
  expect([0, 1, 2].map((n) => plural('es', n, calls.es))).toEqual(['0 llamadas', '1 llamada', '2 llamadas'])
  expect(plural('es', 2000, calls.es)).toMatch(/^2\D?000 llamadas$/)
  expect(plural('en', 1, { other: '# visitors' })).toBe('1 visitors') // a form the language lacks falls back to "other"
})
