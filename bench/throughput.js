// Requests per second of the production server (warm record, render cache) against the same
// HTML served as static files by the same machine and stack. Prints both and their ratio.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import compression from 'compression'
import express from 'express'
import { startSite } from './serve.js'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 8)
const CONNECTIONS = 20
const run = (url) => autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { 'accept-encoding': 'gzip' } })

const site = await startSite(3301)
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'))
const paths = ['/', '/services']
for (const [i, p] of paths.entries()) {
  const html = await (await fetch(site.url + p)).text() // also warms the render cache
  fs.writeFileSync(path.join(staticDir, `${i}.html`), html)
}
const staticApp = express().use(compression()).use(express.static(staticDir))
const staticServer = http.createServer(staticApp).listen(3302, '127.0.0.1')

console.log(`autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per run, gzip accepted\n`)
console.log('path        site req/s   static req/s   ratio   site p99 ms')
for (const [i, p] of paths.entries()) {
  const dynamic = await run(site.url + p)
  const flat = await run(`http://127.0.0.1:3302/${i}.html`)
  const ratio = dynamic.requests.average / flat.requests.average
  console.log(`${p.padEnd(12)}${dynamic.requests.average.toFixed(0).padStart(10)}${flat.requests.average.toFixed(0).padStart(15)}${ratio.toFixed(2).padStart(8)}${String(dynamic.latency.p99).padStart(14)}`)
  if (dynamic.non2xx || dynamic.errors) console.log(`  ! ${dynamic.non2xx} non-2xx, ${dynamic.errors} errors`)
}
staticServer.close()
site.stop()
