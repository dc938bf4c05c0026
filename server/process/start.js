// Starts the production site (building it first when there is no build or the sources changed), or the dev server with --dev.
// Signals: SIGTERM drains (healthz 503, pages for DRAIN_SECONDS, in-flight requests finish) and exits 0;
// SIGINT does the same without the drain; SIGHUP reads SITES_FILE again.
// A start the operator can fix (a port taken, DATA_DIR, the database, SITES_FILE, a variable, the build)
// ends with one line on stderr saying what to do, and exit code 1 (server/observability/startup-error.js).
import http from 'node:http'
import path from 'node:path'
import compression from 'compression'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'
import { ensureBuild, root, serverBuild } from './ensure-build.js'
import { log } from '../observability/log.js'
import { exitOnStartupError, listenFailure } from '../observability/startup-error.js'

/** After the drain, how long requests under way may take to finish before their connections are cut. */
const IN_FLIGHT_MS = 10_000

const dev = process.argv.includes('--dev')
// React picks its production build by NODE_ENV when it is first loaded (below, with the server build), and Express its
// production behaviour when it is created: unset, as `npm start` left it, both ran as in development (React's checks on
// every element: a render several times slower, a larger heap).
if (!dev) process.env.NODE_ENV ??= 'production'
try {
  if (!dev) ensureBuild()
} catch (error) {
  exitOnStartupError(error)
}

const server = express()
server.disable('x-powered-by')
server.use(compression())

/** @type {Awaited<ReturnType<typeof import('../app.ts').createApp>>} */
let site
/** `npm run dev`: closes the hot-reload websocket, whose open connections would keep the listener from closing. */
let closeHotReload = async () => {}
/** The console's listener (CONSOLE_PORT): its handler is set once the site's services exist. */
/** @type {(req: http.IncomingMessage, res: http.ServerResponse) => void} */
let answerConsole = () => {}
const consoleListener = http.createServer((req, res) => answerConsole(req, res))
/** The console's React Router build and browser files: built, or from the sources with --dev. */
/** @type {() => Promise<import('react-router').ServerBuild>} */
let loadConsoleBuild = () => import(path.join(root, 'build/console/server/index.js'))
/** @type {import('express').RequestHandler} */
let consoleFiles = express.static(path.join(root, 'build/console/client'), { index: false })

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
  site = await vite
    .ssrLoadModule('/server/app.ts') // from the root (the grouping of server/ had made it ../, outside the root)
    .then((m) => m.createApp())
    .catch(exitOnStartupError)
  // The console from its sources too: its own Vite server (app/console/vite.config.ts), its hot reload on its own listener.
  const consoleVite = site.startConsole
    ? await import('vite').then((v) =>
        v.createServer({
          root: path.join(root, 'app/console'),
          configFile: path.join(root, 'app/console/vite.config.ts'),
          server: { middlewareMode: true, ws: { server: consoleListener } },
        }),
      )
    : null
  closeHotReload = async () => {
    await vite.ws.close()
    await consoleVite?.ws.close()
  }
  if (consoleVite) {
    loadConsoleBuild = () =>
      consoleVite.ssrLoadModule('virtual:react-router/server-build').then((m) => /** @type {import('react-router').ServerBuild} */ (m))
    consoleFiles = consoleVite.middlewares
  }
} else {
  site = await import(serverBuild('index.js'))
    .then((m) => m.createApp(process.env, { clientFiles: path.join(root, 'build/client') }))
    .catch(exitOnStartupError)
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
try {
  const consoleServer = site.startConsole?.(loadConsoleBuild, consoleFiles)
  if (consoleServer) answerConsole = consoleServer.handle
} catch (error) {
  exitOnStartupError(error)
}
server.use(site.app)

// A client that trickles its headers or body in is cut off instead of holding a connection for ever.
listener.headersTimeout = 20_000
listener.requestTimeout = 30_000
answerHalfClosedClients(listener)
answerHalfClosedClients(consoleListener)
// The operator's listener (metrics, every site's state): its own port, loopback unless METRICS_HOST opens it.
const answerOperator = site.operator
const operator = answerOperator ? http.createServer((req, res) => void answerOperator(req, res)) : null
if (operator) answerHalfClosedClients(operator)

/**
 * Answers a client that shuts its side of the connection once its request is sent (`socket.end()`,
 * `nc -N`, some health checkers and proxies). The socket under http.Server is already half-open (it
 * passes allowHalfOpen: true to net.Server, whatever http.createServer is given), but on the client's
 * FIN Node ends the socket at once unless the server's own `httpAllowHalfOpen` is set: an answer not
 * written by then (anything waiting for I/O: Express's file lookup before a page renders, a scrape
 * reading PostgreSQL) is never sent. With it, the answer goes out and then the connection closes.
 * The property is Node's (lib/_http_server.js, socketOnEnd), undocumented but kept: spdy relies on it.
 * @param {http.Server} server
 */
function answerHalfClosedClients(server) {
  const http1 = /** @type {http.Server & { httpAllowHalfOpen: boolean }} */ (server)
  http1.httpAllowHalfOpen = true
}

/**
 * Listens, or explains why it cannot (port taken, an address not of this machine) in one line; from
 * then on an error (a connection it cannot take: EMFILE) is logged and counted, and it keeps listening.
 * @param {http.Server} server
 * @param {number} port
 * @param {string} host
 * @param {'PORT' | 'METRICS_PORT' | 'CONSOLE_PORT'} portVar
 * @returns {Promise<import('node:net').AddressInfo>}
 */
const listen = (server, port, host, portVar) =>
  new Promise((resolve, reject) => {
    const failed = (/** @type {NodeJS.ErrnoException} */ error) =>
      reject(listenFailure(error, { port, host, portVar, hostVar: portVar.replace('PORT', 'HOST') }))
    server.once('error', failed)
    server.listen(port, host, () => {
      server.off('error', failed)
      site.keepListening(server, portVar === 'PORT' ? 'site' : portVar.replace(/_PORT$/, '').toLowerCase())
      resolve(/** @type {import('node:net').AddressInfo} */ (server.address()))
    })
  })

// Every port is taken before any is announced: a start that cannot have them all has none.
try {
  const { port } = await listen(listener, site.env.PORT, site.env.HOST, 'PORT')
  const metrics = operator && (await listen(operator, site.env.METRICS_PORT ?? 0, site.env.METRICS_HOST, 'METRICS_PORT'))
  const consolePort =
    site.startConsole && (await listen(consoleListener, site.env.CONSOLE_PORT ?? 0, site.env.CONSOLE_HOST, 'CONSOLE_PORT'))
  if (metrics) {
    const host = metrics.address.includes(':') ? `[${metrics.address}]` : metrics.address
    log.info({ event: 'metrics.listening', port: metrics.port }, `metrics listening on http://${host}:${metrics.port}/metrics`)
  }
  if (consolePort) {
    const url = site.env.CONSOLE_URL ?? `http://localhost:${consolePort.port}`
    log.info({ event: 'console.listening', port: consolePort.port, url }, `the console is at ${url} (port ${consolePort.port})`)
  }
  log.info({ event: 'listening', port }, `tradesite listening on http://localhost:${port}`)
} catch (error) {
  // The relay may have claimed a lead already: it settles, and storage closes, before the process leaves.
  listener.close()
  consoleListener.close()
  await Promise.race([site.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 5000))])
  exitOnStartupError(error)
}

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
  // The console holds no balancer's traffic: its connections close with the site's.
  consoleListener.closeAllConnections()
  consoleListener.close()
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
