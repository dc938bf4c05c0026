import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')

/** Builds the production site once when no build exists (npm test builds before running the suite). */
export function ensureBuilt() {
  if (fs.existsSync(path.join(root, 'build/server/index.js'))) return
  const built = spawnSync(process.execPath, ['node_modules/@react-router/dev/bin.js', 'build'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' }, // Vitest sets NODE_ENV=test, which would build a development bundle
  })
  if (built.status !== 0) throw new Error('the site did not build')
}

/** Starts the real production server (`node server/start.js`) on a free port with the given environment. */
export async function startSite(env: Record<string, string>, dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-'))) {
  const child = spawn(process.execPath, ['server/start.js'], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`site did not start:\n${output}`)), 30_000)
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
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}
