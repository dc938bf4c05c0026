import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { parseEnv } from '../config/env.server.ts'
import { hostOnly, loadSiteConfigs, parseSiteConfigs, siteResolver } from './site-config.server.ts'

const two = [
  { hosts: ['ironwood.example', 'WWW.Ironwood.example'], pageId: 'ironwood-1', siteUrl: 'https://ironwood.example/' },
  { hosts: ['cedar.example'], pageId: 'cedar-2', pageApiUrl: 'https://other-provider.example/api' },
]

test('a sites file gives one site per entry, its id the pageId, host names lower-cased', () => {
  const none = { timeZone: 'UTC', leads: { email: [], webhooks: [] }, reports: { email: [] } }
  expect(parseSiteConfigs(two)).toEqual([
    {
      id: 'ironwood-1',
      hosts: ['ironwood.example', 'www.ironwood.example'],
      pageId: 'ironwood-1',
      siteUrl: 'https://ironwood.example',
      ...none,
    },
    { id: 'cedar-2', hosts: ['cedar.example'], pageId: 'cedar-2', pageApiUrl: 'https://other-provider.example/api', ...none },
  ])
})

test('mistakes are listed, each with the site and field it is in', () => {
  const wrong = [
    { hosts: ['a.example'], pageId: 'one' },
    { hosts: ['A.example', 'https://b.example/'], pageId: 'one', siteUrl: 'ftp://x', colour: 'red' },
  ]
  expect(() => parseSiteConfigs(wrong, 'sites.json')).toThrowErrorMatchingInlineSnapshot(`
    [Error: Invalid sites file sites.json:
      - site #2 ("one") hosts[1]: a host name such as www.example.com (no scheme, port or path)
      - site #2 ("one") siteUrl: Invalid URL
      - site #2 ("one") colour: not a field of a site
      - site #2 ("one") pageId: pageId "one" is already site #1; list all its hosts in one entry
      - site #2 ("one") hosts[0]: host "a.example" already belongs to site #1]
  `)
  expect(() =>
    parseSiteConfigs([
      { hosts: ['a.example'], pageId: 'one' },
      { hosts: ['A.example'], pageId: 'one' },
    ]),
  ).toThrow(
    /site #2 \("one"\) pageId: pageId "one" is already site #1[\s\S]*site #2 \("one"\) hosts\[0\]: host "a.example" already belongs to site #1/,
  )
  expect(() => parseSiteConfigs([])).toThrow(/the file: list at least one site/)
})

test('SITES_FILE is read from disk, with a clear message when it is missing or not JSON', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sites-'))
  const file = path.join(dir, 'sites.json')
  fs.writeFileSync(file, JSON.stringify(two))
  expect(loadSiteConfigs(parseEnv({ SITES_FILE: file })).map((s) => s.id)).toEqual(['ironwood-1', 'cedar-2'])
  fs.writeFileSync(file, '[{"hosts": ')
  expect(() => loadSiteConfigs(parseEnv({ SITES_FILE: file }))).toThrow(/is not valid JSON/)
  expect(() => loadSiteConfigs(parseEnv({ SITES_FILE: path.join(dir, 'missing.json') }))).toThrow(/cannot be read/)
})

test('without SITES_FILE there is one site from PAGE_ID and SITE_URL, answering every host', () => {
  const [only] = loadSiteConfigs(parseEnv({ PAGE_ID: 'acme', SITE_URL: 'https://acme.example' }))
  expect(only).toEqual({
    id: 'acme',
    pageId: 'acme',
    hosts: [],
    siteUrl: 'https://acme.example',
    timeZone: 'UTC',
    leads: { email: [], webhooks: [] },
    reports: { email: [] },
  })
  const siteFor = siteResolver([{ config: only! }])
  expect(siteFor('anything.example')?.config.id).toBe('acme')
})

