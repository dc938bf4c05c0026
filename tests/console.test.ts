import { chromium, type Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { ACME_TIME_ZONE, SITES, startConsoleWorld } from './console-server.ts'
import { relayOf } from './lead-fixtures.ts'
import { freshDatabase } from './postgres.ts'
import { ensureBuilt } from './site-server.ts'

/**
 * The console's rules (issue 35), each tried against the production server on PostgreSQL (the browser suite,
 * e2e/console.spec.ts, runs on SQLite): its headers, its own port and host, 404 for every door a stranger or
 * a curious contractor tries, origin checks, rate limits, invitations used once, no lead content in the log,
 * and one whole sign-in with a passkey in Chromium.
 */

let world: Awaited<ReturnType<typeof startConsoleWorld>>
let leadIds: { acme: string; birch: string }
const visitor = { firstName: 'Rosalind', lastName: 'Quenby', email: 'rosalind.quenby@example.com', phone: '(720) 555-0199' }
const message = 'Back fence blew down in the storm, gate code 4471'

beforeAll(async () => {
  ensureBuilt()
  world = await startConsoleWorld({
    DATABASE_URL: await freshDatabase(inject('postgresUrl')),
    CONSOLE_TRUST_PROXY: '1',
    CONSOLE_RATE_LIMIT: '6',
  })
  for (const host of [SITES.acme.host, SITES.birch.host]) {
    const posted = await world.postLead(host, { ...visitor, address: '9 Oak Lane', service: 'Decks', message })
    expect(posted.status, posted.text.slice(0, 300)).toBeLessThan(400)
  }
  const [acme] = await world.storage.leads.listLeads({ site: 'acme' })
  const [birch] = await world.storage.leads.listLeads({ site: 'birch' })
  leadIds = { acme: acme!.id, birch: birch!.id }
}, 180_000)
afterAll(() => world?.stop())

/** Each test speaks from its own address (the console trusts one proxy hop), so rate limits never cross tests. */
let nextAddress = 10
const from = () => ({ 'X-Forwarded-For': `198.51.100.${nextAddress++}` })
const get = (path: string, cookie?: string) => world.consoleRequest(path, { headers: { ...from(), ...(cookie ? { Cookie: cookie } : {}) } })
const post = (path: string, body: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
  world.consoleRequest(path, {
    method: 'POST',
    body: new URLSearchParams(body).toString(),
    headers: {
      ...from(),
      'Content-Type': 'application/x-www-form-urlencoded',
      'Sec-Fetch-Site': 'same-origin',
      ...(cookie ? { Cookie: cookie } : {}),
      ...headers,
    },
  })

/** Every address a site's part has: pages, a lead, the export, the report pages, and a resend post. */
const siteDoors = (site: string, leadId: string) => [
  `/sites/${site}`,
  `/sites/${site}/leads`,
  `/sites/${site}/leads/${leadId}`,
  `/sites/${site}/leads.csv`,
  `/sites/${site}/results`,
  `/sites/${site}/results/report?month=${new Date().toISOString().slice(0, 7)}`,
  `/sites/${site}/record`,
  `/sites/${site}/record/report`,
]

describe('every answer', () => {
  test('is private, no-store, with the console’s CSP, never framed, without referrer', async () => {
    const admin = await world.signedInPerson('headers-admin@agency.example', 'admin')
    const page = await get('/')
    const asset = /href="(\/assets\/[^"]+\.css)"/.exec(page.text)?.[1]
    expect(asset).toBeDefined()
    const answers = [page, await get(asset!), await get('/no-such-page'), await get('/sites'), await get('/sites/acme/leads', admin.cookie)]
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 303, 200])
    for (const answer of answers) {
      expect(answer.headers['cache-control']).toBe('private, no-store')
      expect(answer.headers['x-frame-options']).toBe('DENY')
      expect(answer.headers['referrer-policy']).toBe('no-referrer')
      const csp = answer.headers['content-security-policy'] as string
      expect(csp).toMatch(/default-src 'none'/)
      expect(csp).toMatch(/frame-ancestors 'none'/)
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/)
    }
    // A page's own inline scripts are allowed by their hashes, nothing else.
    expect(answers[0]!.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[\w+/=]+')+;/)
    // The report pages: their own policy (no script, no request), framed by the console only.
    const report = await get('/sites/acme/record/report', admin.cookie)
    expect(report.headers['content-security-policy']).toMatch(
      /^default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'.*; sandbox$/,
    )
    expect(report.headers['x-frame-options']).toBe('SAMEORIGIN')
    expect(report.headers['cache-control']).toBe('private, no-store')
  })

  test('comes from the console’s own port and host only: never a site’s, and the sites never answer for it', async () => {
    const admin = await world.signedInPerson('ports-admin@agency.example', 'admin')
    // The console asked under a site's host name: nothing.
    const wrongHost = await world.consoleRequest('/sites', { host: SITES.acme.host, headers: { Cookie: admin.cookie } })
    expect(wrongHost.status).toBe(404)
    expect(wrongHost.text).toBe('Not found.')
    // A site's page asked of the console: the console's 404.
    expect((await get('/contact', admin.cookie)).status).toBe(404)
    // The console's addresses asked of a site: the site's own pages (a 404, or a service page), never the console's.
    for (const path of ['/sites', '/people', '/invitations/abc', '/passkeys/authentication']) {
      const answer = await world.site.request(SITES.acme.host, path)
      expect(answer.text, path).not.toMatch(/Agency console|Sign in with a passkey/)
    }
    const signIn = await world.site.request(SITES.acme.host, '/passkeys/authentication', { method: 'POST', body: '{"step":"options"}' })
    expect(signIn.text).not.toMatch(/challenge/)
    // Another method than GET, HEAD and POST: refused before any route.
    expect((await world.consoleRequest('/sites', { method: 'PUT', headers: { Cookie: admin.cookie } })).status).toBe(405)
  })
})

