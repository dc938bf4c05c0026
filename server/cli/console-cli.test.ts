import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { main } from './console-cli.ts'
import { openSqliteStorage } from '../storage/sqlite-storage.server.ts'
import { hashToken } from '../console/tokens.server.ts'

/** `npm run console`: invitations, the list of people, revocation, over the server's own storage (SQLite here). */

let dir: string
let env: Record<string, string>
let out: string
let err: string
const run = (...argv: string[]) => main(argv, env, (s) => void (out += s))

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-cli-'))
  const sites = path.join(dir, 'sites.json')
  fs.writeFileSync(
    sites,
    JSON.stringify([
      { hosts: ['acme.example'], pageId: 'acme' },
      { hosts: ['birch.example'], pageId: 'birch' },
    ]),
  )
  env = { DATA_DIR: dir, SITES_FILE: sites, CONSOLE_URL: 'https://console.agency.example' }
  out = ''
  err = ''
  vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

test('invite prints a single-use link on CONSOLE_URL, valid 24 hours, stored only as its hash', async () => {
  expect(await run('invite', 'Ana@Agency.example', '--role', 'contractor', '--site', 'acme', '--site=birch')).toBe(0)
  const url = /https:\/\/console\.agency\.example\/invitations\/([\w-]{43})\n/.exec(out)
  expect(url, out).not.toBeNull()
  expect(out).toMatch(/^Invitation for ana@agency\.example: .*works once, until \d{4}-\d\d-\d\d \d\d:\d\d UTC/)
  const storage = openSqliteStorage(dir, 'acme')
  try {
    const invitation = await storage.console.invitationByHash(hashToken(url![1]!))
    expect(invitation).toMatchObject({ email: 'ana@agency.example', role: 'contractor', sites: ['acme', 'birch'], usedAt: null })
    expect(invitation!.expiresAt - invitation!.createdAt).toBe(24 * 3600 * 1000)
    expect(await storage.console.activity({ limit: 5 })).toMatchObject([
      { email: 'the command line', action: 'invited', detail: 'ana@agency.example as contractor of acme, birch' },
    ])
  } finally {
    await storage.close()
  }
})

test('a wrong invitation says what is wrong and exits 2: unknown site, contractor without a site, admin with one, bad address', async () => {
  expect(await run('invite', 'a@x.example', '--role', 'contractor', '--site', 'acme,nope')).toBe(2)
  expect(err).toMatch(/no site "nope": the sites are acme, birch/)
  expect(await run('invite', 'a@x.example', '--role', 'contractor')).toBe(2)
  expect(err).toMatch(/a contractor sees only their own sites: name at least one/)
  expect(await run('invite', 'a@x.example', '--role', 'admin', '--site', 'acme')).toBe(2)
  expect(err).toMatch(/admins see every site: name no site/)
  expect(await run('invite', 'not-an-address', '--role', 'staff')).toBe(2)
  expect(err).toMatch(/"not-an-address" is not an email address/)
  expect(await run('invite', 'a@x.example', '--role', 'owner')).toBe(2)
  expect(err).toMatch(/the role is admin, staff or contractor, not "owner"/)
  expect(out).toBe('')
})

test('invite needs the console’s address; usage errors print the usage', async () => {
  delete env.CONSOLE_URL
  expect(await run('invite', 'a@x.example', '--role', 'staff')).toBe(2)
  expect(err).toMatch(/Set CONSOLE_URL/)
  err = ''
  expect(await run('invite', 'a@x.example')).toBe(2)
  expect(err).toMatch(/invite needs --role[\s\S]*usage: npm run console -- invite/)
  expect(await run('frobnicate')).toBe(2)
  expect(await run('users', '--role', 'admin')).toBe(2)
})

