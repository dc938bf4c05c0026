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
// However the bench ends (a refused POST, Ctrl-C, a timeout's SIGTERM), the origins go first, then the database they use.
process.on('exit', () => {
  for (const origin of origins) origin.child.kill('SIGKILL')
  server.stop()
})
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) process.on(signal, () => process.exit(130))
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

/** Whether an origin's TLS ask knows a host: the registry's change applied there, before any record is fetched. */
/** @param {string} origin @param {string} host */
const knows = (origin, host) =>
  fetch(`${origin}/_tls/allowed?domain=${host}`).then(
    (r) => r.status === 200,
    () => false,
  )

/** Every SAMPLE-th site: how long after its POST was answered each origin knew its host (issue 42: within 5 s). */
const SAMPLE = 20
/** @type {number[][]} */
const lags = origins.map(() => [])
/** @type {Promise<void>[]} */
const lagWatches = []
/** @param {string} id */
function watchLag(id) {
  const answered = Date.now()
  for (const [i, origin] of origins.entries())
    lagWatches.push(
      (async () => {
        while (!(await knows(origin.url, `${id}.test`))) await new Promise((r) => setTimeout(r, 50))
        lags[i]?.push(Date.now() - answered)
      })(),
    )
}

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
      if (Number(id.slice(5)) % SAMPLE === 0) watchLag(id)
    }
  }),
)
const created = Date.now() - started
/** @param {number[]} list @param {number} p */
const pct = (list, p) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]
console.log(
  `created in ${(created / 1000).toFixed(1)} s (${(SITES / (created / 1000)).toFixed(0)}/s); POST p50 ${pct(apiTimes, 50)} ms, p95 ${pct(apiTimes, 95)} ms; ${retries} answered 503 and were sent again`,
)
await Promise.all(lagWatches)
for (const [i, list] of lags.entries())
  console.log(
    `origin ${i + 1} knew a new site's host (TLS ask) p50 ${pct(list, 50)} ms, p95 ${pct(list, 95)} ms, max ${Math.max(...list)} ms after its POST was answered (every ${SAMPLE}th site)`,
  )

// Every origin serves every site: its /healthz under the site's host names the site's record (a host no site lists:
// {"ok":true}). Asking holds the site: its first record is fetched then (a site not yet visited costs no memory, issue 43).
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
