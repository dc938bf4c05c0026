// Starts the production site for a benchmark: built when needed, a throwaway data folder, and either
// the embedded demo or (with `record`) a local fake provider serving that record.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { ensureBuild, root } from '../server/process/ensure-build.js'
import { fourteenServiceRecord } from './fourteen-services.js'
import { smallPicturesRecord } from './small-pictures.js'

/**
 * `--record 14` on a bench's command line: the 14-service record instead of the demo; `--record small-pictures`:
 * the demo with pictures smaller than their places.
 */
export function recordFromArgs(argv = process.argv.slice(2)) {
  const at = argv.indexOf('--record')
  if (at === -1) return { name: 'demo', record: undefined, rest: argv }
  const rest = argv.filter((_, i) => i !== at && i !== at + 1)
  if (argv[at + 1] === '14') return { name: '14 services', record: fourteenServiceRecord(), rest }
  if (argv[at + 1] === 'small-pictures') return { name: 'pictures smaller than their places', record: smallPicturesRecord(), rest }
  throw new Error('--record takes 14 (the 14-service record) or small-pictures; without it the demo runs')
}

/** Resident memory of a process in MB (Linux: /proc; elsewhere ps). @param {number | undefined} pid */
export function rssMb(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]) / 1024
  } catch {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })) / 1024
  }
}

/**
 * CPU time a process has used so far, in seconds (Linux: /proc; elsewhere ps, to the second): unlike a
 * duration, it barely moves with what else the machine is running. @param {number | undefined} pid
 */
export function cpuSeconds(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
    return (Number(fields[11]) + Number(fields[12])) / 100 // utime and stime, in clock ticks of 1/100 s
  } catch {
    const time = execFileSync('ps', ['-o', 'time=', '-p', String(pid)], { encoding: 'utf8' }).trim() // [[dd-]hh:]mm:ss
    return time
      .split(/[-:]/)
      .reverse()
      .reduce((sum, part, i) => sum + Number(part) * ([1, 60, 3600, 86400][i] ?? NaN), 0)
  }
}

/**
 * A fake provider on a free loopback port answering every request with the record.
 * @param {unknown} record
 * @returns {Promise<http.Server>}
 */
function startProvider(record) {
  const body = JSON.stringify(record)
  const server = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body))
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

/**
 * A TypeScript helper of the tests (`tests/…`), loaded through Vite's runner, so that a bench starts the same
 * PostgreSQL or Caddy the tests do. The production build is made first: the runner sets NODE_ENV=development
 * in this process, which a build (and the servers started) would inherit, so it is put back.
 * @param {string} file
 * @returns {Promise<any>}
 */
async function testHelper(file) {
  ensureBuild()
  const nodeEnv = process.env.NODE_ENV
  const { runnerImport } = await import('vite') // only the benches that need a helper load vite
  const { module } = await runnerImport(path.join(root, file), { configFile: false, logLevel: 'silent' })
  if (nodeEnv === undefined) delete process.env.NODE_ENV
  else process.env.NODE_ENV = nodeEnv
  return module
}

/**
 * A throwaway PostgreSQL for a bench (tests/postgres.ts's cluster) and a fresh database on it: its URL, and the
 * cluster to `stop()` at the end.
 * @returns {Promise<{ server: { url: string, stop: () => void }, databaseUrl: string }>}
 */
export async function benchDatabase() {
  const postgres = await testHelper('tests/postgres.ts')
  const server = await postgres.startPostgres()
  return { server, databaseUrl: await postgres.freshDatabase(server.url) }
}

/** BENCH_PORT moves a bench off its default port (several people may bench on one machine). */
/** @param {number} fallback */
export const benchPort = (fallback) => Number(process.env.BENCH_PORT ?? fallback)

/**
 * Resolves once a started server's /healthz answers 2xx; throws if the process exits first.
 * @param {string} url @param {import('node:child_process').ChildProcess} child @param {string} name
 */
