import { PassThrough } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { compressPage } from '#server/pages/page-cache.server.ts'
import { answerPage } from '#server/pages/page-response.server.ts'
import { hashMarkedScripts, renderMark, startFrameworkOnActivity } from '#server/pages/inline-scripts.server.ts'
import { addPageScripts } from '#server/pages/page-script.server.ts'
import { contentSecurityPolicy } from '#server/http/security-headers.server.ts'
import { StaticBlocksContext } from './ui/static-block.tsx'
import { PageHeadContext } from './ui/page-head.tsx'
import { pageHead } from './record/page-meta.ts'
import { log } from '#server/observability/log.js'
import { routeErrorLogger } from '#server/observability/route-errors.server.ts'

export const streamTimeout = 5_000

/** A site route's failure: one JSON line in the log, as the console's (never React Router's multi-line console.error). */
export const handleError = routeErrorLogger('site.route-failed', 'a site route failed')

/**
 * Renders the whole page before answering, so visitors and crawlers get complete HTML. A page is
 * the same bytes for every visitor of one record version: it is rendered once, kept pre-compressed
 * in the page cache (server/app.ts answers from there next time, without React Router), and each
 * 404 of a route shares one copy.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { page } = loadContext
  const cacheable = (request.method === 'GET' || request.method === 'HEAD') && (status === 200 || status === 404) && !import.meta.env.DEV
  const leafRouteId = routerContext.staticHandlerContext.matches.at(-1)?.route.id ?? 'root'
  const key = cacheable ? page.keyFor(status, leafRouteId) : undefined
  const cached = key && page.cache.get(key)
  if (cached) return toResponse(request, cached, headers, page.ttlSeconds)

  const mark = renderMark()
  const rendered = await renderPage(request, routerContext, loadContext, mark, status)
  const inlined = page.inlineFirstPaint?.(rendered.html) ?? rendered.html
  const { html, hashes } = hashMarkedScripts(addPageScripts(startFrameworkOnActivity(inlined, mark), mark), mark)
  const csp = contentSecurityPolicy(hashes)
  if (!key || rendered.failed) {
    headers.set('Content-Type', 'text/html; charset=utf-8')
    headers.set('Content-Security-Policy', csp)
    headers.set('Cache-Control', 'no-store')
    return new Response(html, { headers, status: rendered.failed ? 500 : status })
  }
  const fresh = await compressPage(status, html, csp)
  page.cache.set(key, fresh)
  return toResponse(request, fresh, headers, page.ttlSeconds)
}

function toResponse(request: Request, cached: Parameters<typeof answerPage>[1], headers: Headers, ttlSeconds: number) {
  const answer = answerPage({ method: request.method, headers: Object.fromEntries(request.headers) }, cached, ttlSeconds)
  for (const [name, value] of Object.entries(answer.headers)) headers.set(name, value)
  return new Response(answer.body as Uint8Array<ArrayBuffer> | null, { status: answer.status, headers })
}

/** `mark` is a throwaway nonce: it tells our own inline scripts apart before they are hashed. */
function renderPage(request: Request, routerContext: EntryContext, loadContext: AppLoadContext, mark: string, status: number) {
  const { matches, loaderData, errors } = routerContext.staticHandlerContext
  const head = pageHead(
    matches.map((m) => ({
      id: m.route.id,
      pathname: m.pathname,
      loaderData: loaderData[m.route.id],
      error: errors?.[m.route.id],
      handle: m.route.handle,
    })),
    status,
  )
  return new Promise<{ html: string; failed: boolean }>((resolve, reject) => {
    let failed = false
    const chunks: Buffer[] = []
    const { pipe, abort } = renderToPipeableStream(
      <StaticBlocksContext value={loadContext.staticBlocks}>
        <PageHeadContext value={head}>
          <ServerRouter context={routerContext} url={request.url} nonce={mark} />
        </PageHeadContext>
      </StaticBlocksContext>,
      {
        nonce: mark,
        // One complete document: React would otherwise send large Suspense boundaries (the blocks
        // hydrated later, app/ui/deferred.tsx) hidden, to be revealed by an inline script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const sink = new PassThrough()
          sink.on('data', (chunk: Buffer) => chunks.push(chunk))
          sink.on('end', () => {
            clearTimeout(timer)
            resolve({ html: Buffer.concat(chunks).toString('utf8'), failed })
          })
          pipe(sink)
        },
        onShellError(error) {
          clearTimeout(timer)
          reject(error)
        },
        onError(error) {
          failed = true
          if (!request.signal.aborted) log.error({ err: error, path: new URL(request.url).pathname }, 'a page failed to render')
        },
      },
    )
    // Cleared once the page is whole (React calls back after this line: its work starts on a later tick): a pending
    // timer holds the whole render (its record, its blocks) for 6 s.
    const timer = setTimeout(abort, streamTimeout + 1000)
  })
}
