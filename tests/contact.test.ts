import { afterAll, beforeAll, expect, test } from 'vitest'
import { openStorage } from '#server/storage/storage.server.ts'
import { startFakeRelay } from '#tests/fake-relay.ts'
import { acmeRecord, validLead } from './contact-post.ts'
import { relayOf } from './lead-fixtures.ts'
import { startFakeProvider } from './fake-provider.ts'
import { ensureBuilt, startSite } from './site-server.ts'

let relay: Awaited<ReturnType<typeof startFakeRelay>>
let provider: Awaited<ReturnType<typeof startFakeProvider>>
let site: Awaited<ReturnType<typeof startSite>>

beforeAll(async () => {
  ensureBuilt()
  relay = await startFakeRelay()
  provider = await startFakeProvider({
    kind: 'ok',
    record: acmeRecord(relay.url),
  })
  // Room for every post of this file: the limit itself is tested on a site of its own below.
  site = await startSite({ PAGE_API_URL: provider.url, OUTBOUND_ALLOW_ORIGINS: relay.url, CONTACT_RATE_LIMIT: '20' })
}, 180_000)
afterAll(async () => {
  await site?.stop()
  await provider?.close()
  await relay?.close()
})

/** What a browser says about a form posted from one of the site's own pages. */
const fromOurPage = { 'Sec-Fetch-Site': 'same-origin' }

function post(form: Record<string, string | string[]>, headers: Record<string, string> = fromOurPage) {
  const body = new URLSearchParams()
  for (const [k, v] of Object.entries(form)) for (const one of [v].flat()) body.append(k, one)
  return site.get('/contact', { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers } })
}

const lead = { ...validLead, toEmail: 'attacker@evil.example' }

/** What the relay accepted for the lead sent with this email (each test sends its own). */
const relayedFor = (email: string) => relay.accepted().filter((r) => (r.body as { email?: string }).email === email)

test('a plain (no-JavaScript) post stores the lead, answers with the page, and relays it with the exact body', async () => {
  const response = await post(lead)
  expect(response.status).toBe(200)
  expect(response.headers.get('set-cookie')).toBeNull()
  expect(await response.text()).toContain('Contact')
  await expect.poll(() => relayedFor(lead.email).length).toBe(1)
  const relayed = relayedFor(lead.email)[0]!
  expect(relayed.body).toEqual({
    toEmail: 'owner@acme.example',
    nombre: 'Ana',
    lastname: 'Lopez',
    email: 'ana@example.com',
    asunto: 'New Service Request From Ana Lopez',
    phone: '(720) 555-0101',
    address: '12 Elm St',
    service: 'Decks',
    mensaje: 'No Extra Info',
    img: 'https://cdn.example/logo.png',
    color: '1',
    waytocontact: 'Phone call, Email',
  })
  expect(relayed.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/)
  expect(relayed.headers['content-type']).toMatch(/^application\/json/)
})

test('invalid input is refused with field messages in the page, and nothing is stored (so nothing can be relayed)', async () => {
  const before = (await storedLeads()).length
  const response = await post({ ...lead, email: 'not-an-email', phone: '123', service: 'Roofing' })
  expect(response.status).toBe(400)
  const page = await response.text()
  expect(page).toContain('Please enter a valid email address.')
  expect(page).toContain('Please enter a phone number with at least 10 digits.')
  expect(page).toContain('Please choose a service from the list.')
  expect((await storedLeads()).length).toBe(before) // a lead is stored before the answer, so none was
  expect(relay.requests.map((r) => (r.body as { email?: string }).email)).not.toContain('not-an-email')
})

test('a bot that fills the honeypot gets the thank-you page whatever else it sent, and nothing is stored', async () => {
  const before = (await storedLeads()).length
  const response = await post({ ...lead, email: 'not-an-email', website: 'http://spam.example' })
  expect(response.status).toBe(200)
  const page = await response.text()
  expect(page).toContain('Thank you! Your request was sent. We will contact you shortly.')
  expect(page).not.toContain('Please enter a valid email address.')
  expect((await storedLeads()).length).toBe(before)
})

