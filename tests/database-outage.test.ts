import { chromium } from '@playwright/test'
import pg from 'pg'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { ESTIMATE_MODAL_SEEN_KEY } from '#app/sections/estimate-visit.ts'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { startUsing } from '../e2e/visitor.ts'
import { acmeRecord, contactPoster, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { freshDatabase } from './postgres.ts'
import { ensureBuilt, startSite } from './site-server.ts'
import { startTcpProxy } from './tcp-proxy.ts'

/** PostgreSQL going away: at start-up the server refuses to start and says why; at form time no lead is lost. */

let provider: Awaited<ReturnType<typeof startFakeProvider>>
let proxy: Awaited<ReturnType<typeof startTcpProxy>>
let databaseUrl: string

beforeAll(async () => {
  ensureBuilt()
  provider = await startFakeProvider({
    kind: 'ok',
    record: acmeRecord(), // no relay: leads are stored and held, which is all this test needs
  })
  databaseUrl = await freshDatabase(inject('postgresUrl'))
  proxy = await startTcpProxy(Number(new URL(databaseUrl).port))
}, 180_000)
afterAll(async () => {
  await proxy?.close()
  await provider?.close()
})

const throughProxy = () => {
  const url = new URL(databaseUrl)
  url.port = String(proxy.port)
  return url.toString()
}

async function storedFirstNames() {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const { rows } = await db.query<{ name: string }>(`SELECT lead_json->>'firstName' AS name FROM leads ORDER BY seq`)
  await db.end()
  return rows.map((r) => r.name)
}

test('an unreachable DATABASE_URL stops the server at start-up with a message naming it, without the password', async () => {
  const url = new URL(throughProxy())
  url.password = 'hunter2'
  await proxy.cut()
  try {
    const start = startSite({ PAGE_API_URL: provider.url, DATABASE_URL: url.toString() })
    await expect(start).rejects.toThrow(
      /Cannot reach the PostgreSQL database in DATABASE_URL \(postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/t_\w+\): .*ECONNREFUSED/,
    )
    await start.catch((e: Error) => expect(e.message).not.toContain('hunter2'))
  } finally {
    await proxy.restore()
  }
})

test('the database lost at form time: a readable error, the visitor keeps what they typed, and the resend is stored', async () => {
  const site = await startSite({ PAGE_API_URL: provider.url, DATABASE_URL: throughProxy(), TRUST_PROXY: '1' })
  try {
    const post = contactPoster(site)
    expect((await post({ ...validLead, firstName: 'Before' }, '203.0.113.20')).status).toBe(200)

    await proxy.cut()
    const form = { ...validLead, firstName: 'Zoë', message: 'Gate on the north side, please' }
    const refused = await post(form, '203.0.113.21')
    expect(refused.status).toBe(503)
    const html = await refused.text()
    expect(html).toContain('Sorry, we could not save your request just now. Your details are still in the form')
    for (const typed of [
      'value="Zoë"',
      'value="Lopez"',
      'value="ana@example.com"',
      'value="(720) 555-0101"',
      'value="12 Elm St"',
      'Gate on the north side, please',
    ]) {
      expect(html).toContain(typed)
    }
    expect(await storedFirstNames()).toEqual(['Before'])

    await proxy.restore()
    expect((await post(form, '203.0.113.21')).status).toBe(200)
    expect(await storedFirstNames()).toEqual(['Before', 'Zoë'])
  } finally {
    await site.stop()
  }
})

test('a database that stops answering (the line hangs, nothing is closed) is an outage after DATABASE_TIMEOUT_MS: pages stay up, a lead gets the readable answer, all comes back', async () => {
  const site = await startSite({
    PAGE_API_URL: provider.url,
    DATABASE_URL: throughProxy(),
    DATABASE_TIMEOUT_MS: '1000',
    RECORD_TTL_SECONDS: '1',
    TRUST_PROXY: '1',
  })
  type Health = { fleet: { mode: string; listening: boolean }; images: { fleet: { database: string } } }
  /** The fleet's mode, whether its listener listens, and whether the pictures' database answers, as /healthz says. */
  const state = async () => {
    const { fleet, images } = (await (await site.get('/healthz')).json()) as Health
    return `${fleet.mode} ${fleet.listening} ${images.fleet.database}`
  }
  const settles = (expected: string) => expect.poll(state, { interval: 250 }).toBe(expected)
  try {
    const post = contactPoster(site)
    expect((await post({ ...validLead, firstName: 'Before hang' }, '203.0.113.30')).status).toBe(200)
    await settles('on true reachable')

    proxy.hang()
    const form = { ...validLead, firstName: 'Hung', message: 'Back gate, please' }
    const refused = await post(form, '203.0.113.31')
    expect(refused.status).toBe(503)
    const html = await refused.text()
    expect(html).toContain('Sorry, we could not save your request just now. Your details are still in the form')
    expect(html).toContain('Back gate, please')
    // The record's ticks, the pictures and the listening connection's heartbeat each find the database away.
    await settles('off false unreachable')
    for (const pathname of ['/', '/contact', '/services']) expect((await site.get(pathname)).status).toBe(200)
    const events = site.logLines().map((line) => line.event)
    expect(events.filter((event) => event === 'fleet.down')).toHaveLength(1)
    expect(events.filter((event) => event === 'images.database-lost')).toHaveLength(1)

    proxy.resume()
    await settles('on true reachable')
    expect((await post(form, '203.0.113.31')).status).toBe(200)
    expect(await storedFirstNames()).toContain('Hung')
  } finally {
    proxy.resume()
    await site.stop()
  }
})

test('in a browser: the database lost at send time leaves every field filled, and sending again once it is back works', async () => {
  const site = await startSite({ PAGE_API_URL: provider.url, DATABASE_URL: throughProxy() })
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  try {
    const page = await browser.newPage()
    await page.addInitScript((key) => sessionStorage.setItem(key, '1'), ESTIMATE_MODAL_SEEN_KEY) // a visitor who closed the modal
    await page.goto(`${site.url}/contact`)
    const form = page.locator('main form[action="/contact"]').first()
    await startUsing(page) // the visitor's first activity brings the form's code (app/ui/deferred.tsx)
    await form.locator('input[name="submissionId"]:not([value=""])').waitFor({ state: 'attached' }) // hydrated: JavaScript sends it
    // acmeRecord names only its contact ways ('Phone call'); the other labels are the English defaults.
    const text = {
      tname: 'First Name',
      tlname: 'Last Name',
      temail: 'Email',
      tphone: 'Phone',
      taddress: 'Address',
      ttypeservice: 'Type of Service',
      tcheckphone: 'Phone call',
      tmessage: 'Message',
      tbutton: 'Send Request',
    }
    const typed: [string, string][] = [
      [text.tname, 'Grace'],
      [text.tlname, 'Hopper'],
      [text.temail, 'grace@example.com'],
      [text.tphone, '303-555-0199'],
      [text.taddress, '7 Compiler Court'],
    ]
    for (const [label, value] of typed) await form.getByRole('textbox', { name: label, exact: true }).fill(value)
    await form.getByRole('combobox', { name: text.ttypeservice }).selectOption('Decks')
    await form.getByRole('checkbox', { name: text.tcheckphone, exact: true }).check()
    await form.getByRole('textbox', { name: text.tmessage }).fill('A composite deck')

    await proxy.cut()
    await form.getByRole('button', { name: text.tbutton }).click()
    await expect.poll(() => form.getByRole('alert').textContent()).toContain('we could not save your request just now')
    for (const [label, value] of typed) expect(await form.getByRole('textbox', { name: label, exact: true }).inputValue()).toBe(value)
    expect(await form.getByRole('textbox', { name: text.tmessage }).inputValue()).toBe('A composite deck')
    expect(await form.getByRole('checkbox', { name: text.tcheckphone, exact: true }).isChecked()).toBe(true)

    await proxy.restore()
    await form.getByRole('button', { name: text.tbutton }).click()
    await expect.poll(() => form.getByRole('status').textContent()).toContain('Thank you!')
    expect((await storedFirstNames()).filter((name) => name === 'Grace')).toEqual(['Grace'])
  } finally {
    await browser.close()
    await site.stop()
  }
})