test('requests find their site by host, case-insensitive and whatever the port; unknown hosts find none', () => {
  const sites = parseSiteConfigs(two).map((config) => ({ config }))
  const siteFor = siteResolver(sites)
  expect(siteFor('www.ironwood.example')?.config.id).toBe('ironwood-1')
  expect(siteFor(hostOnly('CEDAR.example:8080'))?.config.id).toBe('cedar-2')
  expect(siteFor('evil.example')).toBeUndefined()
  expect(siteFor(undefined)).toBeUndefined()
  expect(hostOnly('[::1]:3000')).toBe('[::1]')
})

test("a site's time zone, lead destinations and report recipients, each checked where it is written", () => {
  const secret = `whsec_${Buffer.alloc(32, 1).toString('base64')}`
  const [la, ny] = parseSiteConfigs(
    [
      {
        hosts: ['la.example'],
        pageId: 'la',
        timeZone: 'America/Los_Angeles',
        leads: { email: ['Owner@LA.example'], webhooks: [{ url: 'https://hooks.example/la', secret }] },
        reports: { email: ['owner@la.example'] },
      },
      { hosts: ['ny.example'], pageId: 'ny' },
    ],
    'sites.json',
    { timeZone: 'America/New_York', canEmail: true },
  )
  expect(la).toMatchObject({
    timeZone: 'America/Los_Angeles',
    leads: { email: ['owner@la.example'], webhooks: [{ url: 'https://hooks.example/la', secret }] },
    reports: { email: ['owner@la.example'] },
  })
  expect(ny).toMatchObject({ timeZone: 'America/New_York', leads: { email: [], webhooks: [] }, reports: { email: [] } })

  const wrong = [
    {
      hosts: ['a.example'],
      pageId: 'a',
      timeZone: 'Mars/Olympus',
      leads: { email: ['not-an-address'], webhooks: [{ url: 'https://user:pw@hooks.example/a', secret: 'whsec_c2hvcnQ=' }] },
    },
    { hosts: ['b.example'], pageId: 'b', reports: { email: ['owner@b.example'] } },
  ]
  const message = (() => {
    try {
      parseSiteConfigs(wrong, 'sites.json', { timeZone: 'UTC', canEmail: false })
    } catch (e) {
      return (e as Error).message
    }
  })()
  expect(message).toContain('site #1 ("a") timeZone: an IANA time zone')
  expect(message).toContain('site #1 ("a") leads email[0]: an email address')
  expect(message).toContain('site #1 ("a") leads webhooks[0] url: no user or password in the URL')
  expect(message).toContain('site #1 ("a") leads webhooks[0] secret: whsec_ followed by the base64 of 24 to 64 random bytes')
  expect(message).toContain('site #2 ("b") reports email: emails need the agency\'s mail server: set SMTP_URL and MAIL_FROM')
})

test('a webhook at an address the server never reaches is refused, naming the site and field, unless an allowed origin', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
  const sites = [
    {
      hosts: ['a.example'],
      pageId: 'a',
      leads: {
        webhooks: [
          { url: 'https://crm.example/a', secret },
          { url: 'http://192.168.1.20:8080/hook', secret },
        ],
      },
    },
    {
      hosts: ['b.example'],
      pageId: 'b',
      pageApiUrl: 'http://10.0.0.9:4000/api',
      leads: { webhooks: [{ url: 'http://10.0.0.9:4000/hook', secret }] },
    },
  ]
  expect(() => parseSiteConfigs(sites, 'sites.json')).toThrow(
    'site #1 ("a") leads webhooks[1] url: 192.168.1.20 is a private address, which the server never sends to: list http://192.168.1.20:8080 in OUTBOUND_ALLOW_ORIGINS if that receiver is yours',
  )
  // The operator's OUTBOUND_ALLOW_ORIGINS (and a site's own provider, as for b) is reached whatever its address.
  const configs = parseSiteConfigs(sites, 'sites.json', { timeZone: 'UTC', canEmail: true, allowOrigins: ['http://192.168.1.20:8080'] })
  expect(configs.map((c) => c.leads.webhooks.length)).toEqual([2, 1])
})
