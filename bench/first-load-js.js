// JavaScript a visitor downloads on first load of each demo route: every module the page
// preloads or loads as a script, raw and gzipped. Prints one line per route.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { root } from '../server/ensure-build.js'
import { demoRoutes, startSite } from './serve.js'

const site = await startSite(3303)
const clientDir = path.join(root, 'build/client')
console.log('route                              files    raw KB   gzip KB')
for (const route of demoRoutes) {
  const html = await (await fetch(site.url + route)).text()
  const urls = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g), ...html.matchAll(/import\("([^"]+\.js)"\)/g), ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)].map((m) => m[1]))
  let raw = 0
  let gzip = 0
  for (const url of urls) {
    const file = path.join(clientDir, new URL(url, site.url).pathname)
    if (!fs.existsSync(file)) continue
    const bytes = fs.readFileSync(file)
    raw += bytes.length
    gzip += zlib.gzipSync(bytes, { level: 9 }).length
  }
  console.log(`${route.padEnd(35)}${String(urls.size).padStart(5)}${(raw / 1024).toFixed(1).padStart(10)}${(gzip / 1024).toFixed(1).padStart(10)}`)
}
site.stop()
