import { Ajv2020 } from 'ajv/dist/2020.js'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { OPENAPI } from '#server/console/openapi.server.ts'
import { createApiToken } from '#server/console/api-tokens.server.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import type { Storage } from '#server/storage/storage-contract.server.ts'
import { startFakeProvider } from './fake-provider.ts'
import { startFakeSmtp, type FakeSmtp } from './fake-smtp.ts'
import { startFakeWebhook, type FakeWebhook } from './fake-webhook.ts'
import pg from 'pg'
import { validForm } from './lead-fixtures.ts'
import { freshDatabase } from './postgres.ts'
import { freePort } from './spawn-listening.ts'
import { ensureBuilt, startSite } from './site-server.ts'
import { signedInSession } from './console-server.ts'
import { formValues } from '#server/console/site-forms.server.ts'
import type { SiteEntry } from '#server/sites/site-config.server.ts'
import { CANCELLED_BY_ERASURE } from '#server/storage/lead-rows.server.ts'

/**
 * Sites managed without a shell (issue 42): two origins on one PostgreSQL, no SITES_FILE. A site added, changed and
 * removed through origin 1's API is served, rerouted and dropped by origin 2 within seconds; tokens carry a
 * person's role and sites; every answer is checked against the API's own OpenAPI description.
 */

type Site = Awaited<ReturnType<typeof startSite>>
const origins: (Site & { api: string })[] = []
let storage: Storage
let smtp: FakeSmtp
let provider: Awaited<ReturnType<typeof startFakeProvider>>
let crm: FakeWebhook
let databaseUrl: string
const tokens: Record<'admin' | 'staff' | 'acme', string> = { admin: '', staff: '', acme: '' }

const record = {
  dbPrincipal: { name: 'Acme Fence', emails: [{ email: 'owner@acme.example' }] },
  dbServices: [{ name: 'Wood Fence' }, { name: 'Decks' }],
  labels: { formLabel: { tcheckphone: 'Phone call', tcheckcorreo: 'Email', isenglish: true } },
}

// Every answer's body is checked against the schema the description gives for its path, method and status.
const ajv = new Ajv2020({ strict: false, validateFormats: false })
ajv.addSchema(OPENAPI, 'api')
type Paths = Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: { $ref: string } }> }> }>>
function described(path: string, method: string, status: number, body: unknown) {
  const answer = (OPENAPI.paths as unknown as Paths)[path]?.[method]?.responses[status]
  expect(answer, `${method} ${path} ${status} is described`).toBeDefined()
  const ref = answer!.content?.['application/json']?.schema.$ref
  if (!ref) return
  const validate = ajv.getSchema(`api${ref}`)!
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true)
}

