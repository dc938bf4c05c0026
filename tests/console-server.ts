import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startFakeProvider } from './fake-provider.ts'
import { startFakeRelay } from './fake-relay.ts'
import { freePort } from './spawn-listening.ts'
import { requestAs, startSite, type RequestOptions } from './site-server.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import type { ConsoleStorage, Role } from '#server/storage/console-storage.ts'
import { hashToken, newToken } from '#server/console/tokens.server.ts'
import { parseEnv } from '#server/config/env.server.ts'
import { createSiteRegistry } from '#server/sites/site-registry.server.ts'

/**
 * The console's test world (issue 35): the production server with two contractors' sites (Acme Fence on
 * acme.test, Birch Decks on birch.test, each its own provider and relay) and the console on a port of its
 * own, with the storage opened beside it so a test can make people, sessions and invitations directly.
 */

const contractor = (name: string, relayUrl: string) => ({
  dbPrincipal: { name, emails: [{ email: `owner@${name.split(' ')[0]!.toLowerCase()}.example` }] },
  dbServices: [{ name: 'Wood Fence' }, { name: 'Decks' }],
  labels: { formLabel: { tcheckphone: 'Phone call', tcheckcorreo: 'Email', isenglish: true } },
  linkPostEmail: relayUrl,
})

/** Acme's contractor works in Los Angeles; Birch keeps the default, UTC. */
export const ACME_TIME_ZONE = 'America/Los_Angeles'
export const SITES = { acme: { host: 'acme.test', name: 'Acme Fence' }, birch: { host: 'birch.test', name: 'Birch Decks' } } as const

/**
 * A person with the given access, made and signed in as an invitation and a passkey would (the ceremony itself
 * is the browser tests'): their session's token, which the console's cookie carries.
 */
export async function signedInSession(store: ConsoleStorage, email: string, role: Role, sites: string[] = []) {
  const tokenHash = hashToken(newToken())
  const now = Date.now()
  await store.createInvitation({ tokenHash, email, role, sites, invitedBy: 'test', createdAt: now, expiresAt: now + 60_000, usedAt: null })
  const passkey = {
    id: Buffer.from(`cred-${email}`).toString('base64url'),
    publicKey: new Uint8Array([1]),
    counter: 0,
    transports: [],
    name: 'Test key',
    createdAt: now,
  }
  const person = (await store.acceptInvitation(tokenHash, now, `id-${email}`, passkey))!
  const token = newToken()
  await store.createSession({ idHash: hashToken(token), personId: person.id, passkeyId: passkey.id, createdAt: now, lastSeenAt: now })
  return { person, token }
}

/** The key the console world's stored webhook secrets are sealed with. */
export const WORLD_SECRETS_KEY = 'c3'.repeat(32)

/**
 * `sitesInStorage`: the two sites in the registry (as if added in the console: webhooks can be added), not SITES_FILE;
 * `allowOrigins`: receivers on this machine the sites may post to, besides the relays (a CRM's webhook).
 */
export async function startConsoleWorld(
  env: Record<string, string> = {},
  { sitesInStorage = false, allowOrigins = [] }: { sitesInStorage?: boolean; allowOrigins?: string[] } = {},
) {
  const relays = [await startFakeRelay(), await startFakeRelay()]
  const providers = [
    await startFakeProvider({ kind: 'ok', record: contractor(SITES.acme.name, relays[0]!.url) }),
    await startFakeProvider({ kind: 'ok', record: contractor(SITES.birch.name, relays[1]!.url) }),
  ]
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'console-'))
  const sitesFile = path.join(dataDir, 'sites.json')
  const entries = [
    {
      hosts: [SITES.acme.host],
      pageId: 'acme',
      siteUrl: `http://${SITES.acme.host}`,
      pageApiUrl: providers[0]!.url,
      timeZone: ACME_TIME_ZONE,
    },
    { hosts: [SITES.birch.host], pageId: 'birch', siteUrl: `http://${SITES.birch.host}`, pageApiUrl: providers[1]!.url },
  ]
  fs.writeFileSync(sitesFile, JSON.stringify(entries))
  const storage = await openStorage({ databaseUrl: env.DATABASE_URL, dataDir, defaultSite: 'acme', secretsKey: WORLD_SECRETS_KEY })
  if (sitesInStorage)
    await createSiteRegistry({ env: parseEnv({ DATA_DIR: dataDir }), sites: storage.sites, activity: storage.console }).import(
      entries,
      'test',
    )
  const consolePort = await freePort()
  const consoleUrl = `http://localhost:${consolePort}`
  const site = await startSite(
    {
      ...(sitesInStorage ? { SECRETS_KEY: WORLD_SECRETS_KEY } : { SITES_FILE: sitesFile }),
      PAGE_API_URL: providers[0]!.url,
      OUTBOUND_ALLOW_ORIGINS: [...relays.map((relay) => relay.url), ...allowOrigins].join(','),
      CONSOLE_PORT: String(consolePort),
      CONSOLE_URL: consoleUrl,
      ...env,
    },
    dataDir,
  )

  /** A person with the given access, signed in: the cookie their browser would send (on http://localhost). */
  async function signedInPerson(email: string, role: Role, sites: string[] = []) {
    const { person, token } = await signedInSession(storage.console, email, role, sites)
    return { person, cookie: `tradesite-console=${token}` }
  }

  /** An invitation link for `email`, as `npm run console -- invite` prints it; `expiresAt` to make a stale one. */
  async function invitationLink(email: string, role: Role, sites: string[] = [], expiresAt = Date.now() + 24 * 3600 * 1000) {
    const token = newToken()
    const now = Date.now()
    await storage.console.createInvitation({
      tokenHash: hashToken(token),
      email,
      role,
      sites,
      invitedBy: 'test',
      createdAt: now,
      expiresAt,
      usedAt: null,
    })
    return { token, url: `${consoleUrl}/invitations/${token}` }
  }

  /** A request to the console's port, as a browser sends it (under the console's host name unless `host` says another). */
  const consoleRequest = (pathname: string, options: RequestOptions & { host?: string } = {}) =>
    requestAs(`http://127.0.0.1:${consolePort}`, options.host ?? `localhost:${consolePort}`, pathname, options)

  /** An estimate request posted on a site's contact page, as a visitor's browser does. */
  function postLead(host: string, fields: Record<string, string>) {
    const body = new URLSearchParams({ contactWays: 'phone', ...fields }).toString()
    return site.request(host, '/contact', {
      method: 'POST',
      body,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: `http://${host}`, 'Sec-Fetch-Site': 'same-origin' },
    })
  }

  return {
    site,
    storage,
    consoleUrl,
    consolePort,
    relays,
    signedInPerson,
    invitationLink,
    consoleRequest,
    postLead,
    async stop() {
      await storage.close()
      await site.stop()
      for (const p of providers) await p.close()
      for (const r of relays) await r.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
