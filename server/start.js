// Starts the production site (building it first when no build exists), or the dev server with --dev.
import http from 'node:http'
import path from 'node:path'
import compression from 'compression'
import express from 'express'
import expressStaticGzip from 'express-static-gzip'
import { ensureBuild, root, serverBuild } from './ensure-build.js'

const dev = process.argv.includes('--dev')
if (!dev) ensureBuild()

const server = express()
server.disable('x-powered-by')
server.use(compression())

let site
if (dev) {
  const vite = await import('vite').then((v) => v.createServer({ root, server: { middlewareMode: true } }))
  server.use(vite.middlewares)
  site = await vite.ssrLoadModule('./server/app.ts').then((m) => m.createApp())
} else {
  site = await import(serverBuild('index.js')).then((m) => m.createApp())
  // Hashed file names never change: cached for a year, sent as the brotli/gzip copies made at build time.
  const assets = path.join(root, 'build/client/assets')
  server.use(
    '/assets',
    expressStaticGzip(assets, { enableBrotli: true, orderPreference: ['br', 'gz'], serveStatic: { immutable: true, maxAge: '1y' } }),
  )
  server.use(express.static(path.join(root, 'build/client'), { maxAge: '1h' }))
}
server.use(site.app)

// Every request passes the site's gate first; pages already rendered then go out pre-compressed, without Express.
const listener = http.createServer((req, res) => {
  site
    .handle(req, res, () => server(req, res))
    .catch((/** @type {unknown} */ error) => {
      console.error('[server] a request failed before reaching the site', error)
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Server error.')
      else res.destroy()
    })
})
// A client that trickles its headers or body in is cut off instead of holding a connection for ever.
listener.headersTimeout = 20_000
listener.requestTimeout = 30_000
listener.listen(site.env.PORT, site.env.HOST, () => {
  const { port } = /** @type {import('node:net').AddressInfo} */ (listener.address())
  console.info(`tradesite listening on http://localhost:${port}`)
})

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    site.close()
    listener.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 3000).unref()
  })
}