test("a post from another site's page is refused with a readable message, and stores nothing", async () => {
  const before = (await storedLeads()).length
  const crossSite = await post(lead, { 'Sec-Fetch-Site': 'cross-site', Origin: 'https://evil.example' })
  expect(crossSite.status).toBe(403)
  expect(await crossSite.text()).toContain('This form can only be sent from this website')
  const oldBrowser = await post(lead, { Origin: 'https://evil.example' })
  expect(oldBrowser.status).toBe(403)
  const fetcherPost = await site.get('/contact.data', {
    method: 'POST',
    body: new URLSearchParams({ ...lead, contactWays: 'phone' }),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-site' },
  })
  expect(fetcherPost.status).toBe(403)
  const sameHost = await post({ ...lead, firstName: '' }, { Origin: site.url })
  expect(sameHost.status).toBe(400) // past the origin check, stopped by validation
  expect((await storedLeads()).length).toBe(before) // a lead is stored before the answer, so none was
})

/** Reads the site's own SQLite database, as `npm run leads` would. */
async function storedLeads() {
  const storage = await openStorage({ dataDir: site.dataDir, defaultSite: 'demo' })
  try {
    return await storage.leads.listLeads()
  } finally {
    await storage.close()
  }
}

test('too large a form is refused before it is read, with a readable message', async () => {
  const response = await post({ ...lead, message: 'x'.repeat(70_000) })
  expect(response.status).toBe(413)
  expect(await response.text()).toBe('The form is too large to send. Please shorten your message and try again.')
})

test('the limit (CONTACT_RATE_LIMIT) counts posts that stored a lead; refused posts count apart, to a higher bound; other clients are unaffected (TRUST_PROXY)', async () => {
  const proxied = await startSite({
    PAGE_API_URL: provider.url,
    OUTBOUND_ALLOW_ORIGINS: relay.url,
    TRUST_PROXY: '1',
    CONTACT_RATE_LIMIT: '5',
  })
  try {
    const send = (ip: string, fields: Record<string, string> = {}) =>
      proxied.get('/contact', {
        method: 'POST',
        body: new URLSearchParams({ ...lead, contactWays: 'phone', ...fields }),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...fromOurPage, 'X-Forwarded-For': ip },
      })
    // The visitor: three leads sent, two posts refused for a short phone, then a sixth valid post: stored.
    const visitor = '203.0.113.7'
    const statuses = []
    const tries: Record<string, string>[] = [{}, {}, {}, { phone: '555-0100' }, { phone: '555' }, {}, {}]
    for (const fields of tries) statuses.push((await send(visitor, fields)).status)
    expect(statuses).toEqual([200, 200, 200, 400, 400, 200, 200])
    const limited = await send(visitor) // a sixth lead stored would be one over the limit
    expect(limited.status).toBe(429)
    expect(await limited.text()).toContain('Too many requests')

    // A script posting garbage: refused posts count to 4 × the limit, then 429.
    const script = '203.0.113.8'
    const refused = []
    for (let i = 0; i < 21; i++) refused.push((await send(script, { firstName: '' })).status)
    expect(refused).toEqual([...Array<number>(20).fill(400), 429])
    expect((await send(script)).status).toBe(429) // while over the refused bound, nothing is stored
    expect((await send('198.51.100.9', { firstName: '' })).status).toBe(400)
  } finally {
    await proxied.stop()
  }
})

test('npm run leads lists the stored lead with its relay state', async () => {
  expect((await post({ ...lead, email: 'listed@example.com' })).status).toBe(200) // this test's own lead
  const stateOf = async (email: string) => relayOf((await storedLeads()).find((row) => row.lead.email === email))?.state
  await expect.poll(() => stateOf('listed@example.com')).toBe('delivered')
  const { execFileSync } = await import('node:child_process')
  const out = execFileSync(process.execPath, ['server/cli/leads.js'], { env: { ...process.env, DATA_DIR: site.dataDir }, encoding: 'utf8' })
  expect(out).toMatch(/listed@example\.com.*\n {2}relay +http:\/\/127\.0\.0\.1:\d+\/relay +delivered /)
  const csv = execFileSync(process.execPath, ['server/cli/leads.js', '--csv'], {
    env: { ...process.env, DATA_DIR: site.dataDir },
    encoding: 'utf8',
  })
  expect(csv.split('\r\n')[0]).toMatch(/email/i)
  expect(csv).toContain('listed@example.com')
})
