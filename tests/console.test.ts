import { chromium, type Browser } from '@playwright/test'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { ACME_TIME_ZONE, SITES, startConsoleWorld } from './console-server.ts'
import { forgedPasskey } from './forged-passkey.ts'
import { relayOf, storeLead } from './lead-fixtures.ts'
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
      /^default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'.*; sandbox allow-same-origin$/,
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

  test('a paused destination “needs attention” on every part of its site; staff re-enable it, a contractor only reads it', async () => {
    const key = { site: 'acme', kind: 'webhook' as const, target: 'https://crm.example/hooks/catch/1/abc/?token=crm-key' }
    await world.storage.leads.noteTrouble({ ...key, paused: true, error: 'HTTP 410: the receiver stopped this webhook', at: Date.now() })
    const contractor = await world.signedInPerson('attention-owner@acme.example', 'contractor', ['acme'])
    const staff = await world.signedInPerson('attention-staff@agency.example', 'staff')
    for (const part of ['leads', 'results', 'record']) {
      const page = await get(`/sites/acme/${part}`, contractor.cookie)
      expect(page.text, part).toContain('Needs attention: a lead destination is failing')
      expect(page.text).toContain('https://crm.example/hooks/catch/1/abc/')
      expect(page.text).not.toContain('crm-key') // never the webhook's query
      expect(page.text).not.toMatch(/>Re-enable</)
    }
    expect((await get('/sites/birch/leads', staff.cookie)).text).not.toContain('Needs attention')
    const page = (await get('/sites/acme/leads', staff.cookie)).text
    const id = /name="destination" value="([\w-]+)"/.exec(page)?.[1]
    expect(id).toBeDefined()
    expect((await post('/sites/acme', { destination: id! }, contractor.cookie)).status).toBe(403)
    // Without a script the post lands back on the site's leads (the site's address opens them).
    const answer = await post('/sites/acme', { destination: id! }, staff.cookie)
    expect([answer.status, answer.headers.location]).toEqual([302, '/sites/acme/leads'])
    expect(await world.storage.leads.troubles('acme')).toEqual([])
    expect((await get('/sites/acme/leads', staff.cookie)).text).not.toContain('Needs attention')
    expect((await world.storage.console.activity({ email: 'attention-staff@agency.example', limit: 5 })).map((e) => e.action)).toContain(
      're-enabled-destination',
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

describe('the doors the review found (issue 44)', () => {
  const json = { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' }
  /** The log lines the server wrote while `work` ran. */
  async function logged(work: () => Promise<void>) {
    const before = world.site.output().length
    await work()
    await new Promise((resolve) => setTimeout(resolve, 200)) // the last request's log line
    return world.site.output().slice(before).split('\n').filter(Boolean)
  }

  test('`next` stays on the console: the tab trick, other origins and backslashes go to /sites', async () => {
    const { cookie } = await world.signedInPerson('next-staff@agency.example', 'staff')
    for (const next of [
      '/\t/evil.example',
      '/\t\t/evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      '/\n/evil.example',
    ]) {
      const answer = await get(`/?next=${encodeURIComponent(next)}`, cookie)
      expect(answer.status, JSON.stringify(next)).toBe(302)
      expect(new URL(answer.headers.location as string, world.consoleUrl).origin, JSON.stringify(next)).toBe(world.consoleUrl)
    }
    const kept = await get(`/?next=${encodeURIComponent('/sites/acme/leads?page=2')}`, cookie)
    expect(kept.headers.location).toBe('/sites/acme/leads?page=2')
  })

  test('a `next` holding LF, CR or a non-Latin-1 character: never a 5xx, and the log gets one JSON line per request', async () => {
    const { cookie } = await world.signedInPerson('forger@agency.example', 'staff')
    const forged = '{"level":30,"event":"console.FORGED","msg":"nothing to see"}'
    const nexts = [`/x\n${forged}`, `/x\r\n${forged}`, '/caf\u00e9\u2028x', '/\u017f\u{1F600}', `/x\r${forged}`]
    const lines = await logged(async () => {
      for (const next of nexts) {
        const answer = await get(`/?next=${encodeURIComponent(next)}`, cookie)
        expect(answer.status, JSON.stringify(next)).toBe(302)
        expect(answer.headers.location).toMatch(/^\/[\x21-\x7e]*$/)
      }
    })
    expect(lines).toHaveLength(nexts.length)
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow()
    expect(lines.join('\n')).not.toMatch(/console\.FORGED/)
  })

  test('40 addresses of one IPv6 /64 share one sign-in limit, as the site’s gate counts them', async () => {
    const statuses = []
    for (let i = 1; i <= 40; i++) {
      const answer = await world.consoleRequest('/passkeys/authentication', {
        method: 'POST',
        body: '{"step":"options"}',
        headers: { ...json, 'X-Forwarded-For': `2001:db8:44:7:${i.toString(16)}::${i}` },
      })
      statuses.push(answer.status)
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(6)
    expect(statuses.slice(6)).toEqual(Array(34).fill(429))
  })

  test('200 new-passkey option requests: a challenge each only within the limit, per client and per person', async () => {
    // One person, a new address for each request: their own limit holds.
    const { cookie } = await world.signedInPerson('challenges@agency.example', 'staff')
    const byPerson = []
    for (let i = 0; i < 100; i++) {
      const answer = await world.consoleRequest('/passkeys/registration', {
        method: 'POST',
        body: '{"step":"options"}',
        headers: { ...json, Cookie: cookie, 'X-Forwarded-For': `203.0.113.${i + 1}` },
      })
      byPerson.push(answer.status)
    }
    expect(byPerson.filter((status) => status === 200)).toHaveLength(6)
    expect(byPerson.slice(6).every((status) => status === 429)).toBe(true)
    // One client, a new invitation for each request: the client's limit holds.
    const client = { 'X-Forwarded-For': '2001:db8:45::1' }
    const byClient = []
    for (let i = 0; i < 100; i++) {
      const { token } = await world.invitationLink(`guest-${i}@agency.example`, 'contractor', ['acme'])
      const answer = await world.consoleRequest('/passkeys/registration', {
        method: 'POST',
        body: JSON.stringify({ step: 'options', invitation: token }),
        headers: { ...json, ...client },
      })
      byClient.push(answer.status)
    }
    expect(byClient.filter((status) => status === 200)).toHaveLength(6)
    expect(byClient.slice(6).every((status) => status === 429)).toBe(true)
  })

  test('a body the route cannot read (a same-origin text/plain or JSON post to a form) is a 4xx, with no stack in the log', async () => {
    const { cookie } = await world.signedInPerson('plain@agency.example', 'admin')
    const lines = await logged(async () => {
      for (const [type, body] of [
        ['text/plain', 'intent=invite&email=x%40y.example'],
        ['text/plain;charset=UTF-8', '{}'],
        ['multipart/form-data; boundary=x', '--x--'],
      ]) {
        for (const path of ['/people', '/account', '/sites/acme/leads', '/sites/acme/results', '/passkeys/authentication', '/sign-out']) {
          const answer = await world.consoleRequest(path, {
            method: 'POST',
            body,
            headers: { 'X-Forwarded-For': '198.51.100.250', Cookie: cookie, 'Content-Type': type!, 'Sec-Fetch-Site': 'same-origin' },
          })
          expect(answer.status, `${type} ${path}`).toBe(415)
        }
      }
      const jsonToForm = await world.consoleRequest('/people', {
        method: 'POST',
        body: '{"intent":"invite"}',
        headers: { ...from(), ...json, Cookie: cookie },
      })
      expect(jsonToForm.status).toBe(400)
    })
    expect(lines.join('\n')).not.toMatch(/"level":50|\n\s+at /)
  })

  test('a post to a page without an action: 405 that names no route module', async () => {
    const { cookie } = await world.signedInPerson('poster@agency.example', 'staff')
    for (const path of ['/sites', '/sites/acme/record', '/activity', '/sites.data']) {
      const answer = await post(path, { a: '1' }, cookie)
      expect(answer.status, path).toBe(405)
      expect(answer.text, path).not.toMatch(/routes\/|action/)
    }
  })

  test('a sign-in answer without user verification is refused; the same passkey verifying its user signs in', async () => {
    const { person } = await world.signedInPerson('uv-sign-in@agency.example', 'staff')
    const passkey = forgedPasskey(Buffer.from('forged-uv').toString('base64url'))
    await world.storage.console.addPasskey({
      id: passkey.id,
      publicKey: passkey.publicKey,
      counter: 0,
      transports: [],
      name: 'Key without a PIN',
      createdAt: Date.now(),
      personId: person.id,
      lastUsedAt: null,
    })
    const client = { ...json, 'X-Forwarded-For': '198.51.100.251' }
    async function signIn(verified: boolean) {
      const options = await world.consoleRequest('/passkeys/authentication', {
        method: 'POST',
        body: '{"step":"options"}',
        headers: client,
      })
      const { challenge } = JSON.parse(options.text) as { challenge: string }
      const response = passkey.answer(challenge, world.consoleUrl, { verified })
      return world.consoleRequest('/passkeys/authentication', {
        method: 'POST',
        body: JSON.stringify({ step: 'verify', response }),
        headers: client,
      })
    }
    const unverified = await signIn(false)
    expect(unverified.status).toBe(400)
    expect(JSON.parse(unverified.text)).toEqual({ error: expect.stringMatching(/This passkey could not be checked/) })
    expect(unverified.headers['set-cookie']).toBeUndefined()
    const verified = await signIn(true)
    expect(verified.status).toBe(200)
    expect(verified.headers['set-cookie']).toBeDefined()
  })

  test('a HEAD of the leads export is not an export', async () => {
    const { cookie } = await world.signedInPerson('header@agency.example', 'staff')
    const answer = await world.consoleRequest('/sites/acme/leads.csv', { method: 'HEAD', headers: { ...from(), Cookie: cookie } })
    expect(answer.status).toBe(200)
    expect(answer.headers['content-type']).toMatch(/text\/csv/)
    const exports = await world.storage.console.activity({ action: 'exported-leads', email: 'header@agency.example', limit: 5 })
    expect(exports).toEqual([])
  })
})

describe('a visitor’s data (issue 44)', () => {
  const asked = { firstName: 'Ottoline', lastName: 'Wrexham', email: 'ottoline.wrexham@example.com', phone: '(415) 555-0123' }

  test('an admin finds every lead of an address on every site, downloads it, and erases it by typing the address again', async () => {
    for (const host of [SITES.acme.host, SITES.birch.host])
      expect(
        (await world.postLead(host, { ...asked, address: '4 Elm Row', service: 'Decks', message: 'call after 5' })).status,
      ).toBeLessThan(400)
    const admin = await world.signedInPerson('rights-admin@agency.example', 'admin')
    const contractor = await world.signedInPerson('rights-contractor@acme.example', 'contractor', ['acme'])
    expect((await get('/visitor-data', contractor.cookie)).status).toBe(404)
    expect((await post('/visitor-data', { intent: 'find', subject: asked.email }, contractor.cookie)).status).toBe(404)
    const countsBefore = await world.storage.leads.leadsSince(0)

    const found = await post('/visitor-data', { intent: 'find', subject: 'Ottoline.Wrexham@example.com' }, admin.cookie)
    expect(found.status).toBe(200)
    expect(found.text).toContain('2 lead(s) hold it')
    const download = await post('/visitor-data/json', { subject: asked.phone }, admin.cookie)
    expect(download.headers['content-disposition']).toMatch(/attachment/)
    const report = JSON.parse(download.text) as { leads: { site: string; fields: { lastName: string } }[] }
    expect(report.leads.map((l) => l.site).sort()).toEqual(['acme', 'birch'])
    expect(report.leads[0]!.fields.lastName).toBe('Wrexham')

    const wrong = await post('/visitor-data', { intent: 'erase', subject: asked.email, confirm: 'someone@else.example' }, admin.cookie)
    expect(wrong.text).toContain('nothing was erased')
    expect((await world.storage.leads.listLeads()).filter((l) => l.lead.email === asked.email)).toHaveLength(2)
    const erased = await post(
      '/visitor-data',
      { intent: 'erase', subject: asked.email, confirm: ` ${asked.email.toUpperCase()} ` },
      admin.cookie,
    )
    expect(erased.text).toMatch(/Erased 2 lead\(s\)/)

    for (const path of ['/sites/acme/leads', '/sites/birch/leads', '/sites/acme/leads.csv', '/sites/birch/leads.csv']) {
      const page = await get(path, admin.cookie)
      for (const value of [asked.lastName, asked.email, '555-0123', 'call after 5'])
        expect(page.text, `${path} ${value}`).not.toContain(value)
    }
    const leadsPage = (await get('/sites/acme/leads', admin.cookie)).text
    expect(leadsPage).toContain('Lead erased on request')
    expect(leadsPage).toContain('Leads are kept until erased: no retention period is set (LEAD_RETENTION_DAYS).')
    expect(await world.storage.leads.leadsSince(0)).toEqual(expect.arrayContaining(countsBefore)) // counts stay true
    const again = await post('/visitor-data', { intent: 'find', subject: asked.email }, admin.cookie)
    expect(again.text).toContain('No lead holds this address or phone')
    // Activity says who and when, never whom.
    const [entry] = await world.storage.console.activity({ action: 'erased-visitor-data', limit: 1 })
    expect(entry).toMatchObject({ email: 'rights-admin@agency.example', detail: '2 lead(s)' })
    const activity = await get('/activity', admin.cookie)
    expect(activity.text).toContain('erased a visitor’s data')
    for (const value of [asked.lastName, asked.email, '555-0123']) expect(activity.text).not.toContain(value)
    expect(world.site.output()).not.toContain(asked.email)
  })
})

describe('a site with many leads (issue 44)', () => {
  test('Older links page by keyset: no lead repeated or skipped while new ones arrive, the query kept; the CSV has the same leads', async () => {
    // 60 leads from long ago (the page's newest stay the other tests'), without deliveries (nothing to send).
    const old = Date.UTC(2024, 0, 1)
    const stored = (now: number) => storeLead(world.storage.leads, 'acme', now, [])
    for (let i = 0; i < 60; i++) await stored(old + Math.floor(i / 2)) // two to a millisecond: the id breaks ties
    const { cookie } = await world.signedInPerson('pages@agency.example', 'staff')
    const listed = (await world.storage.leads.listLeads({ site: 'acme' })).filter((l) => !l.erased).map((l) => l.id)
    const seen: string[] = []
    let path: string | undefined = '/sites/acme/leads?keep=1'
    for (let pages = 0; path && pages < 10; pages++) {
      const page = await get(path, cookie)
      expect(page.status).toBe(200)
      seen.push(...[...page.text.matchAll(/href="\/sites\/acme\/leads\/([\w-]+)"/g)].map((m) => m[1]!))
      await stored(Date.now()) // a lead arrives between two pages
      const older = /<a class="button-quiet" href="\?([^"]+)" rel="next">Older<\/a>/.exec(page.text)?.[1]
      if (older) expect(older.replaceAll('&amp;', '&')).toMatch(/^keep=1&older=\d+\.[\w-]+$/)
      path = older && `/sites/acme/leads?${older.replaceAll('&amp;', '&')}`
    }
    expect(seen).toEqual(listed)
    const csv = await get('/sites/acme/leads.csv', cookie)
    const csvIds = csv.text
      .trimEnd()
      .split('\r\n')
      .slice(1)
      .map((line) => JSON.parse(line.split(',')[0]!) as string)
    expect(csvIds).toEqual((await world.storage.leads.listLeads({ site: 'acme' })).map((l) => l.id))
    // The oldest page: the first leads ever stored, with Newer and Newest links back.
    const oldest = await get('/sites/acme/leads?oldest=1', cookie)
    expect(oldest.text).toContain(`href="/sites/acme/leads/${listed.at(-1)}"`)
    expect(oldest.text).toMatch(/rel="prev">Newer</)
    expect(oldest.text).not.toMatch(/>Older</)
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

  /** A browser with a passkey authenticator that verifies its user (a phone, a screen lock), or one that cannot (a key without a PIN). */
  async function passkeyBrowser(verifiesUser = true) {
    const context = await browser.newContext({ baseURL: world.consoleUrl })
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    await cdp.send('WebAuthn.enable')
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: verifiesUser,
        isUserVerified: verifiesUser,
      },
    })
    return { context, page }
  }

  /** A client that asks its authenticator not to verify the user, whatever the console's options say. */
  const withoutUserVerification = (page: import('@playwright/test').Page, path: string) =>
    page.route(`**${path}`, async (route) => {
      if ((route.request().postDataJSON() as { step?: string }).step !== 'options') return route.continue()
      const answer = await route.fetch()
      const options = (await answer.json()) as { userVerification?: string; authenticatorSelection?: { userVerification?: string } }
      if (options.authenticatorSelection) options.authenticatorSelection.userVerification = 'discouraged'
      else options.userVerification = 'discouraged'
      await route.fulfill({ response: answer, json: options })
    })

  test('after a passkey sign-in, a `next` with the tab trick lands on the console’s /sites, not another origin', async () => {
    const { url } = await world.invitationLink('tab@agency.example', 'staff')
    const { context, page } = await passkeyBrowser()
    await page.goto(url)
    await page.getByRole('button', { name: 'Create your passkey' }).click()
    await page.waitForURL('**/sites')
    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL((u) => u.pathname === '/')
    await page.goto(`/?next=${encodeURIComponent('/\t/evil.example')}`)
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await page.waitForURL((u) => u.pathname === '/sites', { timeout: 20_000 })
    expect(new URL(page.url()).origin).toBe(world.consoleUrl)
    await context.close()
  })

  test('a new passkey made without user verification is refused: nobody joins', async () => {
    const { url } = await world.invitationLink('uv@agency.example', 'staff')
    const { context, page } = await passkeyBrowser(false)
    await withoutUserVerification(page, '/passkeys/registration')
    await page.goto(url)
    await page.getByRole('button', { name: 'Create your passkey' }).click()
    await expect.poll(() => page.getByText('This passkey could not be checked').count(), { timeout: 20_000 }).toBe(1)
    expect(await world.storage.console.personByEmail('uv@agency.example')).toBeUndefined()
    await context.close()
  })
})

test('with SITES_FILE the API shows the file’s sites and refuses every write with 409, saying why', async () => {
  const { createApiToken } = await import('#server/console/api-tokens.server.ts')
  const { secret } = await createApiToken(world.storage.tokens, world.storage.console, {
    name: 'file-mode',
    role: 'admin',
    sites: [],
    createdBy: 'test',
    knownSites: [],
    now: Date.now(),
  })
  const call = (method: string, path: string, body?: unknown) =>
    world.consoleRequest(`/api/v1${path}`, {
      method,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { Authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    })
  const listed = await call('GET', '/sites')
  expect(JSON.parse(listed.text)).toMatchObject({
    source: 'file',
    sites: [
      { id: 'acme', version: null },
      { id: 'birch', version: null },
    ],
  })
  for (const [method, path, body] of [
    ['POST', '/sites', { hosts: ['new.test'], pageId: 'new' }],
    ['PATCH', '/sites/acme', { reports: { email: ['boss@acme.example'] } }],
    ['DELETE', '/sites/acme', undefined],
  ] as const) {
    const answer = await call(method, path, body)
    expect(answer.status, `${method} ${path}`).toBe(409)
    expect(JSON.parse(answer.text).error).toContain('SITES_FILE')
  }
})

test('with SITES_FILE the console’s site pages say so, show no write button, and their forms are refused on the server', async () => {
  const admin = await world.signedInPerson('file-admin@agency.example', 'admin')
  const notice = /These sites come from the sites file <code[^>]*>[^<]*sites\.json<\/code> \(SITES_FILE\)/
  const sites = await get('/sites', admin.cookie)
  expect(sites.text).toMatch(notice)
  expect(sites.text).not.toContain('Add a site')
  const settings = await get('/sites/acme/settings', admin.cookie)
  expect(settings.text).toMatch(notice)
  expect(settings.text).not.toContain('Save settings')
  expect(settings.text).not.toContain('Remove this site')
  expect(settings.text).toContain('readOnly=""') // every field read-only
  for (const [path, fields] of [
    ['/sites/acme/settings', { intent: 'save', hosts: 'acme.test', 'reports.email': 'boss@acme.example' }],
    ['/sites/acme/settings', { intent: 'remove', confirm: 'acme' }],
    ['/new-site', { pageId: 'cedar', hosts: 'cedar.test' }],
  ] as const) {
    const answer = await post(path, fields, admin.cookie)
    expect(answer.status, path).toBe(200)
    expect(answer.text, path).toMatch(/the sites come from SITES_FILE/i)
  }
  expect((await world.site.request(SITES.acme.host, '/')).status).toBe(200)
  expect(await world.storage.sites.all()).toEqual([])
})
