import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { buildAll, staleReason } from '#server/process/ensure-build.js'
import { PG_OVERLAP } from './pg-overlap.ts'

const root = path.resolve(import.meta.dirname, '..')

/**
 * Builds the production site once when there is none or the sources changed since (npm test builds
 * before running the suite), so the servers a test starts find it fresh and never rebuild it side by side.
 */
export function ensureBuilt() {
  if (!staleReason(root)) return
  const built = buildAll(root, {
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' }, // Vitest sets NODE_ENV=test, which would build a development bundle
  })
  if (built.status !== 0) throw new Error('the site did not build')
}

const withoutNodeEnv = ({ NODE_ENV: _set, ...rest }: NodeJS.ProcessEnv) => rest

/**
 * Starts the real production server (`node server/process/start.js`) on a free port with the given environment;
 * `openFiles`: its limit on open file descriptors (soft and hard, so Node cannot raise it), set by util-linux's prlimit.
 */
export async function startSite(
  env: Record<string, string>,
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-')),
  { openFiles }: { openFiles?: number } = {},
) {
  const command = [process.execPath, 'server/process/start.js']
  if (openFiles) command.unshift('prlimit', `--nofile=${openFiles}:${openFiles}`, '--')
  const child = spawn(command[0]!, command.slice(1), {
    cwd: root,
    // No drain by default: stop() is a test's teardown, not a rolling restart (graceful-restart.test.ts drains).
    // Without Vitest's NODE_ENV=test, as `npm start` runs it: the production start sets NODE_ENV=production itself.
    env: { ...withoutNodeEnv(process.env), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DRAIN_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let stdout = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  // 'close', not 'exit': by then stdout is read to its end, so logLines() holds the process's last lines.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)))
  const url = await new Promise<string>((resolve, reject) => {
    // Generous: a start reads the build and each site's record, and on a busy machine (`npm run test:stress`) that is
    // ten times slower than alone; a hook's own bound (120 s) still ends a start that hangs.
    const timer = setTimeout(() => reject(new Error(`site did not start:\n${output}`)), 60_000)
    child.stdout.on('data', () => {
      const match = output.match(/listening on (http:\/\/localhost:\d+)/)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!.replace('localhost', '127.0.0.1'))
      }
    })
    child.on('exit', (code) => reject(new Error(`site exited (${code}):\n${output}`)))
  })
  return {
    url,
    dataDir,
    pid: child.pid!,
    output: () => output,
    /** Every complete line the server wrote to stdout, parsed (a line that is not JSON throws). */
    logLines: () =>
      stdout
        .split('\n')
        .slice(0, -1)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
    /** The metrics listener's URL, once it has said where it listens (METRICS_PORT set). */
    metricsUrl: () => output.match(/metrics listening on (http:\/\/[^/\s"]+)/)?.[1],
    /** Sends a signal (SIGTERM drains, SIGHUP reloads the sites file). */
    signal: (name: NodeJS.Signals) => child.kill(name),
    /** The exit code once the process has ended (null after a signal it did not handle). */
    exited,
    /** The server's resident memory now, from /proc. */
    rssMb: () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? NaN) / 1024,
    /** Ends the server at once, as a crash or an OOM kill would: no shutdown code runs. */
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGKILL')
      }),
    get: (p: string, init?: RequestInit) => fetch(url + p, { redirect: 'manual', ...init }),
    /** A request to one host name, as a browser or a proxy sends it (fetch may not set Host), on a connection of its own. */
    request: (host: string, pathname: string, options: RequestOptions = {}) => requestAs(url, host, pathname, options),
    /** Ends the server as SIGTERM does; rejects when it wrote pg's notice of overlapping queries on one client (tests/setup.ts). */
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('close', () => resolve())
        child.kill('SIGTERM')
      }).then(() => {
        if (PG_OVERLAP.test(output)) throw new Error(`the server sent a pg client a query while it was busy:\n${output}`)
      }),
  }
}

export type RequestOptions = { method?: string; body?: string; headers?: Record<string, string> }

/** A request to `baseUrl` under the host name `host` (fetch may not set Host), on a connection of its own. */
export function requestAs(baseUrl: string, host: string, pathname: string, options: RequestOptions = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; text: string }>((resolve, reject) => {
    const req = http.request(
      baseUrl + pathname,
      { agent: false, method: options.method ?? 'GET', headers: { Host: host, ...options.headers } },
      (res) => {
        let text = ''
        res.setEncoding('utf8').on('data', (d) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }))
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}
