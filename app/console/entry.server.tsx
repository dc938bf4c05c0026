import { PassThrough } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { consoleContentSecurityPolicy } from '#server/http/security-headers.server.ts'
import { hashMarkedScripts, renderMark } from '#server/pages/inline-scripts.server.ts'
import { log } from '#server/observability/log.js'
import { routeErrorLogger } from '#server/observability/route-errors.server.ts'

export const streamTimeout = 5_000

/** A console route's failure: one JSON line in the log. */
export const handleError = routeErrorLogger('console.route-failed', 'a console route failed')

/**
 * The console's pages: rendered whole, then answered with a CSP that allows exactly the inline scripts React
 * Router wrote for this page (by their hashes, as the site's pages do) and the console's own files.
 */
export default function handleRequest(request: Request, status: number, headers: Headers, routerContext: EntryContext) {
  const mark = renderMark()
  return new Promise<Response>((resolve, reject) => {
    let failed = false
    const chunks: Buffer[] = []
    const { pipe, abort } = renderToPipeableStream(<ServerRouter context={routerContext} url={request.url} nonce={mark} />, {
      nonce: mark,
      onAllReady() {
        const sink = new PassThrough()
        sink.on('data', (chunk: Buffer) => chunks.push(chunk))
        sink.on('end', () => {
          const { html, hashes } = hashMarkedScripts(Buffer.concat(chunks).toString('utf8'), mark)
          headers.set('Content-Type', 'text/html; charset=utf-8')
          headers.set('Content-Security-Policy', consoleContentSecurityPolicy(hashes))
          resolve(new Response(html, { status: failed ? 500 : status, headers }))
        })
        pipe(sink)
      },
      onShellError: reject,
      onError(error) {
        failed = true
        if (!request.signal.aborted) log.error({ err: error, path: new URL(request.url).pathname }, 'a console page failed to render')
      },
    })
    setTimeout(abort, streamTimeout + 1000)
  })
}
