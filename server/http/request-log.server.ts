import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { canonicalPath } from './canonical-path.server.ts'
import { log } from '../observability/log.js'

/**
 * How a request was answered, as far as caching goes: `hit` from the page cache, `miss` rendered
 * by React Router (a GET or HEAD it answered), `none` anything else (files, images, health, refusals, posts).
 */
export type CacheState = 'hit' | 'miss' | 'none'

export type Observation = {
  id: string
  /** The configured site the host named; unknown until the gate has resolved it. */
  site: string | undefined
  cache: CacheState
  /** When React Router began rendering this request (a miss), for the render-time histogram. */
  renderStart: number | undefined
}

export type RequestDone = Observation & { method: string; status: number; ms: number; renderSeconds: number | undefined }

const observations = new WeakMap<IncomingMessage, Observation>()
/** Answers under way, and whether each answer should end its connection (the process is shutting down). */
const open = new Set<ServerResponse>()
let lastCall = false

/** From now on every answer closes its connection, those under way too when their headers are not out yet. */
export function closeConnectionsAfterAnswers() {
  lastCall = true
  for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close')
}

/** This request's observation (its id, site and cache state), once `observeRequest` has begun it. */
export function observationOf(req: IncomingMessage): Observation | undefined {
  return observations.get(req)
}

/**
 * Gives a request its id (answered as X-Request-Id) and writes its one log line when it ends:
 * time, site, method, path without the query, status, bytes, ms, cache state, request id.
 * `done` feeds the metrics. The path is the gate's canonical one, or "(invalid)": a stranger's
 * malformed path never reaches the log as sent; `redact` hides what a path may carry that is secret (the
 * console's invitation tokens).
 */
export function observeRequest(
  req: IncomingMessage,
  res: ServerResponse,
  done?: (request: RequestDone) => void,
  redact: (path: string) => string = (path) => path,
) {
  const started = performance.now()
  const bytesBefore = req.socket.bytesWritten
  const seen: Observation = { id: randomUUID(), site: undefined, cache: 'none', renderStart: undefined }
  observations.set(req, seen)
  res.setHeader('X-Request-Id', seen.id)
  if (lastCall) res.setHeader('Connection', 'close')
  open.add(res)
  res.once('close', () => {
    open.delete(res)
    const ms = Math.round((performance.now() - started) * 10) / 10
    const url = req.url ?? ''
    const at = url.indexOf('?')
    const canonical = url.length <= 4096 && canonicalPath(at === -1 ? url : url.slice(0, at))
    const path = canonical ? redact(canonical) : '(invalid)'
    const method = req.method && /^[A-Z]{1,16}$/.test(req.method) ? req.method : '(other)'
    const status = res.statusCode
    const fields = {
      event: 'request',
      reqId: seen.id,
      site: seen.site ?? null,
      method,
      path,
      status,
      bytes: req.socket.bytesWritten - bytesBefore,
      ms,
      cache: seen.cache,
      ...(res.writableFinished ? {} : { aborted: true }),
    }
    log.info(fields, `${method} ${path} ${status}`)
    if (!done) return
    const renderSeconds = seen.renderStart === undefined ? undefined : (performance.now() - seen.renderStart) / 1000
    done({ ...seen, method, status, ms, renderSeconds })
  })
  return seen
}
