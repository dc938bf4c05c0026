// 2 000 sites created through the console API of one origin, two origins on one PostgreSQL (no SITES_FILE): how long
// the API takes, and how long until every origin serves every site (issue 42). Figures only: a shared 2-core machine.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { root } from '../server/process/ensure-build.js'
import { benchDatabase, benchPort, untilHealthy } from './serve.js'

const SITES = Number(process.env.BENCH_SITES ?? 2000)
const ORIGINS = Number(process.env.BENCH_ORIGINS ?? 2)
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8)
const port = benchPort(3520)

// The provider: one small record per site.
const demo = JSON.parse(fs.readFileSync(path.join(root, 'demo/record.json'), 'utf8'))
const provider = http.createServer((req, res) => {
  const id = req.url?.match(/^\/api\/paginas\/(site-\d+)$/)?.[1]
  if (!id) return void res.writeHead(404).end()
  res
    .writeHead(200, { 'Content-Type': 'application/json' })
    .end(JSON.stringify({ ...demo, dbPrincipal: { ...demo.dbPrincipal, name: id } }))
})
await new Promise((resolve) => provider.listen(0, '127.0.0.1', () => resolve(undefined)))
const apiUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (provider.address()).port}/api`

const { server, databaseUrl } = await benchDatabase()

const common = { DATABASE_URL: databaseUrl, PAGE_API_URL: apiUrl, OUTBOUND_ALLOW_ORIGINS: apiUrl, LOG_LEVEL: 'warn' }
/** @param {number} i */
async function startOrigin(i) {
  const child = spawn(process.execPath, ['server/process/start.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...common,
      PORT: String(port + i),
      HOST: '127.0.0.1',
      CONSOLE_PORT: String(port + 100 + i),
      CONSOLE_API_RATE_LIMIT: '1000000',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sites-api-')),
      DRAIN_SECONDS: '0',
      ORIGIN_NAME: `bench-origin-${i + 1}`,
      RECORD_TTL_SECONDS: '3600',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  // LOG_LEVEL warn: whatever an origin logs is a problem worth seeing beside the figures.
  child.stdout.on('data', (d) => process.stderr.write(`origin ${i + 1}: ${d}`))
  const url = `http://127.0.0.1:${port + i}`
  await untilHealthy(url, child, `origin ${i + 1}`)
  return { url, api: `http://localhost:${port + 100 + i}/api/v1`, child }
}

const origins = await Promise.all(Array.from({ length: ORIGINS }, (_, i) => startOrigin(i)))
// However the bench ends (a refused POST included), the origins go first, then the database they use.
process.on('exit', () => {
  for (const origin of origins) origin.child.kill('SIGKILL')
  server.stop()
})
const made = execFileSync(process.execPath, ['server/cli/console.js', 'token', 'create', '--name', 'bench', '--role', 'admin'], {
  cwd: root,
  env: { ...process.env, ...common, DATA_DIR: os.tmpdir() },
  encoding: 'utf8',
})
const token = made.trimEnd().split('\n').at(-1)
console.log(
  `${SITES} sites through the API of origin 1, ${ORIGINS} origins on one PostgreSQL (shared 2-core machine: times are indicative)`,
)

/** @param {string} origin @param {string} host @returns {Promise<number>} */
const status = (origin, host) =>
  new Promise((resolve) => {
    http
      .get({ host: '127.0.0.1', port: Number(new URL(origin).port), path: '/healthz', agent: false, headers: { host } }, (res) => {
        let body = ''
        res.on('data', (d) => (body += d)).on('end', () => resolve(res.statusCode === 200 && body.includes('"record"') ? 200 : 404))
      })
      .on('error', () => resolve(0))
  })

const ids = Array.from({ length: SITES }, (_, i) => `site-${i + 1}`)
const started = Date.now()
/** @type {number[]} */
const apiTimes = []
let next = 0
let retries = 0
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < ids.length) {
      const id = /** @type {string} */ (ids[next++])
      const sent = Date.now()
      let response
      // 503: the storage did not answer in time (writes queue on one lock): as a script should, try again after a second.
      for (;;) {
        response = await fetch(`${origins[0]?.api}/sites`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ hosts: [`${id}.test`], pageId: id }),
        })
        if (response.status !== 503) break
        retries++
        await new Promise((r) => setTimeout(r, 1000))
      }
      if (response.status !== 201) throw new Error(`POST ${id}: ${response.status} ${await response.text()}`)
      apiTimes.push(Date.now() - sent)
    }
  }),
)
const created = Date.now() - started
apiTimes.sort((a, b) => a - b)
/** @param {number} p */
const pct = (p) => apiTimes[Math.min(apiTimes.length - 1, Math.floor((p / 100) * apiTimes.length))]
console.log(
  `created in ${(created / 1000).toFixed(1)} s (${(SITES / (created / 1000)).toFixed(0)}/s); POST p50 ${pct(50)} ms, p95 ${pct(95)} ms; ${retries} answered 503 and were sent again`,
)

// Every origin serves every site: its /healthz under the site's host names the site's record (a host no site lists: {"ok":true}).
for (const [i, origin] of origins.entries()) {
  let waiting = [...ids]
  while (waiting.length) {
    /** @type {number[]} */
    const answers = []
    for (let k = 0; k < waiting.length; k += 50)
      answers.push(...(await Promise.all(waiting.slice(k, k + 50).map((id) => status(origin.url, `${id}.test`)))))
    waiting = waiting.filter((_, k) => answers[k] !== 200)
    if (waiting.length) await new Promise((r) => setTimeout(r, 250))
    if (Date.now() - started > 15 * 60_000) throw new Error(`origin ${i + 1}: ${waiting.length} sites still not served after 15 min`)
  }
  console.log(
    `origin ${i + 1} serves all ${SITES} sites ${((Date.now() - started) / 1000).toFixed(1)} s after the first POST (${((Date.now() - started - created) / 1000).toFixed(1)} s after the last)`,
  )
}

provider.close()
process.exit(0)