async function api(
  origin: number,
  method: string,
  path: string,
  { token = tokens.admin, body, type = 'application/json' }: { token?: string; body?: unknown; type?: string } = {},
) {
  const response = await fetch(`${origins[origin]!.api}/api/v1${path}`, {
    method,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { 'Content-Type': type } : {}) },
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await response.text()
  const json = text ? (JSON.parse(text) as Record<string, unknown>) : null
  const template = path
    .replace(/^\/sites\/[^/?]+/, '/sites/{id}')
    .replace(/\/webhooks\/[^/]+\//, '/webhooks/{index}/')
    .replace(/\?.*$/, '')
  described(template, method.toLowerCase(), response.status, json)
  return { status: response.status, json: json as any } // eslint-disable-line @typescript-eslint/no-explicit-any
}

const page = (origin: number, host: string) => origins[origin]!.request(host, '/')
const reloaded = (origin: number, kind: 'added' | 'changed' | 'removed', id: string) =>
  origins[origin]!.logLines().some((l) => l.event === 'sites.reloaded' && (l[kind] as string[]).includes(id))

beforeAll(async () => {
  ensureBuilt()
  databaseUrl = await freshDatabase(inject('postgresUrl'))
  smtp = await startFakeSmtp()
  crm = await startFakeWebhook()
  provider = await startFakeProvider({ kind: 'ok', record })
  for (const name of ['origin-1', 'origin-2']) {
    const port = await freePort()
    const site = await startSite({
      DATABASE_URL: databaseUrl,
      ORIGIN_NAME: name,
      CONSOLE_PORT: String(port),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'leads@agency.example',
      OUTBOUND_ALLOW_ORIGINS: `${provider.url},${new URL(crm.url).origin}`,
      RECORD_TTL_SECONDS: '3600',
      SECRETS_KEY: 'a1'.repeat(32),
    })
    origins.push({ ...site, api: `http://localhost:${port}` })
  }
  storage = await openStorage({ databaseUrl, dataDir: '/nonexistent', defaultSite: 'demo' })
  const make = async (name: string, role: string, sites: string[] = []) =>
    (await createApiToken(storage.tokens, storage.console, { name, role, sites, createdBy: 'test', knownSites: ['acme'], now: Date.now() }))
      .secret
  tokens.admin = await make('agency-script', 'admin')
  tokens.staff = await make('staff-script', 'staff')
  tokens.acme = await make('acme-crm', 'contractor', ['acme'])
}, 120_000)

afterAll(async () => {
  await Promise.all(origins.map((o) => o.stop()))
  await storage?.close()
  await smtp?.close()
  await provider?.close()
  await crm?.close()
})

test('a site added through origin 1’s API is served by origin 2 within 5 s, its TLS ask at once', async () => {
  expect((await api(0, 'GET', '/sites', { token: '' })).status).toBe(401)
  expect((await api(0, 'GET', '/sites', { token: 'tsapi_wrong' })).status).toBe(401)
  const openapi = await fetch(`${origins[0]!.api}/api/v1/openapi.json`)
  expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0')

  const acme = { hosts: ['acme.test', 'WWW.acme.test'], pageId: 'acme', pageApiUrl: provider.url, leads: { email: ['first@acme.example'] } }
  const added = await api(0, 'POST', '/sites', { body: acme })
  expect(added.status).toBe(201)
  expect(added.json).toMatchObject({
    id: 'acme',
    version: 1,
    updatedBy: 'token agency-script',
    site: { hosts: ['acme.test', 'www.acme.test'] },
  })
  const start = Date.now()
  await expect.poll(async () => (await page(1, 'www.acme.test')).text, { timeout: 20_000 }).toContain('Acme Fence')
  console.info(`origin 2 served the new site ${Date.now() - start} ms after the API answered`)
  expect((await origins[1]!.get('/_tls/allowed?domain=acme.test')).status).toBe(200)
  expect((await origins[0]!.get('/_tls/allowed?domain=nobody.test')).status).toBe(404)
  expect((await api(1, 'GET', '/sites/acme')).json).toMatchObject({ id: 'acme', version: 1 })
})

test('its lead inbox changed through origin 1 receives the next lead posted to origin 2; the API lists that lead', async () => {
  const patched = await api(0, 'PATCH', '/sites/acme', {
    token: tokens.acme,
    body: { leads: { email: ['new@acme.example'] } },
    type: 'application/merge-patch+json',
  })
  expect(patched.status).toBe(200)
  expect(patched.json).toMatchObject({ version: 2, updatedBy: 'token acme-crm', site: { leads: { email: ['new@acme.example'] } } })
  await expect.poll(() => reloaded(1, 'changed', 'acme'), { timeout: 10_000 }).toBe(true)

  const body = new URLSearchParams({ ...validForm, contactWays: 'phone', service: 'Decks' }).toString()
  const posted = await origins[1]!.request('acme.test', '/contact', {
    method: 'POST',
    body,
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      'Content-Length': String(Buffer.byteLength(body)),
      'Sec-Fetch-Site': 'same-origin',
    },
  })
  expect(posted.status).toBe(200)
  const [mail] = await smtp.waitFor(1, 15_000)
  expect(mail!.envelopeTo).toEqual(['new@acme.example'])

  const leads = await api(1, 'GET', '/sites/acme/leads?since=2020-01-01T00:00:00Z&limit=10', { token: tokens.acme })
  expect(leads.status).toBe(200)
  expect(leads.json.leads).toHaveLength(1)
  expect(leads.json.leads[0]).toMatchObject({ type: 'lead.created', data: { site: 'acme', firstName: validForm.firstName } })
  expect((await api(1, 'GET', '/sites/acme/leads?since=yesterday&limit=0')).json.fields.map((f: { path: string }) => f.path)).toEqual([
    'since',
    'limit',
  ])
})

