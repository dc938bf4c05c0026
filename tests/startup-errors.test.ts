import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { openStorage } from '#server/storage/storage.server.ts'
import { freePort } from './spawn-listening.ts'
import { ensureBuilt } from './site-server.ts'

/**
 * Every start-up failure an operator can cause, on the real server (`node server/process/start.js`): exit
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

/** A path or other literal text, as it appears inside a RegExp. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

type Outcome = { code: number | null; stdout: string; stderr: string; ms: number }

/** Starts `server/process/start.js` (of `dir`: the checkout or a copy) with `env`, and waits for it to end. */
function startFailing(env: Record<string, string>, dir = root): Promise<Outcome> {
  const started = performance.now()
  const child = spawn(process.execPath, [path.join(dir, 'server/process/start.js')], {
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
    // A server that started after all is stopped, so the test fails on its exit code instead of hanging. Long: a start
    // that fails takes 5-25 s on a busy machine (seen under `npm run test:stress`), within the test's own 90 s.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
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

test('DATA_DIR that cannot be a folder (a path through a regular file: unusable for root too)', async () => {
  const file = path.join(scratch, 'a-file')
  fs.writeFileSync(file, 'not a folder')
  const dataDir = path.join(file, 'data')
  const outcome = await startFailing({ DATA_DIR: dataDir })
  expectOneLine(
    outcome,
    new RegExp(
      `^DATA_DIR ${literal(dataDir)} cannot be used \\(ENOTDIR: not a directory.*\\): set DATA_DIR to a folder the user running the server may create and write\\.$`,
    ),
  )
  // Nothing was started before the folder was checked: no record fetched, no storage opened.
  expect(outcome.stdout).toBe('')
})

test('DATA_DIR holding a leads.sqlite that is not a database', async () => {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'data-'))
  fs.writeFileSync(path.join(dataDir, 'leads.sqlite'), 'these are not the leads you are looking for '.repeat(100))
  expectOneLine(
    await startFailing({ DATA_DIR: dataDir }),
    new RegExp(
      `^Cannot open the SQLite database ${literal(dataDir)}/leads\\.sqlite \\(file is not a database\\): .*set DATA_DIR to another folder`,
    ),
  )
})

test('DATABASE_URL pointing at a closed port', async () => {
  const port = await freePort()
  const outcome = await startFailing({ DATABASE_URL: `postgres://tradesite:hunter2@127.0.0.1:${port}/tradesite` })
  expectOneLine(
    outcome,
    new RegExp(
      `^Cannot reach the PostgreSQL database in DATABASE_URL \\(postgres://tradesite:\\*\\*\\*@127\\.0\\.0\\.1:${port}/tradesite\\): .*ECONNREFUSED.*\\. Check that PostgreSQL runs there`,
    ),
  )
  expect(outcome.stderr).not.toContain('hunter2')
})

test('DATABASE_URL naming a database or a user the server does not have', async () => {
  const server = new URL(inject('postgresUrl'))
  const noDatabase = new URL(server)
  noDatabase.pathname = '/no_such_database'
  expectOneLine(
    await startFailing({ DATABASE_URL: noDatabase.toString() }),
    /^Cannot reach the PostgreSQL database in DATABASE_URL \(.*\/no_such_database\): database "no_such_database" does not exist\. Check that .*database name are right\.$/,
  )
  // The test cluster trusts every password, so a wrong password cannot be shown here; a wrong user can.
  const noUser = new URL(server)
  noUser.username = 'no_such_user'
  noUser.password = 'hunter2'
  const outcome = await startFailing({ DATABASE_URL: noUser.toString() })
  expectOneLine(
    outcome,
    /^Cannot reach the PostgreSQL database in DATABASE_URL \(postgres:\/\/no_such_user:\*\*\*@.*\): role "no_such_user" does not exist\./,
  )
  expect(outcome.stderr).not.toContain('hunter2')
})

test('DATABASE_URL at a server that accepts but never answers: given up after 5 s', async () => {
  // Reads what it is sent, says nothing; and times the process's wait, from its first connection to its last one's end
  // (the process's start before it, seconds on a busy machine, is not part of the wait).
  const connections: { at: number; closed: Promise<number> }[] = []
  const silent = net.createServer((socket) => {
    connections.push({ at: performance.now(), closed: new Promise((resolve) => socket.on('close', () => resolve(performance.now()))) })
    socket.resume()
  })
  held.push(silent)
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const { port } = silent.address() as net.AddressInfo
  const outcome = await startFailing({ DATABASE_URL: `postgres://tradesite@127.0.0.1:${port}/tradesite` })
  expectOneLine(
    outcome,
    /^Cannot reach the PostgreSQL database in DATABASE_URL \(.*\): no answer within 5 s\. Check that PostgreSQL runs there/,
  )
  const waited = Math.max(...(await Promise.all(connections.map((c) => c.closed)))) - connections[0]!.at
  expect(waited).toBeGreaterThan(4_500)
  expect(waited).toBeLessThan(15_000) // 5 s, and the timer's lateness on a busy machine
})

test.each([
  ['not JSON', '[{"hosts": ["ironwood.test"], ', /cannot be used: the file is not valid JSON: .*\. Fix the file/],
  [
    'of the wrong shape',
    JSON.stringify([
      { hosts: ['ironwood.test'], pageId: 'ironwood-1' },
      { hosts: ['https://cedar.test/'], pageId: 'cedar-2', colour: 'red' },
    ]),
    /cannot be used: site #2 \("cedar-2"\) hosts\[0\]: a host name such as www\.example\.com .*; site #2 \("cedar-2"\) colour: not a field of a site\. Fix the file/,
  ],
  ['missing', null, /cannot be used: the file cannot be read: ENOENT: no such file or directory.*\. Fix the file/],
])('SITES_FILE %s', async (_what, content, line) => {
  const file = path.join(fs.mkdtempSync(path.join(scratch, 'sites-')), 'sites.json')
  if (content !== null) fs.writeFileSync(file, content)
  const outcome = await startFailing({ SITES_FILE: file })
  expectOneLine(outcome, new RegExp(`^SITES_FILE ${literal(file)} ${line.source}`))
  expect(outcome.stdout).toBe('') // nothing started
})

const secret = `whsec_${Buffer.alloc(32, 9).toString('base64')}`
test.each([
  [
    'a malformed SMTP_URL (its password masked)',
    { SMTP_URL: 'smtp//mailer:hunter2@mail.example:587', MAIL_FROM: 'leads@agency.example' },
    /^Invalid environment configuration: SMTP_URL: a URL such as smtp:\/\/user:\*\*\*@smtp\.example\.com:587 .*\(got "smtp\/\/mailer:\*\*\*@mail\.example:587"\)\. Fix these variables/,
  ],
  [
    'lead emails without SMTP_URL',
    { LEAD_EMAIL: 'owner@acme.example' },
    /^Invalid environment configuration: LEAD_EMAIL: emails need the agency's mail server: set SMTP_URL and MAIL_FROM \(got "owner@acme\.example"\)\./,
  ],
  [
    'a webhook on this machine that OUTBOUND_ALLOW_ORIGINS does not list',
    { LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/hook', LEAD_WEBHOOK_SECRET: secret },
    /^Invalid environment configuration: LEAD_WEBHOOK_URL: 127\.0\.0\.1 is a loopback address, which the server never sends to: list http:\/\/127\.0\.0\.1:9 in OUTBOUND_ALLOW_ORIGINS if that receiver is yours \(got "http:\/\/127\.0\.0\.1:9\/hook"\)\./,
  ],
])('%s', async (_what, env, line) => {
  const outcome = await startFailing(env)
  expectOneLine(outcome, line)
  expect(outcome.stderr).not.toContain('hunter2')
})

test("a site's webhook at a private address, in SITES_FILE", async () => {
  const file = path.join(fs.mkdtempSync(path.join(scratch, 'sites-')), 'sites.json')
  fs.writeFileSync(
    file,
    JSON.stringify([{ hosts: ['acme.test'], pageId: 'acme', leads: { webhooks: [{ url: 'http://10.1.2.3/hook', secret }] } }]),
  )
  expectOneLine(
    await startFailing({ SITES_FILE: file }),
    /cannot be used: site #1 \("acme"\) leads webhooks\[0\] url: 10\.1\.2\.3 is a private address, which the server never sends to: list http:\/\/10\.1\.2\.3 in OUTBOUND_ALLOW_ORIGINS if that receiver is yours\. Fix the file/,
  )
})

test('stored webhooks without SECRETS_KEY, or with another key than the one that sealed them', async () => {
  const dataDir = fs.mkdtempSync(path.join(scratch, 'data-'))
  const storage = await openStorage({ dataDir, defaultSite: 'demo', secretsKey: 'a1'.repeat(32) })
  const entry = { hosts: ['acme.test'], pageId: 'acme', leads: { email: [], webhooks: [{ url: 'https://crm.example/hook', secret }] } }
  await storage.sites.change('all', () => ({ writes: [{ site: 'acme', after: entry, by: 'test', at: Date.now() }], result: null }))
  await storage.close()
  expectOneLine(
    await startFailing({ DATA_DIR: dataDir }),
    /^The sites in storage cannot be read: webhook secrets in storage need SECRETS_KEY: 32 random bytes as hex or base64/,
  )
  const outcome = await startFailing({ DATA_DIR: dataDir, SECRETS_KEY: 'b2'.repeat(32) })
  expectOneLine(
    outcome,
    /^The sites in storage cannot be read: webhook secrets in storage were sealed with key [\da-f]{8}, and SECRETS_KEY is key [\da-f]{8}/,
  )
  expect(outcome.stderr).not.toContain('b2b2')
})

test('no build, and no right to make one: said before the build tool runs', async () => {
  // A copy of the server with no build, where "build" cannot become a folder (for root too): a file holds its name.
  const copy = fs.mkdtempSync(path.join(scratch, 'checkout-'))
  fs.cpSync(path.join(root, 'server'), path.join(copy, 'server'), { recursive: true })
  fs.copyFileSync(path.join(root, 'package.json'), path.join(copy, 'package.json'))
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'))
  fs.writeFileSync(path.join(copy, 'build'), '')
  const outcome = await startFailing({}, copy)
  expectOneLine(
    outcome,
    new RegExp(
      `^There is no build in ${literal(copy)} and this user cannot make one \\(EEXIST: file already exists.*\\): run npm run build as a user who may write ${literal(copy)}/build, then start again\\.$`,
    ),
  )
  expect(outcome.stdout).toBe('') // the build tool never ran
})
