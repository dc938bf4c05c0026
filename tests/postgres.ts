import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from './spawn-listening.ts'

/**
 * A throwaway PostgreSQL for the test run: initdb into a new temporary directory on a free port,
 * stopped and removed at the end. The directory is the system's (os.tmpdir()), not the checkout's,
 * so the cluster's user can reach it from a clone in any private folder. Uses the machine's
 * PostgreSQL binaries (Debian: `apt-get install postgresql`, which .ci/run does);
 * TEST_DATABASE_URL points the tests at an existing server instead.
 */

const MISSING =
  'The storage tests need PostgreSQL. Install it (Debian/Ubuntu: `sudo apt-get install -y postgresql`; .ci/run does) or set TEST_DATABASE_URL to a server where the tests may create databases.'

function binDir(): string | null {
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : []
  const candidates = [process.env.PG_BIN, ...versions.map((v) => `/usr/lib/postgresql/${v}/bin`)]
  return candidates.find((dir) => dir && fs.existsSync(path.join(dir, 'initdb'))) ?? null
}

/** PostgreSQL refuses to run as root (CI runs as root): then the cluster belongs to the `postgres` user. */
function asUser(): { run: (cmd: string, args: string[]) => void; chown: (dir: string) => void } {
  const root = process.getuid?.() === 0
  const user = 'postgres'
  const run = (cmd: string, args: string[]) =>
    void execFileSync(root ? 'runuser' : cmd, root ? ['-u', user, '--', cmd, ...args] : args, { stdio: ['ignore', 'pipe', 'pipe'] })
  const chown = (dir: string) => {
    if (root) execFileSync('chown', ['-R', `${user}:`, dir])
  }
  return { run, chown }
}

/** Clusters live in os.tmpdir() as `tradesite-postgres-{pid of the test run}-{random}`. */
const CLUSTER_PREFIX = 'tradesite-postgres-'

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/** Clusters left by a test run that was killed: stopped and removed. */
function removeStale(tmp: string, bin: string, user: ReturnType<typeof asUser>) {
  for (const name of fs.readdirSync(tmp)) {
    const pid = name.startsWith(CLUSTER_PREFIX) ? Number(/^(\d+)-/.exec(name.slice(CLUSTER_PREFIX.length))?.[1]) : 0
    if (!pid || isAlive(pid)) continue
    const dir = path.join(tmp, name)
    if (fs.existsSync(path.join(dir, 'postmaster.pid'))) {
      try {
        user.run(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop'])
      } catch {
        // already gone
      }
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** A test cluster: its URL, `stop()` at the end (stopped and removed); `halt()` and `resume()` stop and start it in between, as a database restart. */
export interface TestPostgres {
  url: string
  stop: () => void
  halt: () => void
  resume: () => void
}

export async function startPostgres(): Promise<TestPostgres> {
  if (process.env.TEST_DATABASE_URL) {
    const external = () => {
      throw new Error('TEST_DATABASE_URL names a server the tests do not own: it cannot be stopped and started')
    }
    return { url: process.env.TEST_DATABASE_URL, stop: () => {}, halt: external, resume: external }
  }
  const bin = binDir()
  if (!bin) throw new Error(MISSING)
  const user = asUser()
  const tmp = os.tmpdir()
  removeStale(tmp, bin, user)
  const dir = fs.mkdtempSync(path.join(tmp, `${CLUSTER_PREFIX}${process.pid}-`)) // mode 0700, then the cluster user's
  user.chown(dir)
  const port = Number(process.env.TEST_PG_PORT) || (await freePort())
  // Durability off: a test cluster trades it for speed.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`
  const start = () =>
    user.run(path.join(bin, 'pg_ctl'), ['-D', dir, '-l', path.join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start'])
  const halt = () => user.run(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop'])
  try {
    user.run(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--no-instructions'])
    start()
  } catch (e) {
    const stderr = (e as { stderr?: Buffer }).stderr?.toString() ?? ''
    throw new Error(`Could not start a test PostgreSQL in ${dir}: ${stderr || String(e)}`, { cause: e })
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    halt,
    resume: start,
    stop() {
      try {
        // A cluster a test halted and did not resume is stopped already.
        if (fs.existsSync(path.join(dir, 'postmaster.pid')))
          user.run(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'immediate', '-w', 'stop'])
      } finally {
        fs.rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}

let counter = 0

/** A new, empty database on the test server; answers its URL. */
export async function freshDatabase(serverUrl: string): Promise<string> {
  const name = `t_${process.pid}_${Date.now().toString(36)}_${counter++}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}