describe('the doors', () => {
  test('signed out: every part of every site is 404, the same for a site that does not exist; the lists send to sign-in', async () => {
    for (const path of [...siteDoors('acme', leadIds.acme), ...siteDoors('no-such-site', leadIds.acme)])
      expect((await get(path)).status, path).toBe(404)
    expect((await post('/sites/acme/leads', { lead: leadIds.acme })).status).toBe(404)
    for (const path of ['/sites', '/account', '/people', '/activity']) {
      const answer = await get(path)
      expect(answer.status, path).toBe(303)
      expect(answer.headers.location).toBe(`/?next=${encodeURIComponent(path)}`)
    }
    // A forged session id is nobody.
    expect((await get('/sites/acme/leads', 'tradesite-console=' + 'A'.repeat(43))).status).toBe(404)
  })

  test('a contractor sees their site only: another site’s pages, lead, export and resend are 404, by URL or by id', async () => {
    const { cookie } = await world.signedInPerson('owner@acme.example', 'contractor', ['acme'])
    const sites = await get('/sites', cookie)
    expect(sites.text).toContain(SITES.acme.name)
    expect(sites.text).not.toContain(SITES.birch.name)
    expect(sites.text).not.toContain('birch')
    expect(sites.text).not.toMatch(/Origins/) // the fleet is the agency's business
    for (const path of siteDoors('birch', leadIds.birch)) expect((await get(path, cookie)).status, path).toBe(404)
    // Birch's lead under Acme's address: still 404 (a lead belongs to one site).
    expect((await get(`/sites/acme/leads/${leadIds.birch}`, cookie)).status).toBe(404)
    expect((await post('/sites/birch/leads', { lead: leadIds.birch }, cookie)).status).toBe(404)
    // Their own: read, not resend or export (403, the site is theirs to know).
    const leads = await get('/sites/acme/leads', cookie)
    expect(leads.status).toBe(200)
    expect(leads.text).toContain(visitor.email)
    // When the lead came, in the contractor's own time (the site's timeZone), the zone said.
    const receivedAt = (await world.storage.leads.getLead(leadIds.acme))!.createdAt
    const localTime = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: ACME_TIME_ZONE })
    expect(leads.text).toContain(`${localTime.format(new Date(receivedAt))} P`) // PST or PDT
    expect(leads.text).not.toMatch(/\d\d:\d\d UTC/)
    expect(leads.text).not.toContain('Export CSV')
    expect(leads.text).not.toMatch(/>Resend</)
    expect((await get('/sites/acme/leads.csv', cookie)).status).toBe(403)
    expect((await post('/sites/acme/leads', { lead: leadIds.acme }, cookie)).status).toBe(403)
    // Admins' pages do not exist for them.
    for (const path of ['/people', '/activity']) expect((await get(path, cookie)).status, path).toBe(404)
    // What they read is in the activity log.
    expect(await world.storage.console.activity({ email: 'owner@acme.example', limit: 5 })).toEqual(
      expect.arrayContaining([expect.objectContaining({ action: 'viewed-leads', site: 'acme' })]),
    )
  })

  test('staff read every site, resend and export, but cannot reach People or Activity', async () => {
    const { cookie } = await world.signedInPerson('staff@agency.example', 'staff')
    const sites = await get('/sites', cookie)
    expect(sites.text).toContain(SITES.acme.name)
    expect(sites.text).toContain(SITES.birch.name)
    for (const path of ['/people', '/activity']) expect((await get(path, cookie)).status, path).toBe(404)
    expect((await get('/sites/birch/leads', cookie)).text).toMatch(/\d\d:\d\d UTC/) // a site without a timeZone
    const csv = await get('/sites/birch/leads.csv', cookie)
    expect(csv.status).toBe(200)
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="leads-birch-\d{4}-\d\d-\d\d\.csv"$/)
    expect(csv.text.split('\r\n')[1]).toContain(`"${visitor.email}"`)
    // Resend: the delivered lead goes out again, once more to its relay.
    await expect.poll(async () => relayOf(await world.storage.leads.getLead(leadIds.birch))?.state).toBe('delivered')
    const before = world.relays[1]!.requests.length
    const resent = await post(`/sites/birch/leads/${leadIds.birch}`, { lead: leadIds.birch }, cookie)
    expect(resent.status).toBe(200)
    await expect.poll(() => world.relays[1]!.requests.length).toBe(before + 1)
    expect((await world.storage.console.activity({ email: 'staff@agency.example', limit: 10 })).map((e) => [e.action, e.site])).toEqual(
      expect.arrayContaining([
        ['exported-leads', 'birch'],
        ['resent-lead', 'birch'],
      ]),
    )
  })

  test('the results’ share link: staff make it, it opens the report on the site’s own host, a contractor reads it but cannot end it', async () => {
    const staff = await world.signedInPerson('share-staff@agency.example', 'staff')
    const contractor = await world.signedInPerson('share-owner@birch.example', 'contractor', ['birch'])
    const linkOn = async (cookie: string) =>
      /href="(https?:\/\/[^"]*\/reports\/[\da-f]{64})"/.exec((await get('/sites/birch/results', cookie)).text)?.[1]
    expect(await linkOn(staff.cookie)).toBeUndefined()
    expect((await post('/sites/birch/results', { intent: 'share' }, contractor.cookie)).status).toBe(403)
    expect((await post('/sites/birch/results', { intent: 'share' }, staff.cookie)).status).toBe(200)
    const link = await linkOn(contractor.cookie)
    expect(link).toBeDefined()
    const opened = await world.site.request(SITES.birch.host, new URL(link!).pathname)
    expect(opened.status).toBe(200)
    expect(opened.headers['cache-control']).toBe('private, no-store')
    expect((await post('/sites/birch/results', { intent: 'end-share' }, contractor.cookie)).status).toBe(403)
    expect((await post('/sites/birch/results', { intent: 'end-share' }, staff.cookie)).status).toBe(200)
    expect(await linkOn(staff.cookie)).toBeUndefined()
    expect((await world.storage.console.activity({ email: 'share-staff@agency.example', limit: 10 })).map((e) => e.action)).toEqual(
      expect.arrayContaining(['shared-results', 'ended-share-link']),
    )
  })

  test('admins reach People and Activity; a revoked person is signed out at once', async () => {
    const admin = await world.signedInPerson('boss@agency.example', 'admin')
    const leaver = await world.signedInPerson('leaver@agency.example', 'staff')
    expect((await get('/sites', leaver.cookie)).status).toBe(200)
    const people = (await get('/people', admin.cookie)).text
    expect(people).toContain('leaver@agency.example')
    expect(people.match(/<datalist id="site-ids"/g)).toHaveLength(1) // one list for every access form of the page
    const revoked = await post('/people', { intent: 'revoke', person: leaver.person.id }, admin.cookie)
    expect(revoked.status).toBe(200)
    expect((await get('/sites', leaver.cookie)).status).toBe(303)
    expect((await get('/sites/acme/leads', leaver.cookie)).status).toBe(404)
    expect((await get('/activity?action=revoked', admin.cookie)).text).toMatch(/boss@agency\.example.*revoked.*leaver@agency\.example/s)
  })

  test('invitations not used yet are listed on People and can be ended; revoking a person ends theirs, so its link cannot bring them back', async () => {
    const admin = await world.signedInPerson('inviter@agency.example', 'admin')
    const invited = await post(
      '/people',
      { intent: 'invite', email: 'wrong@cedar.example', role: 'contractor', sites: 'acme' },
      admin.cookie,
    )
    const link = /value="(http:\/\/localhost:\d+\/invitations\/[\w-]+)"/.exec(invited.text)?.[1]
    expect(link, invited.text.slice(0, 500)).toBeDefined()
    const people = (await get('/people', admin.cookie)).text
    expect(people).toContain('Invitations not used yet')
    expect(people).toMatch(/wrong@cedar\.example<\/p>[^]{0,60}contractor of acme[^]{0,40}invited by [^]{0,10}inviter@agency\.example/)
    const ended = await post('/people', { intent: 'end-invitation', email: 'wrong@cedar.example' }, admin.cookie)
    expect(ended.text).toContain('The invitation for wrong@cedar.example is ended')
    expect((await get(new URL(link!).pathname)).status).toBe(410)
    expect((await get('/people', admin.cookie)).text).not.toContain('wrong@cedar.example</p>')
    expect((await post('/people', { intent: 'end-invitation', email: 'wrong@cedar.example' }, admin.cookie)).text).toContain(
      'No invitation for wrong@cedar.example is open any more',
    )

    // A leaver who was sent a new link (lost passkeys) is revoked: the link dies with their access.
    const leaver = await world.signedInPerson('second-leaver@agency.example', 'staff')
    const relink = await world.invitationLink('second-leaver@agency.example', 'staff', [])
    await post('/people', { intent: 'revoke', person: leaver.person.id }, admin.cookie)
    expect((await get(`/invitations/${relink.token}`)).status).toBe(410)
    expect((await world.storage.console.activity({ email: 'inviter@agency.example', limit: 10 })).map((e) => e.action)).toEqual(
      expect.arrayContaining(['invited', 'ended-invitation', 'revoked']),
    )
  })
})