test('users lists who may sign in; revoke ends their sessions and removes their passkeys, keeping their activity', async () => {
  expect(await run('users')).toBe(0)
  expect(out).toMatch(/Nobody may sign in yet/)
  const storage = openSqliteStorage(dir, 'acme')
  try {
    const store = storage.console
    await store.createInvitation({
      tokenHash: 'h',
      email: 'bo@agency.example',
      role: 'staff',
      sites: [],
      invitedBy: 'x',
      createdAt: Date.now(),
      expiresAt: Date.now() + 1000_000,
      usedAt: null,
    })
    await store.acceptInvitation('h', Date.now(), 'p1', {
      id: 'c1',
      publicKey: new Uint8Array([1]),
      counter: 0,
      transports: [],
      name: 'Laptop',
      createdAt: 0,
    })
    await store.createSession({ idHash: 's1', personId: 'p1', passkeyId: 'c1', createdAt: Date.now(), lastSeenAt: Date.now() })
    out = ''
    expect(await run('users')).toBe(0)
    expect(out).toMatch(/^Email\s+Access\s+Passkeys\s+Sessions\s+Last seen\n/)
    expect(out).toMatch(/bo@agency\.example\s+staff\s+1\s+1\s+\d{4}-/)

    out = ''
    expect(await run('revoke', 'BO@agency.example')).toBe(0)
    expect(out).toMatch(/Revoked bo@agency\.example: 1 session\(s\) ended, 1 passkey\(s\) removed/)
    expect(await store.session('s1')).toBeUndefined()
    expect(await store.passkeyById('c1')).toBeUndefined()
    expect((await store.activity({ limit: 5 }))[0]).toMatchObject({
      email: 'the command line',
      action: 'revoked',
      detail: 'bo@agency.example',
    })
    expect(await run('revoke', 'bo@agency.example')).toBe(1)
    expect(err).toMatch(/No person bo@agency\.example may sign in/)

    // An invitation still open is listed, and a revoke ends it: its link would let a leaver back in.
    expect(await run('invite', 'bo@agency.example', '--role', 'staff')).toBe(0)
    out = ''
    expect(await run('users')).toBe(0)
    expect(out).toMatch(/Open invitations \(1; .*\):\n {2}bo@agency\.example {2}staff {2}by the command line, until \d{4}-/)
    out = ''
    expect(await run('revoke', 'bo@agency.example')).toBe(0)
    expect(out).toBe('bo@agency.example had no access; 1 open invitation(s) ended.\n')
    expect(await store.openInvitations(Date.now())).toEqual([])
    expect((await store.activity({ limit: 1 }))[0]).toMatchObject({ action: 'ended-invitation', detail: 'bo@agency.example' })
  } finally {
    await storage.close()
  }
})

test('token create prints the token alone on its last line, stores only its hash, and token end stops it', async () => {
  expect(await run('token', 'create', '--name', 'crm-sync', '--role', 'contractor', '--site', 'acme')).toBe(0)
  const token = out.trimEnd().split('\n').at(-1)!
  expect(token).toMatch(/^tsapi_[\w-]{43}$/)
  const storage = openSqliteStorage(dir, 'acme')
  try {
    const stored = await storage.tokens.byHash(hashToken(token))
    expect(stored).toMatchObject({ name: 'crm-sync', role: 'contractor', sites: ['acme'], createdBy: 'the command line' })
    expect(JSON.stringify(await storage.tokens.list())).not.toContain(token)
  } finally {
    await storage.close()
  }
  expect(await run('token', 'create', '--name', 'crm-sync', '--role', 'admin')).toBe(2)
  expect(err).toContain('a token named "crm-sync" exists already')
  expect(await run('token', 'create', '--name', 'x', '--role', 'contractor', '--site', 'nowhere')).toBe(2)
  out = ''
  expect(await run('token', 'list')).toBe(0)
  expect(out).toMatch(/^crm-sync {2}contractor/)
  expect(await run('token', 'end', '--name', 'crm-sync')).toBe(0)
  expect(await run('token', 'end', '--name', 'crm-sync')).toBe(1)
})