export async function untilHealthy(url, child, name) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`)
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return
    await new Promise((r) => setTimeout(r, 200))
  }
}

/**
 * Resolves once the record's images are known and none is waiting to be encoded (each new variant
 * re-renders the pages, which would skew a benchmark). A record from a provider arrives after
 * start-up, so "nothing pending" alone would also hold before its images are known.
 * @param {string} url
 * @returns {Promise<{ ready: number, failed: number, pending: number }>}
 */
async function imagesSettled(url) {
  for (;;) {
    const { images } = await (await fetch(`${url}/healthz`)).json()
    if (!images) return images // a sites file that lists no 127.0.0.1: no site's pictures to wait for
    if (images.pending === 0 && images.ready + images.failed > 0) return images
    await new Promise((r) => setTimeout(r, 500))
  }
}

/**
 * `env` adds to (or overrides) the set-up, e.g. SITES_FILE or a PAGE_API_URL of a local provider.
 * Resolves once the record's images are encoded; `images` is /healthz's account of them then.
 * `nodeFlags` go to node after the production heap flags (e.g. --heapsnapshot-signal).
 * @param {number} port
 * @param {{ record?: unknown, env?: Record<string, string>, nodeFlags?: string[] }} [options]
 */
export async function startSite(port, { record, env = {}, nodeFlags = [] } = {}) {
  ensureBuild()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'))
  const provider = record ? await startProvider(record) : null
  // V8's heap sizes and glibc's malloc settings as `npm start` sets them, so memory figures are what production runs with.
  const heapFlags = [
    `--max-old-space-size=${process.env.MAX_OLD_SPACE_MB ?? 128}`,
    `--max-semi-space-size=${process.env.MAX_SEMI_SPACE_MB ?? 8}`,
  ]
  const child = spawn(process.execPath, [...heapFlags, ...nodeFlags, 'server/process/start.js'], {
    cwd: root,
    env: {
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DRAIN_SECONDS: '0', // stop() ends a measurement, not a rolling restart
      PAGE_API_URL: provider ? `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (provider.address()).port}/api` : '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise((/** @type {(value?: void) => void} */ resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('listening on') && resolve())
    child.on('exit', (code) => reject(new Error(`site exited with ${code}`)))
  })
  const images = await imagesSettled(`http://127.0.0.1:${port}`)
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    images,
    pid: child.pid,
    /** @param {NodeJS.Signals} signal */
    signal: (signal) => child.kill(signal),
    rssMb: () => rssMb(child.pid),
    /** Resolves once the server has exited (a bench that starts another on the same port awaits it) and its data folder is gone. */
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          // A bench's data is throwaway: 100 000 leads are 94 MB, and /tmp is not emptied between runs.
          fs.rmSync(dataDir, { recursive: true, force: true })
          resolve(undefined)
        })
        child.kill('SIGTERM')
        provider?.close()
      }),
  }
}

/**
 * `--via-caddy` on a bench's command line: Lighthouse gets the pages as a phone gets them from a deployment,
 * through Debian's Caddy (TLS and HTTP/2, deploy/Caddyfile's hop) in front of the site, instead of HTTP/1.1
 * straight from the origin. Lighthouse simulates the phone's network from the connections it saw: over
 * HTTP/1.1 each picture below the first screen gets a connection of its own (a TCP and a slow start in the
 * simulation), over HTTP/2 they share the page's, and the TLS handshake costs a round trip.
 */
export function frontFromArgs(argv = process.argv.slice(2)) {
  return { viaCaddy: argv.includes('--via-caddy'), rest: argv.filter((a) => a !== '--via-caddy') }
}

/**
 * Debian's Caddy in front of `origin`, as the tests run it (tests/caddy-tls.ts): HTTPS with its own internal
 * CA on a free port; `url` is the site through it. The CA is not installed anywhere: the bench's Chromium is
 * started with `--ignore-certificate-errors` (launchChromium in lighthouse-runs.js), and nothing else is asked
 * for over it.
 * @param {string} origin
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startCaddyFront(origin) {
  return (await testHelper('tests/caddy-tls.ts')).startCaddyTls(origin)
}

/**
 * `count` contractors from one local provider: each site's record is the demo's under its own business name, and its
 * host `site-N.test`. `fetches` counts each site's record fetches (with their times).
 * @param {number} count
 */
export async function manySites(count) {
  const demo = JSON.parse(fs.readFileSync(path.join(root, 'demo/record.json'), 'utf8'))
  /** @type {Map<string, number[]>} */
  const fetches = new Map()
  const provider = http.createServer((req, res) => {
    const id = req.url?.match(/^\/api\/paginas\/(site-\d+)$/)?.[1]
    if (!id) return void res.writeHead(404).end()
    fetches.set(id, [...(fetches.get(id) ?? []), Date.now()])
    const name = `Contractor ${id.slice(5)} Fences`
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ ...demo, dbPrincipal: { ...demo.dbPrincipal, name } }))
  })
  await new Promise((resolve) => provider.listen(0, '127.0.0.1', () => resolve(undefined)))
  const apiUrl = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (provider.address()).port}/api`
  const ids = Array.from({ length: count }, (_, i) => `site-${i + 1}`)
  const sitesFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bench-sites-')), 'sites.json')
  fs.writeFileSync(sitesFile, JSON.stringify(ids.map((id) => ({ hosts: [`${id}.test`], pageId: id, siteUrl: `https://${id}.test` }))))
  return { ids, apiUrl, sitesFile, fetches, close: () => provider.close() }
}

/**
 * GET of a path on a local server as the given host (brotli accepted, as browsers do): resolves with the status.
 * @param {number} port @param {string} host @param {string} pathname
 * @returns {Promise<number | undefined>}
 */
export const getAs = (port, host, pathname) =>
  new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent: false, headers: { host, 'accept-encoding': 'br' } }, (res) => {
        res.resume().on('end', () => resolve(res.statusCode))
      })
      .on('error', reject)
  })

export { demoRoutes } from '../demo/routes.js'