test('a contractor’s token sees only its site and changes only its inbox and report recipients; staff no hosts', async () => {
  expect((await api(0, 'POST', '/sites', { body: { hosts: ['birch.test'], pageId: 'birch', pageApiUrl: provider.url } })).status).toBe(201)
  const listed = await api(0, 'GET', '/sites', { token: tokens.acme })
  expect(listed.json).toMatchObject({ source: 'storage' })
  expect(listed.json.sites.map((s: { id: string }) => s.id)).toEqual(['acme'])
  expect((await api(0, 'GET', '/sites', { token: tokens.staff })).json.sites).toHaveLength(2)
  expect((await api(0, 'GET', '/sites/birch', { token: tokens.acme })).status).toBe(404)
  expect((await api(0, 'PATCH', '/sites/birch', { token: tokens.acme, body: { reports: { email: ['x@birch.example'] } } })).status).toBe(
    404,
  )
  expect((await api(0, 'GET', '/sites/birch/leads', { token: tokens.acme })).status).toBe(404)
  const hosts = await api(0, 'PATCH', '/sites/acme', { token: tokens.acme, body: { hosts: ['acme.test'] } })
  expect(hosts).toMatchObject({ status: 403, json: { error: expect.stringContaining('hosts') } })
  expect((await api(0, 'PATCH', '/sites/acme', { token: tokens.staff, body: { timeZone: 'Europe/Madrid' } })).status).toBe(403)
  expect((await api(0, 'PATCH', '/sites/acme', { token: tokens.staff, body: { reports: { email: ['boss@acme.example'] } } })).status).toBe(
    200,
  )
  expect((await api(0, 'POST', '/sites', { token: tokens.staff, body: { hosts: ['c.test'], pageId: 'c' } })).status).toBe(403)
  expect((await api(0, 'DELETE', '/sites/acme', { token: tokens.acme })).status).toBe(403)
})

test('refusals: each wrong field named (an unknown one too), another site’s host 409, 413 over 64 KiB, 415 not JSON', async () => {
  const wrong = await api(0, 'POST', '/sites', { body: { hosts: ['https://x.test/'], pageId: 'x', colour: 'red' } })
  expect(wrong).toEqual({
    status: 400,
    json: {
      error: 'the site has wrong fields',
      fields: [
        { path: 'hosts[0]', message: 'a host name such as www.example.com (no scheme, port or path)' },
        { path: 'colour', message: 'not a field of a site' },
      ],
    },
  })
  const taken = await api(0, 'POST', '/sites', { body: { hosts: ['ACME.test'], pageId: 'other' } })
  expect(taken).toMatchObject({ status: 409, json: { fields: [{ path: 'hosts[0]' }] } })
  expect((await api(0, 'POST', '/sites', { body: { hosts: ['n.test'], pageId: 'acme' } })).status).toBe(409)
  expect((await api(0, 'POST', '/sites', { body: { hosts: ['n.test'], pageId: 'n', pad: 'x'.repeat(70_000) } })).status).toBe(413)
  expect((await api(0, 'POST', '/sites', { body: 'hosts=n.test', type: 'text/plain' })).status).toBe(415)
  expect((await api(0, 'POST', '/sites', { body: '{"hosts": [', type: 'application/json' })).status).toBe(400)
  expect((await api(0, 'PATCH', '/sites/acme', { body: { pageId: 'renamed' } })).json.fields).toEqual([
    { path: 'pageId', message: expect.any(String) },
  ])
  expect((await api(0, 'GET', '/sites/nobody')).status).toBe(404)
})

