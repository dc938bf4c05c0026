import pino from 'pino'
import { UNSAFE_ErrorResponseImpl as ErrorResponse, type HandleErrorFunction } from 'react-router'
import { expect, test, vi } from 'vitest'
import { log } from '#server/observability/log.js'
import { handleError as siteHandleError } from './entry.server.tsx'

/** As React Router's server calls it. */
const handleError: HandleErrorFunction = siteHandleError

/**
 * The site's handleError (issue 44), as React Router calls it with a route's failure: what the process's own logger
 * writes, caught where pino hands its line to stdout. No request is known to make a site route throw, so the error is
 * made here; what reaches the visitor (the error page, no stack) is React Router's and the root's ErrorBoundary's part.
 */
function written(run: () => void): string[] {
  const out: string[] = []
  const stream = (log as unknown as Record<symbol, { write(chunk: string): boolean }>)[pino.symbols.streamSym]!
  vi.spyOn(stream, 'write').mockImplementation((chunk) => (out.push(String(chunk)), true))
  run()
  return out
}

const request = (signal?: AbortSignal) => new Request('https://acme.test/services/decks?utm_source=x', { signal })

test("a site route's failure is one JSON line, however its message is made: no forged line beside it", () => {
  const forged = '{"level":"error","event":"site.FORGED","msg":"nothing to see"}'
  const error = new Error(`boom\n${forged}\r\n${forged}\u2028end`)
  const lines = written(() => handleError(error, { request: request(), params: {}, context: {} as never }))
  expect(lines).toHaveLength(1)
  expect(lines[0]!.indexOf('\n')).toBe(lines[0]!.length - 1) // one line, ended once
  expect(lines[0]).not.toContain('\r')
  const entry = JSON.parse(lines[0]!)
  expect(entry).toMatchObject({ level: 'error', event: 'site.route-failed', path: '/services/decks', msg: 'a site route failed' })
  expect(entry.err.message).toBe(error.message) // the whole message kept, escaped inside the one line
  expect(entry.err.stack).toContain('entry.server.test.ts')
})

test('a visitor who left, or a 404 of React Router, is no failure: nothing is logged', () => {
  const left = new AbortController()
  left.abort()
  expect(written(() => handleError(new Error('aborted'), { request: request(left.signal), params: {}, context: {} as never }))).toEqual([])
  const notFound = new ErrorResponse(404, 'Not Found', null) // what React Router makes of a route it has not
  expect(written(() => handleError(notFound, { request: request(), params: {}, context: {} as never }))).toEqual([])
})
