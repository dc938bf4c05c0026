import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { openSqliteStorage } from '../storage/sqlite-storage.server.ts'
import type { Storage } from '../storage/storage-contract.server.ts'
import { consoleConfig } from './console-config.server.ts'
import { ABSOLUTE_MS, endSession, IDLE_MS, signedIn, startSession } from './sessions.server.ts'
import { hashToken } from './tokens.server.ts'

/** Sessions over the real SQLite storage, with the clock in the test's hand. */

const T0 = Date.UTC(2026, 4, 4, 8)
const HOUR = 3600 * 1000
let dir: string
let storage: Storage
let now: number

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-sessions-'))
  storage = openSqliteStorage(dir, 'acme')
  now = T0
  await storage.console.createInvitation({
    tokenHash: 'invite',
    email: 'ana@agency.example',
    role: 'staff',
    sites: [],
    invitedBy: 'the command line',
    createdAt: T0,
    expiresAt: T0 + 24 * HOUR,
    usedAt: null,
  })
  const passkey = { id: 'cred', publicKey: new Uint8Array([1]), counter: 0, transports: [], name: 'Laptop', createdAt: T0 }
  await storage.console.acceptInvitation('invite', T0, 'person-1', passkey)
})
afterEach(async () => {
  await storage.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const ctx = (url = 'http://localhost:4000') => ({
  store: storage.console,
  config: consoleConfig({ CONSOLE_URL: url, CONSOLE_PORT: 4000, CONSOLE_RATE_LIMIT: 20 })!,
  now: () => now,
})
const request = (cookie?: string) => new Request('http://localhost:4000/sites', { headers: cookie ? { cookie } : {} })
/** The cookie a browser sends back from a Set-Cookie header. */
const sent = (setCookie: string) => setCookie.split(';')[0]!

describe('the session cookie', () => {
  test('on https: __Host- prefixed, Secure, HttpOnly, SameSite=Strict, Path=/, no Domain', async () => {
    const header = await startSession(ctx('https://console.agency.example'), request(), 'person-1', 'cred')
    expect(header).toMatch(/^__Host-tradesite-console=[\w-]{43}; /)
    const attributes = header.split('; ').slice(1)
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict', 'Secure', `Max-Age=${ABSOLUTE_MS / 1000}`]))
    expect(header).not.toMatch(/Domain=/i)
  })

  test('on http://localhost: neither Secure nor __Host- (a browser would refuse both there), still HttpOnly and Strict', async () => {
    const header = await startSession(ctx(), request(), 'person-1', 'cred')
    expect(header).toMatch(/^tradesite-console=/)
    expect(header).not.toMatch(/Secure/)
    expect(header).toMatch(/HttpOnly; SameSite=Strict/)
  })

  test('only its hash is stored: the table holds no token a thief could send', async () => {
    const cookie = sent(await startSession(ctx(), request(), 'person-1', 'cred'))
    const token = cookie.split('=')[1]!
    expect(await storage.console.session(token)).toBeUndefined()
    expect(await storage.console.session(hashToken(token))).toMatchObject({ personId: 'person-1', passkeyId: 'cred' })
  })
})

describe('a session', () => {
  test('is renewed at sign-in: the id the browser had before ends, a new one begins', async () => {
    const first = sent(await startSession(ctx(), request(), 'person-1', 'cred'))
    const second = sent(await startSession(ctx(), request(first), 'person-1', 'cred'))
    expect(second).not.toBe(first)
    expect(await signedIn(ctx(), request(first))).toBeNull()
    expect((await signedIn(ctx(), request(second)))?.person.email).toBe('ana@agency.example')
  })

  test('ends after 12 hours unused, and is gone from storage', async () => {
    const cookie = sent(await startSession(ctx(), request(), 'person-1', 'cred'))
    now = T0 + IDLE_MS - 1
    expect(await signedIn(ctx(), request(cookie))).not.toBeNull() // seen: the idle clock starts again
    now = T0 + 2 * IDLE_MS - 2
    expect(await signedIn(ctx(), request(cookie))).not.toBeNull()
    now += IDLE_MS
    expect(await signedIn(ctx(), request(cookie))).toBeNull()
    expect(await storage.console.sessions('person-1')).toEqual([])
  })

  test('ends 7 days after its sign-in however busy', async () => {
    const cookie = sent(await startSession(ctx(), request(), 'person-1', 'cred'))
    for (now = T0; now < T0 + ABSOLUTE_MS; now += 6 * HOUR) expect(await signedIn(ctx(), request(cookie))).not.toBeNull()
    now = T0 + ABSOLUTE_MS
    expect(await signedIn(ctx(), request(cookie))).toBeNull()
  })

  test('signing out ends it in storage and clears the cookie; a revoked person is signed out at once', async () => {
    const cookie = sent(await startSession(ctx(), request(), 'person-1', 'cred'))
    expect(await endSession(ctx(), request(cookie))).toMatch(/^tradesite-console=; Path=\/; HttpOnly; SameSite=Strict; Max-Age=0/)
    expect(await signedIn(ctx(), request(cookie))).toBeNull()

    const again = sent(await startSession(ctx(), request(), 'person-1', 'cred'))
    await storage.console.deletePerson('person-1')
    expect(await signedIn(ctx(), request(again))).toBeNull()
  })

  test('a made-up or malformed cookie is nobody', async () => {
    expect(await signedIn(ctx(), request('tradesite-console=' + 'a'.repeat(43)))).toBeNull()
    expect(await signedIn(ctx(), request('tradesite-console='))).toBeNull()
    expect(await signedIn(ctx(), request('other=1; tradesite-consolex=abc'))).toBeNull()
  })
})
