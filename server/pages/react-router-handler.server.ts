import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Request as ExpressRequest, Response as ExpressResponse, NextFunction } from 'express'
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router'
import { resolvedOf } from '../gate/resolved.server.ts'

/** The URL and the already-read, bounded body of the request React Router is given. */
export type RequestTarget = { url: string; body?: Buffer }

/** The site's: the gate's resolved view of the request. */
const siteTarget = (req: ExpressRequest): RequestTarget => {
  const resolved = resolvedOf(req)
  return { url: resolved.requestOrigin + resolved.pathname + resolved.search, body: resolved.body }
}

/**
 * React Router behind the gate. The request it sees is built from the gate's resolved view: the URL
 * has the origin the visitor's browser used (so React Router's own check of a post's Origin agrees
 * with ours behind a TLS proxy) and the canonical path; the body is the one the gate read and bounded.
 * The console (server/console/) names its own `target`: its public origin, and the body its listener read.
 */
export function reactRouterHandler(
  build: () => Promise<ServerBuild>,
  loadContext: (req: ExpressRequest, res: ExpressResponse) => AppLoadContext,
  target: (req: ExpressRequest) => RequestTarget = siteTarget,
  /** The console's last look at React Router's answer before it is sent (its 405s, which name route ids). */
  answer: (response: Response) => Response = (response) => response,
) {
  const handle = createRequestHandler(build, process.env.NODE_ENV)
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    const controller = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) controller.abort()
    })
    let request: Request
    try {
      const headers = new Headers()
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!)
      const { url, body } = target(req)
      request = new Request(url, {
        method: req.method,
        headers,
        body: req.method === 'POST' ? new Uint8Array(body ?? Buffer.alloc(0)) : undefined,
        signal: controller.signal,
      })
    } catch {
      return void res.status(400).set('Cache-Control', 'no-store').type('text').send('This request cannot be read.')
    }
    try {
      const response = answer(await handle(request, loadContext(req, res)))
      if (res.destroyed) return void (await response.body?.cancel())
      res.status(response.status)
      for (const [name, value] of response.headers) res.append(name, value)
      if (!response.body || req.method === 'HEAD') return void res.end()
      await pipeline(Readable.fromWeb(response.body as import('node:stream/web').ReadableStream), res)
    } catch (error) {
      if (res.destroyed || res.writableEnded) return
      next(error)
    }
  }
}
