// Starts the production site (building it first when no build exists), or the dev server with --dev.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import compression from 'compression'
import express from 'express'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const dev = process.argv.includes('--dev')
const serverEntry = path.join(root, 'build/server/index.js')

if (!dev && !fs.existsSync(serverEntry)) {
  console.info('No build found: building the site first (npm run build)…')
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], { cwd: root, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

const server = express()
server.disable('x-powered-by')
server.use(compression())

let site
if (dev) {
  const vite = await import('vite').then((v) => v.createServer({ root, server: { middlewareMode: true } }))
  server.use(vite.middlewares)
  site = await vite.ssrLoadModule('./server/app.ts').then((m) => m.createApp())
} else {
  server.use('/assets', express.static(path.join(root, 'build/client/assets'), { immutable: true, maxAge: '1y' }))
  server.use(express.static(path.join(root, 'build/client'), { maxAge: '1h' }))
  site = await import(serverEntry).then((m) => m.createApp())
}
server.use(site.app)

const listener = server.listen(site.env.PORT, site.env.HOST, () => {
  const { port } = listener.address()
  console.info(`tradesite listening on http://localhost:${port}`)
})

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    site.close()
    listener.close(() => process.exit(0))
    setTimeout(() => process.exit(0), 3000).unref()
  })
}
