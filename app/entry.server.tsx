import { PassThrough } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext } from 'react-router'
import { ServerRouter } from 'react-router'
import { clientAssetText } from '#server/client-assets.server.ts'
import { pageKey } from '#server/render-cache.server.ts'
import stylesheet from './app.css?url'
import { NonceProvider } from './ui/nonce.tsx'
import { InlineCssProvider } from './ui/site-stylesheet.tsx'

export const streamTimeout = 5_000

/**
 * Renders the whole page before answering, so visitors and crawlers get complete HTML, and
 * keeps it in the render cache.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const { nonce, csrfToken, services, snapshot } = loadContext
  const secrets = { nonce, csrfToken }
  const url = new URL(request.url)
  const cacheable = request.method === 'GET' && (status === 200 || status === 404)
  headers.set('Content-Type', 'text/html; charset=utf-8')
  const { html, failed } = await renderPage(request, routerContext, nonce)
  // Served from the cache by server/app.ts next time, without running React Router at all.
  const key = pageKey(snapshot.version, url.host, url.pathname + url.search)
  if (cacheable && !failed) services.renderCache.set(key, status, html, secrets)
  return new Response(html, { headers, status: failed ? 500 : status })
}

function renderPage(request: Request, routerContext: EntryContext, nonce: string) {
  return new Promise<{ html: string; failed: boolean }>((resolve, reject) => {
    let failed = false
    const chunks: Buffer[] = []
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <InlineCssProvider value={clientAssetText(stylesheet)}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </InlineCssProvider>
      </NonceProvider>,
      {
        nonce,
        // One complete document: React would otherwise send large Suspense boundaries (the blocks
        // hydrated later, app/ui/deferred.tsx) hidden, to be revealed by an inline script.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const sink = new PassThrough()
          sink.on('data', (chunk: Buffer) => chunks.push(chunk))
          sink.on('end', () => resolve({ html: Buffer.concat(chunks).toString('utf8'), failed }))
          pipe(sink)
        },
        onShellError: reject,
        onError(error) {
          failed = true
          if (!request.signal.aborted) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1000)
  })
}