/** A console form posted as a browser without script does: the person's cookie, from the console's own origin. */
async function consoleForm(path: string, fields: Record<string, string>, cookie: string) {
  const response = await fetch(`${origins[0]!.api}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      Cookie: cookie,
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: origins[0]!.api,
      'Sec-Fetch-Site': 'same-origin',
    },
    body: new URLSearchParams(fields),
  })
  return { status: response.status, location: response.headers.get('location'), text: await response.text() }
}
const stored = async (id: string) => (await storage.sites.all()).find((s) => s.id === id)?.entry as SiteEntry | undefined
const cookieOf = async (email: string, role: 'admin' | 'staff' | 'contractor', sites: string[] = []) =>
  `tradesite-console=${(await signedInSession(storage.console, email, role, sites)).token}`

test('the console’s Settings: each role changes only its fields (refused on the server, whatever the form sends); Remove asks for the id typed; History restores', async () => {
  const contractor = await cookieOf('owner@acme.example', 'contractor', ['acme'])
  const staff = await cookieOf('staff@agency.example', 'staff')
  const admin = await cookieOf('admin@agency.example', 'admin')
  const settings = async (id: string, change: Record<string, string>, cookie: string) =>
    consoleForm(`/sites/${id}/settings`, { intent: 'save', ...formValues(await stored(id)), ...change }, cookie)
  const before = await stored('acme')

  // Read-only on the page is not enough: a contractor's form that changes the hosts is refused, and nothing changes.
  const hosts = await settings('acme', { hosts: 'acme.test\nmine.test', 'leads.email': 'me@acme.example' }, contractor)
  expect(hosts.status).toBe(200)
  expect(hosts.text).toContain('Your role may not change that field.')
  expect(hosts.text).toContain('a contractor changes only their lead inbox')
  expect(await stored('acme')).toEqual(before)
  const inbox = await settings('acme', { 'leads.email': 'me@acme.example', 'reports.email': 'me@acme.example' }, contractor)
  expect(inbox.text).toContain('Saved')
  expect(await stored('acme')).toMatchObject({
    hosts: before!.hosts,
    leads: { email: ['me@acme.example'] },
    reports: { email: ['me@acme.example'] },
  })
  expect((await settings('birch', { 'leads.email': 'me@acme.example' }, contractor)).status).toBe(404)
  // Each wrong field is named next to it, with SITES_FILE's message.
  const wrong = await settings('acme', { 'leads.email': 'not-an-address' }, contractor)
  expect(wrong.text).toMatch(/id="site-leads-email-problem"[^>]*>leads.email\[0\]: an email address such as owner@example.com/)
  expect(wrong.text).toMatch(/aria-describedby="site-leads-email-hint site-leads-email-problem"/)

  expect((await settings('acme', { timeZone: 'Europe/Madrid' }, staff)).text).toContain('staff change a site’s lead destinations')
  expect((await settings('acme', { 'reports.email': 'boss@acme.example' }, staff)).text).toContain('Saved')
  expect((await consoleForm('/sites/acme/settings', { intent: 'remove', confirm: 'acme' }, staff)).status).toBe(403)
  expect((await consoleForm('/new-site', { pageId: 'c', hosts: 'c.test' }, staff)).status).toBe(404)

  const mistyped = await consoleForm('/sites/birch/settings', { intent: 'remove', confirm: 'Birch' }, admin)
  expect(mistyped.text).toContain('To remove this site, type its id, birch, exactly.')
  expect(await stored('birch')).toBeDefined()
  const removed = await consoleForm('/sites/birch/settings', { intent: 'remove', confirm: 'birch' }, admin)
  expect(removed).toMatchObject({ status: 302, location: '/sites?removed=birch' })
  for (const origin of [0, 1]) await expect.poll(async () => (await page(origin, 'birch.test')).status, { timeout: 10_000 }).toBe(404)
  const [removal] = await storage.sites.versions('birch', 1)
  expect((await consoleForm('/sites/birch/history', { version: String(removal!.id) }, staff)).status).toBe(404)
  const restored = await consoleForm('/sites/birch/history', { version: String(removal!.id) }, admin)
  expect(restored.status).toBe(302)
  for (const origin of [0, 1]) await expect.poll(async () => (await page(origin, 'birch.test')).status, { timeout: 10_000 }).toBe(200)
  const activity = await storage.console.activity({ site: 'birch', limit: 2 })
  expect(activity.map((a) => [a.action, a.email])).toEqual([
    ['restored-site', 'admin@agency.example'],
    ['removed-site', 'admin@agency.example'],
  ])
})

test('webhooks: a secret generated and answered once, stored sealed; a test delivery and a rotation, each verified by the CRM', async () => {
  // Staff add the CRM without a secret: one is made, answered this once, masked ever after.
  const added = await api(0, 'PATCH', '/sites/birch', { token: tokens.staff, body: { leads: { webhooks: [{ url: crm.url }] } } })
  expect(added.status).toBe(200)
  const [made] = added.json.newSecrets as { index: number; url: string; secret: string }[]
  expect(made).toMatchObject({ index: 0, url: crm.url, secret: expect.stringMatching(/^whsec_[\w+/]{43}=$/) })
  const masked = `whsec_…${made!.secret.slice(-4)}`
  expect(added.json.site.leads.webhooks).toEqual([{ url: crm.url, secret: masked }])
  expect((await api(1, 'GET', '/sites/birch')).json.site.leads.webhooks).toEqual([{ url: crm.url, secret: masked }])
  crm.rotate(made!.secret) // the contractor pastes it into their CRM

  const tested = await api(1, 'POST', '/sites/birch/webhooks/0/test', { token: tokens.staff })
  expect(tested).toMatchObject({ status: 200, json: { url: crm.url, sent: true, status: 200, answer: '{"ok":true}', truncated: false } })
  expect(crm.requests.at(-1)).toMatchObject({ status: 200, signatures: 1, body: { test: true, data: { siteId: 'birch' } } })
  expect((await api(0, 'POST', '/sites/acme/webhooks/0/test', { token: tokens.acme })).status).toBe(403)
  expect((await api(0, 'POST', '/sites/birch/webhooks/3/test')).status).toBe(404)

  // Rotated: the new secret answered once; both sign for 24 hours, so the CRM verifies with either.
  const rotated = await api(0, 'POST', '/sites/birch/webhooks/0/rotate', { token: tokens.staff })
  expect(rotated.status).toBe(200)
  const fresh = rotated.json.newSecrets[0].secret as string
  expect(rotated.json.site.leads.webhooks[0]).toEqual({
    url: crm.url,
    secret: `whsec_…${fresh.slice(-4)}`,
    oldSecret: { secret: masked, until: expect.any(String) },
  })
  expect(Date.parse(rotated.json.site.leads.webhooks[0].oldSecret.until) - Date.now()).toBeGreaterThan(23.9 * 3600_000)
  expect((await api(0, 'POST', '/sites/birch/webhooks/0/test')).json).toMatchObject({ status: 200 }) // the CRM has the old one
  crm.rotate(fresh)
  expect((await api(1, 'POST', '/sites/birch/webhooks/0/test')).json).toMatchObject({ status: 200 }) // and now the new one
  expect(crm.requests.slice(-2).map((r) => r.signatures)).toEqual([2, 2])
  expect(crm.unverified()).toEqual([])

  // Nowhere in the database (sites, versions, Activity) is a secret in the clear.
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    const tables = (
      await db.query<{ name: string }>("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'")
    ).rows
    let all = ''
    for (const { name } of tables)
      all += (await db.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`)).rows.map((r) => r.row).join('\n')
    expect(all).toContain('sealed:1:')
    for (const secret of [made!.secret, fresh]) expect(all).not.toContain(secret.slice(6, 30))
    const logs = JSON.stringify(origins.map((o) => o.logLines()))
    for (const secret of [made!.secret, fresh]) expect(logs).not.toContain(secret.slice(6, 30))
  } finally {
    await db.end()
  }
  const activity = await storage.console.activity({ site: 'birch', limit: 10 })
  expect(activity.map((a) => a.action)).toEqual(expect.arrayContaining(['added-webhook', 'tested-webhook', 'rotated-webhook']))
  expect(activity.find((a) => a.action === 'tested-webhook')!.detail).toBe(`${crm.url}: HTTP 200`)
})

