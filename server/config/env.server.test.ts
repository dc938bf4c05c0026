import { expect, test } from 'vitest'
import os from 'node:os'
import { originName, parseEnv } from './env.server.ts'

test('OUTBOUND_ALLOW_ORIGINS keeps the origin of each listed URL; RECORD_MAX_MB defaults to 5', () => {
  const env = parseEnv({ OUTBOUND_ALLOW_ORIGINS: ' http://10.0.0.5:8025/relay , https://images.internal ' })
  expect(env.OUTBOUND_ALLOW_ORIGINS).toEqual(['http://10.0.0.5:8025', 'https://images.internal'])
  expect(env.RECORD_MAX_MB).toBe(5)
  expect(parseEnv({}).OUTBOUND_ALLOW_ORIGINS).toEqual([])
})

test('a non-http origin or a bad cap stops the start with the variable named', () => {
  expect(() => parseEnv({ OUTBOUND_ALLOW_ORIGINS: 'http://ok.internal,file:///etc', RECORD_MAX_MB: '0' })).toThrow(
    /OUTBOUND_ALLOW_ORIGINS[\s\S]*RECORD_MAX_MB|RECORD_MAX_MB[\s\S]*OUTBOUND_ALLOW_ORIGINS/,
  )
})

test('OUTBOUND_ALLOW_ORIGINS names its one wrong entry, and takes every http(s) address the docs show', () => {
  expect(parseEnv({ OUTBOUND_ALLOW_ORIGINS: 'http://10.0.0.5:8025, https://[fd00::5]:8443/relay,,' }).OUTBOUND_ALLOW_ORIGINS).toEqual([
    'http://10.0.0.5:8025',
    'https://[fd00::5]:8443',
  ])
  expect(() => parseEnv({ OUTBOUND_ALLOW_ORIGINS: 'http://10.0.0.5:8025,smtp://mail.internal:25' })).toThrow(
    /OUTBOUND_ALLOW_ORIGINS: entry 2, "smtp:\/\/mail\.internal:25", is not an http:\/\/ or https:\/\/ address \(e\.g\. http:\/\/10\.0\.0\.5:8025\); the mail server \(SMTP_URL\) needs no listing here/,
  )
  expect(() => parseEnv({ OUTBOUND_ALLOW_ORIGINS: '10.0.0.5:8025' })).toThrow(/entry 1, "10\.0\.0\.5:8025", is not an http/)
})

test('an origin is named by ORIGIN_NAME, else by this machine and its port (its process id when the port is random)', () => {
  expect(originName(parseEnv({ ORIGIN_NAME: ' origin-1 ' }))).toBe('origin-1')
  expect(originName(parseEnv({ PORT: '3001' }))).toBe(`${os.hostname()}:3001`)
  expect(originName(parseEnv({ PORT: '0' }))).toBe(`${os.hostname()}:pid${process.pid}`)
})

test('a malformed DATABASE_URL or SMTP_URL is named without its password; a webhook secret is never echoed', () => {
  const error = (() => {
    try {
      parseEnv({
        DATABASE_URL: 'postgres://app:hunter2@db host/site',
        SMTP_URL: 'smtp://mailer:hunter3@',
        LEAD_WEBHOOK_URL: 'https://hooks.example/x',
        LEAD_WEBHOOK_SECRET: 'whsec_hunter4',
      })
    } catch (e) {
      return (e as Error).message
    }
  })()
  expect(error).toMatch(/DATABASE_URL[\s\S]*SMTP_URL[\s\S]*LEAD_WEBHOOK_SECRET/)
  expect(error).not.toMatch(/hunter/)
  expect(error).toContain('postgres://app:***@db host/site')
})

