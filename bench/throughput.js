// Requests per second of the production server answering cached pages, against a plain Node
// `http` server sending the very same pre-compressed bytes (the ceiling of this machine), in the
// same run. Prints both and their ratio, per page and encoding. BENCH_SECONDS sets the run length.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { startSite } from './serve.js'

const DURATION_S = Number(process.env.BENCH_SECONDS ?? 4)
// Site and plain runs alternate, and the median of the rounds counts, so a neighbour's burst of CPU
// hits both sides alike.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const CONNECTIONS = 20
const SITE_PORT = Number(process.env.BENCH_PORT ?? 3301)
const PLAIN_PORT = SITE_PORT + 1
/** @param {string} url @param {string} encoding */
const run = (url, encoding) => autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers: { 'accept-encoding': encoding } })

const site = await startSite(SITE_PORT)
const cases = []
for (const path of ['/', '/services']) {
  for (const encoding of ['br', 'gzip']) {
    await fetch(site.url + path) // renders it once
    const response = await fetch(site.url + path, { headers: { 'accept-encoding': encoding } })
    // fetch would decode the body: read the raw bytes with node:http instead.
    const bytes = await rawBody(site.url + path, encoding)
    cases.push({ path, encoding, bytes, headers: Object.fromEntries(response.headers) })
  }
}

// The ceiling: the same bytes and headers, from a handler that does nothing else, in a process
// of its own like the site (autocannon's client runs in this one).
const casesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-plain-')), 'cases.json')
fs.writeFileSync(casesFile, JSON.stringify(cases.map((c) => ({ headers: c.headers, body: c.bytes.toString('base64') }))))
const plain = spawn(process.execPath, [path.join(import.meta.dirname, 'plain-server.js'), casesFile, String(PLAIN_PORT)], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
await new Promise((resolve) => plain.stdout.once('data', resolve))

console.log(
  `autocannon: ${CONNECTIONS} connections, ${DURATION_S} s per run, median of ${ROUNDS} alternating rounds; shared 2-core machine, so figures are indicative\n`,
)
console.log('path        encoding   bytes   site req/s   plain req/s   ratio   site p99 ms')
for (const [i, c] of cases.entries()) {
  const sites = []
  const flats = []
  for (let round = 0; round < ROUNDS; round++) {
    sites.push(await run(site.url + c.path, c.encoding))
    flats.push(await run(`http://127.0.0.1:${PLAIN_PORT}/${i}`, c.encoding))
  }
  const dynamic = median(sites)
  const flat = median(flats)
  const ratio = dynamic.requests.average / flat.requests.average
  console.log(
    `${c.path.padEnd(12)}${c.encoding.padEnd(8)}${String(c.bytes.length).padStart(8)}${dynamic.requests.average.toFixed(0).padStart(13)}` +
      `${flat.requests.average.toFixed(0).padStart(14)}${ratio.toFixed(2).padStart(8)}${String(dynamic.latency.p99).padStart(14)}`,
  )
  const failed = sites.reduce((n, r) => n + r.non2xx + r.errors, 0)
  if (failed) console.log(`  ! ${failed} non-2xx or errors`)
}
plain.kill()
site.stop()

/** @param {import('autocannon').Result[]} results */
function median(results) {
  const middle = [...results].sort((a, b) => a.requests.average - b.requests.average)[Math.floor(results.length / 2)]
  if (!middle) throw new Error('median: no results (BENCH_ROUNDS must be at least 1)')
  return middle
}

/** @param {string} url @param {string} encoding @returns {Promise<Buffer>} */
function rawBody(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': encoding } }, (res) => {
        /** @type {Buffer[]} */
        const chunks = []
        res.on('data', (c) => chunks.push(c)).on('end', () => resolve(Buffer.concat(chunks)))
      })
      .on('error', reject)
  })
}
