import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ensureBuilt } from './site-server.ts'

/**
 * Every start-up failure an operator can cause, on the real server (`node server/start.js`): exit
 * code 1 and one line on stderr saying what is wrong and what to do, never a stack trace; stdout
 * keeps only JSON log lines.
 */

const root = path.resolve(import.meta.dirname, '..')
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'startup-errors-'))
/** Whatever a test opened that must not outlive the file (a port held, a silent database). */
const held: net.Server[] = []

beforeAll(() => ensureBuilt(), 120_000)
afterAll(async () => {
  for (const server of held) await new Promise((resolve) => server.close(resolve))
  fs.rmSync(scratch, { recursive: true, force: true })
})

type Outcome = { code: number | null; stdout: string; stderr: string; ms: number }

/** Starts `server/start.js` (of `dir`: the checkout or a copy) with `env`, and waits for it to end. */
function startFailing(env: Record<string, string>, dir = root): Promise<Outcome> {
  const started = performance.now()
  const child = spawn(process.execPath, [path.join(dir, 'server/start.js')], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(scratch, 'data-')),
      DRAIN_SECONDS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  return new Promise((resolve, reject) => {
    // A server that started after all is stopped, so the test fails on its exit code instead of hanging.
    const timer = setTimeout(() => child.kill('SIGKILL'), 25_000)
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr, ms: performance.now() - started })
    })
  })
}

/** Exit code 1, one line on stderr (`tradesite did not start: …`), no stack trace anywhere, stdout still JSON lines. */
function expectOneLine(outcome: Outcome, line: RegExp) {
  const output = `${outcome.stdout}\n${outcome.stderr}`
  expect(output).not.toMatch(/^\s+at /m)
  expect(output).not.toMatch(/Unhandled|node:internal|Node\.js v\d/)
  expect(outcome.stderr.split('\n').filter(Boolean)).toEqual([expect.stringMatching(/^tradesite did not start: /)])
  expect(outcome.stderr.trim().slice('tradesite did not start: '.length)).toMatch(line)
  for (const text of outcome.stdout.split('\n').filter(Boolean)) expect(() => JSON.parse(text)).not.toThrow()
  expect(outcome.code).toBe(1)
}

/** A port something else holds. */
async function takenPort(): Promise<number> {
  const server = net.createServer()
  held.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return (server.address() as net.AddressInfo).port
}

test('PORT already in use', async () => {
  const port = await takenPort()
  expectOneLine(
    await startFailing({ PORT: String(port) }),
    new RegExp(`^Port ${port} is already in use on 127\\.0\\.0\\.1: stop the other process or set PORT to a free port\\.$`),
  )
})

test('METRICS_PORT already in use', async () => {
  const port = await takenPort()
  expectOneLine(
    await startFailing({ METRICS_PORT: String(port) }),
    new RegExp(`^Port ${port} is already in use on 127\\.0\\.0\\.1: stop the other process or set METRICS_PORT to a free port\\.$`),
  )
})

test('HOST that is not an address of this machine', async () => {
  expectOneLine(
    await startFailing({ HOST: '192.0.2.1' }), // TEST-NET-1: never a local address
    /^HOST 192\.0\.2\.1 is not an address of this machine: set HOST to one of its addresses, or 0\.0\.0\.0 for all of them\.$/,
  )
})

test('a wrong variable', async () => {
  expectOneLine(
    await startFailing({ PORT: 'abc', RECORD_MAX_MB: '0' }),
    /^Invalid environment configuration: PORT: .*\(got "abc"\); RECORD_MAX_MB: .*\(got "0"\)\. Fix these variables/,
  )
})