test("mail settings: SMTP_URL needs MAIL_FROM; the single site's emails need SMTP_URL; the webhook URL and its secret go together", () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
  expect(() => parseEnv({ SMTP_URL: 'smtp://localhost:2525' })).toThrow(/MAIL_FROM: needed with SMTP_URL/)
  expect(() => parseEnv({ LEAD_EMAIL: 'owner@example.com' })).toThrow(/LEAD_EMAIL: emails need the agency's mail server/)
  expect(() => parseEnv({ REPORT_EMAIL: 'owner@example.com' })).toThrow(/REPORT_EMAIL: emails need/)
  expect(() => parseEnv({ LEAD_WEBHOOK_URL: 'https://hooks.example/x' })).toThrow(
    /LEAD_WEBHOOK_SECRET: LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET go together/,
  )
  expect(() => parseEnv({ LEAD_WEBHOOK_URL: 'ftp://hooks.example/x', LEAD_WEBHOOK_SECRET: secret })).toThrow(/LEAD_WEBHOOK_URL: an http/)
  expect(() => parseEnv({ SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@b.example' })).toThrow(/SMTP_URL: a URL such as smtp:/)
  expect(() => parseEnv({ SMTP_URL: 'smtp://localhost', MAIL_FROM: 'Agency <not an address>' })).toThrow(/MAIL_FROM: an address such as/)
  const env = parseEnv({
    SMTP_URL: 'smtps://u:p@smtp.example:465',
    MAIL_FROM: '"Ironwood Leads" <leads@agency.example>',
    LEAD_EMAIL: ' Owner@Example.com, office@example.com ,owner@example.com',
    LEAD_WEBHOOK_URL: 'https://hooks.example/catch/1',
    LEAD_WEBHOOK_SECRET: secret,
    SITE_TIME_ZONE: 'america/los_angeles',
  })
  expect(env.LEAD_EMAIL).toEqual(['owner@example.com', 'office@example.com'])
  expect(env.SITE_TIME_ZONE).toBe('America/Los_Angeles')
  expect(parseEnv({}).SITE_TIME_ZONE).toBe('UTC')
  expect(() => parseEnv({ SITE_TIME_ZONE: 'Pacific Time' })).toThrow(/SITE_TIME_ZONE: an IANA time zone/)
  expect(() => parseEnv({ SITES_FILE: 'sites.json', LEAD_EMAIL: 'a@b.example', SMTP_URL: 'smtp://x', MAIL_FROM: 'a@b.example' })).toThrow(
    /LEAD_EMAIL: the single site's setting/,
  )
})

test('a webhook URL the server would never reach (this machine, a private address) is refused unless OUTBOUND_ALLOW_ORIGINS lists it', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`
  for (const url of [
    'http://localhost:9000/hook',
    'http://127.0.0.1:9000/hook',
    'http://[::1]:9000/hook',
    'https://10.0.0.5/hook',
    'http://169.254.169.254/',
  ])
    expect(() => parseEnv({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret }), url).toThrow(
      new RegExp(
        `LEAD_WEBHOOK_URL: .* (is this machine|address), which the server never sends to: list ${new URL(url).origin.replace(/[.[\]]/g, '\\$&')} in OUTBOUND_ALLOW_ORIGINS if that receiver is yours`,
      ),
    )
  const allowed = parseEnv({
    LEAD_WEBHOOK_URL: 'http://127.0.0.1:9000/hook',
    LEAD_WEBHOOK_SECRET: secret,
    OUTBOUND_ALLOW_ORIGINS: 'http://127.0.0.1:9000',
  })
  expect(allowed.LEAD_WEBHOOK_URL).toBe('http://127.0.0.1:9000/hook')
  // A public name is judged when it is sent to (its address may change): only what the URL itself shows is refused here.
  expect(
    parseEnv({ LEAD_WEBHOOK_URL: 'https://hooks.zapier.com/hooks/catch/1/a/', LEAD_WEBHOOK_SECRET: secret }).LEAD_WEBHOOK_URL,
  ).toBeTruthy()
})

test('INLINE_PAGE_ASSETS is on unless set to a no; a word that is neither yes nor no stops the start with the variable named', () => {
  expect(parseEnv({}).INLINE_PAGE_ASSETS).toBe(true)
  expect(parseEnv({ INLINE_PAGE_ASSETS: 'true' }).INLINE_PAGE_ASSETS).toBe(true)
  expect(parseEnv({ INLINE_PAGE_ASSETS: '1' }).INLINE_PAGE_ASSETS).toBe(true)
  expect(parseEnv({ INLINE_PAGE_ASSETS: 'off' }).INLINE_PAGE_ASSETS).toBe(false)
  expect(() => parseEnv({ INLINE_PAGE_ASSETS: 'maybe' })).toThrow(/INLINE_PAGE_ASSETS/)
})