test('a visitor erased through origin 1’s console is gone from origin 2’s Leads page and CSV; its relay held there is never sent', async () => {
  const { token } = await signedInSession(storage.console, 'eraser@agency.example', 'admin')
  const consoleAt = (origin: number, path: string, form?: Record<string, string>) =>
    fetch(`${origins[origin]!.api}${path}`, {
      method: form ? 'POST' : 'GET',
      body: form && new URLSearchParams(form),
      headers: { Cookie: `tradesite-console=${token}`, 'Sec-Fetch-Site': 'same-origin', Origin: origins[origin]!.api },
    }).then(async (r) => ({ status: r.status, text: await r.text() }))
  // The lead posted to origin 2 above: its email went, its relay is held (the record names none).
  const [lead] = await storage.leads.listLeads({ site: 'acme' })
  expect(lead!.deliveries.map((d) => d.state)).toEqual(['held', 'delivered'])
  expect((await consoleAt(1, '/sites/acme/leads')).text).toContain(validForm.email)

  const erased = await consoleAt(0, '/visitor-data', { intent: 'erase', subject: validForm.email, confirm: validForm.email })
  expect(erased.text).toMatch(/Erased 1 lead\(s\); 1 delivery\(ies\) not sent yet were cancelled/)
  for (const path of ['/sites/acme/leads', '/sites/acme/leads.csv']) {
    const answer = await consoleAt(1, path)
    expect(answer.status).toBe(200)
    for (const value of [validForm.email, validForm.lastName, '123-4567']) expect(answer.text, `${path} ${value}`).not.toContain(value)
  }
  // Cancelled, not held: no origin's outbox will ever claim it, whatever relay address the record names later.
  expect((await storage.leads.getLead(lead!.id))!.deliveries.map((d) => [d.kind, d.state, d.lastError])).toEqual([
    ['relay', 'failed', CANCELLED_BY_ERASURE],
    ['email', 'delivered', null],
  ])
  expect(await storage.leads.claimDue({ now: Date.now() + 7 * 24 * 3600_000, leaseMs: 1, limit: 10, owner: 'test' })).toEqual([])
})

