import { afterEach, vi } from 'vitest'
import { PG_OVERLAP } from './pg-overlap.ts'

// A test that logs console.error fails: errors must be asserted, not ignored.
let errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}
// So does pg's notice of a query sent to a client still busy with another (a Promise.all on a transaction's client, a
// LISTEN beside an UNLISTEN): pg queues it today, pg@9 will not. Node emits it once per process, so any test may be the one.
// One listener per process (the unit project runs every file's setup in one thread), its findings shared through globalThis.
const shared = globalThis as { pgOverlaps?: Error[] }
if (!shared.pgOverlaps) {
  shared.pgOverlaps = []
  process.on('warning', (warning) => {
    if (PG_OVERLAP.test(warning.message)) shared.pgOverlaps!.push(warning)
  })
}
afterEach(() => {
  const logged = errors
  const overlapped = shared.pgOverlaps!.splice(0)
  errors = []
  vi.restoreAllMocks()
  if (logged.length) throw new Error(`console.error was called: ${String(logged[0]?.[0])}`)
  if (overlapped.length) throw new Error(`a pg client was sent a query while busy:\n${overlapped[0]!.stack}`)
})
