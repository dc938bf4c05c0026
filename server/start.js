// Starts the production site (building it first when there is no build or the sources changed), or the dev server with --dev.
// Signals: SIGTERM drains (healthz 503, pages for DRAIN_SECONDS, in-flight requests finish) and exits 0;
// SIGINT does the same without the drain; SIGHUP reads SITES_FILE again.
import http from 'node:http'
import path from 'node:path'
import compression from 'compression'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'
import { ensureBuild, root, serverBuild } from './ensure-build.js'
import { log } from './log.js'

/** After the drain, how long requests under way may take to finish before their connections are cut. */
const IN_FLIGHT_MS = 10_000

const dev = process.argv.includes('--dev')
if (!dev) ensureBuild()

const server = express()
server.disable('x-powered-by')
server.use(compression())

/** @type {Awaited<ReturnType<typeof import('./app.ts').createApp>>} */
let site
/** `npm run dev`: closes the hot-reload websocket, whose open connections would keep the listener from closing. */
let closeHotReload = async () => {}

// Every request passes the site's gate first; pages already rendered then go out pre-compressed, without Express.
const listener = http.createServer((req, res) => {
  site
    .handle(req, res, () => server(req, res))
    .catch((/** @type {unknown} */ error) => {
      log.error({ err: error, url: req.url?.split('?')[0] }, 'a request failed before reaching the site')
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Server error.')
      else res.destroy()
    })
})

if (dev) {
  // Vite's hot-reload websocket shares this listener (same origin as the page, so the CSP's
  // connect-src 'self' admits it) rather than a port of its own (24678, one dev server per machine).
  const vite = await import('vite').then((v) => v.createServer({ root, server: { middlewareMode: true, ws: { server: listener } } }))
  server.use(vite.middlewares)
  closeHotReload = () => vite.ws.close()
  site = await vite.ssrLoadModule('./server/app.ts').then((m) => m.createApp())
} else {
  site = await import(serverBuild('index.js')).then((m) => m.createApp())
  // Hashed file names never change: cached for a year, sent as the brotli/gzip copies made at build time.
  const assets = path.join(root, 'build/client/assets')
  server.use(
    '/assets',
    expressStaticGzip(assets, {
      enableBrotli: true,
      orderPreference: ['br', 'gz'],
      serveStatic: { immutable: true, maxAge: '1y', etag: false, lastModified: false, acceptRanges: false },
    }),
  )
  server.use(express.static(path.join(root, 'build/client'), { maxAge: '1h' }))
}
server.use(site.app)

// A client that trickles its headers or body in is cut off instead of holding a connection for ever.
listener.headersTimeout = 20_000
listener.requestTimeout = 30_000
listener.listen(site.env.PORT, site.env.HOST, () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (listener.address())
  log.info({ event: 'listening', port }, `tradesite listening on http://localhost:${port}`)
})

// The operator's listener (metrics, every site's state): its own port, loopback unless METRICS_HOST opens it.
const answerOperator = site.operator
const operator = answerOperator ? http.createServer((req, res) => void answerOperator(req, res)) : null
operator?.listen(site.env.METRICS_PORT, site.env.METRICS_HOST, () => {
  const { address, port } = /** @type {import('node:net').AddressInfo} */ (operator.address())
  const host = address.includes(':') ? `[${address}]` : address
  log.info({ event: 'metrics.listening', port }, `metrics listening on http://${host}:${port}/metrics`)
})

let stopping = false
/** @type {(value?: unknown) => void} */
let endDrain = () => {}

/** Leaves without losing a visitor: balancers are told first, then requests under way finish, then storage closes. */
/**
 * @param {NodeJS.Signals} signal
 * @param {number} drainSeconds
 */
async function shutDown(signal, drainSeconds) {
  if (stopping) return endDrain() // a second signal: stop waiting for the drain
  stopping = true
  site.startDraining()
  log.info({ event: 'shutdown.draining', signal, drainSeconds }, `${signal}: /healthz answers 503; pages served for ${drainSeconds} s more`)
  await new Promise((resolve) => {
    endDrain = resolve
    setTimeout(resolve, drainSeconds * 1000)
  })
  site.stopKeepAlive() // keep-alive clients reconnect, to another origin
  log.info({ event: 'shutdown.closing' }, 'no new connections; finishing the requests under way')
  // An open tab keeps its hot-reload websocket (it waits for the server to return): it is closed here.
  await closeHotReload()
  const closed = new Promise((resolve) => listener.close(resolve))
  // A keep-alive connection whose answer began before the cutoff is closed as soon as it goes idle.
  const idle = setInterval(() => listener.closeIdleConnections(), 100)
  listener.closeIdleConnections()
  const cut = setTimeout(() => {
    log.warn({ event: 'shutdown.cut' }, `requests still under way after ${IN_FLIGHT_MS / 1000} s: their connections are cut`)
    listener.closeAllConnections()
  }, IN_FLIGHT_MS)
  await closed
  clearTimeout(cut)
  clearInterval(idle)
  operator?.closeAllConnections()
  operator?.close()
  // The relay stops claiming, record timers stop, storage closes.
  await site.close().catch((/** @type {unknown} */ error) => log.error({ err: error }, 'a service did not close cleanly'))
  log.info({ event: 'shutdown.done' }, 'stopped')
  process.exit(0)
}

process.on('SIGTERM', () => void shutDown('SIGTERM', site.env.DRAIN_SECONDS))
// A person at a terminal: no balancer to tell, so no drain.
process.on('SIGINT', () => void shutDown('SIGINT', 0))
process.on('SIGHUP', () => {
  log.info({ event: 'sites.reload' }, 'SIGHUP: reading the sites file again')
  void site.reloadSites()
})