test('a removed site’s hosts get 404 on both origins; its leads stay; Activity names the token', async () => {
  expect((await api(1, 'DELETE', '/sites/acme')).status).toBe(204)
  for (const origin of [0, 1]) await expect.poll(async () => (await page(origin, 'acme.test')).status, { timeout: 10_000 }).toBe(404)
  expect((await storage.leads.listLeads({ site: 'acme' })).length).toBe(1)
  const activity = (await storage.console.activity({ site: 'acme', limit: 20 })).filter((a) => a.email.startsWith('token '))
  expect(activity.map((a) => [a.action, a.email])).toEqual([
    ['removed-site', 'token agency-script'],
    ['changed-site', 'token staff-script'],
    ['changed-site', 'token acme-crm'],
    ['added-site', 'token agency-script'],
  ])
  expect((await page(1, 'birch.test')).status).toBe(200)

  // The last site removed: no site at all, not PAGE_ID's demo on every host (storage has held sites).
  expect((await api(0, 'DELETE', '/sites/birch')).status).toBe(204)
  for (const origin of [0, 1]) {
    await expect.poll(async () => (await page(origin, 'birch.test')).status, { timeout: 10_000 }).toBe(404)
    expect((await page(origin, 'any-host.test')).status).toBe(404)
  }
})
