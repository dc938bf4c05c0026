import { afterEach, vi } from 'vitest'

// A test that logs console.error fails: errors must be asserted, not ignored.
let errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}
afterEach(() => {
  const logged = errors
  errors = []
  vi.restoreAllMocks()
  if (logged.length) throw new Error(`console.error was called: ${String(logged[0]?.[0])}`)
})