describe('requests', () => {
  test('a state-changing request from another origin is refused before any route runs', async () => {
    const { cookie } = await world.signedInPerson('target@agency.example', 'admin')
    const invite = { intent: 'invite', email: 'mallory@evil.example', role: 'admin', sites: '' }
    for (const headers of [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': '', Origin: 'https://evil.example' }] as Record<
      string,
      string
    >[]) {
      const answer = await post('/people', invite, cookie, headers)
      expect(answer.status).toBe(403)
      expect(answer.headers['cache-control']).toBe('private, no-store')
    }
    expect((await post('/sign-out', {}, cookie, { 'Sec-Fetch-Site': 'same-site' })).status).toBe(403)
    expect((await get('/sites', cookie)).status).toBe(200) // still signed in: the forged sign-out did nothing
    expect(await world.storage.console.activity({ action: 'invited', limit: 50 })).not.toEqual(
      expect.arrayContaining([expect.objectContaining({ detail: expect.stringContaining('mallory') })]),
    )
  })

  test('a body over 64 KiB is refused while it streams', async () => {
    const answer = await world.consoleRequest('/passkeys/authentication', {
      method: 'POST',
      body: JSON.stringify({ step: 'options', pad: 'x'.repeat(70_000) }),
      headers: { ...from(), 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    })
    expect(answer.status).toBe(413)
  })

  test('sign-in attempts and wrong invitation links are limited per client (CONSOLE_RATE_LIMIT in 10 minutes)', async () => {
    const client = from()
    const attempt = () =>
      world.consoleRequest('/passkeys/authentication', {
        method: 'POST',
        body: '{"step":"options"}',
        headers: { ...client, 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
      })
    const statuses = []
    for (let i = 0; i < 8; i++) statuses.push((await attempt()).status)
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429])
    expect((await attempt()).text).toMatch(/Too many sign-in attempts/)

    const guesser = from()
    const guesses = []
    for (let i = 0; i < 8; i++)
      guesses.push((await world.consoleRequest(`/invitations/guess${'x'.repeat(30)}${i}`, { headers: guesser })).status)
    expect(guesses).toEqual([410, 410, 410, 410, 410, 410, 429, 429])
  })

  test('an invitation used or expired is refused, and makes no passkey', async () => {
    const stale = await world.invitationLink('late@agency.example', 'staff', [], Date.now() - 1000)
    const page = await get(`/invitations/${stale.token}`)
    expect(page.status).toBe(410)
    expect(page.text).toContain('This invitation cannot be used')
    const options = await world.consoleRequest('/passkeys/registration', {
      method: 'POST',
      body: JSON.stringify({ step: 'options', invitation: stale.token }),
      headers: { ...from(), 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' },
    })
    expect(options.status).toBe(410)
    expect(JSON.parse(options.text)).toEqual({ error: 'This invitation was already used or has expired. Ask your agency for a new one.' })
  })

  test('no lead content reaches the log, after leads were viewed, opened, exported and resent', () => {
    const log = world.site.output()
    expect(log).toMatch(/"path":"\/sites\/acme\/leads"/) // the requests were logged…
    for (const value of [visitor.firstName, visitor.lastName, visitor.email, visitor.phone, '555-0199', 'gate code', '9 Oak Lane'])
      expect(log, value).not.toContain(value) // …and nothing the visitor typed
    expect(log).not.toMatch(/\/invitations\/[\w-]{20}/) // nor an invitation's token
  })
})

describe('on PostgreSQL, in Chromium', () => {
  let browser: Browser
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  })
  afterAll(() => browser?.close())

  test('invitation → passkey → the sites with the fresh lead → sign out → sign in again with the passkey', async () => {
    const { url } = await world.invitationLink('ana@agency.example', 'admin')
    const context = await browser.newContext({ baseURL: world.consoleUrl })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    })
    await page.goto(url)
    await page.getByLabel('Name this passkey').fill('Test laptop')
    await page.getByRole('button', { name: 'Create your passkey' }).click()
    await page.waitForURL('**/sites')
    await page.getByRole('link', { name: SITES.birch.name, exact: true }).click()
    await expect.poll(() => page.getByText(visitor.email).count()).toBe(1)
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.waitForURL('**/sites')
    const ana = await world.storage.console.personByEmail('ana@agency.example')
    const [passkey] = await world.storage.console.passkeys(ana!.id)
    expect(passkey).toMatchObject({ name: 'Test laptop', counter: expect.any(Number) })
    expect(await world.storage.console.sessions(ana!.id)).toHaveLength(1) // the signed-out one ended
    await context.close()
  })
})
