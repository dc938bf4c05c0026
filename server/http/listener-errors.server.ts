import fs from 'node:fs'
import type { Server } from 'node:net'
import { logFor } from '../observability/log.js'
import { createTally } from '../observability/tally.server.ts'

/**
 * Every listener of the process (site, metrics, console, the demo provider…) goes through `keepListening`
 * once it listens, so that running out of file descriptors never ends or starves the process:
 *
 * - Connections are bounded by the descriptors the process may open (`ulimit -n`, which Node raises to
 *   the hard limit at start), less a reserve for its files, databases and outbound requests: past that,
 *   a new connection is closed at once (Node's `maxConnections`), so a flood of connections cannot leave
 *   a record fetch, a picture or a database connection without a descriptor (EMFILE).
 * - A connection a listener could not take (the bound reached, or an accept that failed: libuv sheds
 *   those itself on Linux; elsewhere Node reports them as an `error` event, which nobody handling would
 *   end the process) is counted, `tradesite_listener_errors_total{listener,code}`, and logged once per
 *   kind until the listener takes a connection again.
 */

/** Descriptors kept for everything but connections: a quarter of the limit, at least this many. */
const RESERVED_DESCRIPTORS = 64
/** The code a connection closed at the bound is counted under. */
export const AT_DESCRIPTOR_BOUND = 'fd-limit'

/** Failures so far, by listener name and code. */
const failures = createTally<{ listener: string; code: string }>()
const logger = logFor('listener')

/** This process's soft limit on open files (Linux's /proc), or null where it cannot be read. */
function descriptorLimit(): number | null {
  try {
    const limit = /^Max open files\s+(\d+)/m.exec(fs.readFileSync('/proc/self/limits', 'utf8'))?.[1]
    return limit ? Number(limit) : null
  } catch {
    return null
  }
}

/** Connections one listener may hold at once: the descriptor limit less the reserve (unbounded where the limit is unknown). */
export function connectionBound(limit = descriptorLimit()): number {
  if (limit === null) return Infinity
  return Math.max(1, limit - Math.max(RESERVED_DESCRIPTORS, Math.ceil(limit / 4)))
}

/** Watches one listener (`name` labels its logs and metrics). Call it once the listener listens: before then an error (a port taken) is a start-up failure. */
export function keepListening(server: Server, name: string) {
  const bound = connectionBound()
  if (Number.isFinite(bound)) server.maxConnections = bound
  /** The kinds failing, and how many connections went untaken, since the listener last took one. */
  const failing = new Set<string>()
  let untaken = 0

  function failed(code: string, why: string) {
    failures.add({ listener: name, code })
    untaken++
    if (failing.has(code)) return
    failing.add(code)
    logger.error(`[${name}] a connection was not taken (${why}); still listening, logged once until one is taken again`, {
      event: 'listener.error',
      listener: name,
      code,
    })
  }

  server.on('error', (error: NodeJS.ErrnoException) => failed(error.code ?? 'UNKNOWN', error.message))
  server.on('drop', () =>
    failed(AT_DESCRIPTOR_BOUND, `${server.maxConnections} connections open, what the file descriptor limit leaves room for`),
  )
  server.on('connection', () => {
    if (!untaken) return
    logger.info(`[${name}] taking connections again, after ${untaken} not taken (${[...failing].join(', ')})`, {
      event: 'listener.recovered',
      listener: name,
      codes: [...failing],
      untaken,
    })
    failing.clear()
    untaken = 0
  })
}

/** Every listener's failures since start, by code (the metrics' counter). */
export const listenerFailures = () => failures.entries()
