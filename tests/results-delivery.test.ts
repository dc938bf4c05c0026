import { execFile } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest'
import { monthReport } from '#server/results/month-report.server.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import { acmeRecord } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { startFakeSmtp, type FakeSmtp } from './fake-smtp.ts'
import { fakeTimeEnv } from './faketime.ts'
import { freshDatabase } from './postgres.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * Issue 37 with the real server and its clock moved (libfaketime): days and months are each site's own
 * (a visit at 23:30 on November 30 in Los Angeles is November's there, while a UTC site's is December's);
 * on the 1st, from 08:00 in each site's time zone, last month's report reaches its inbox through a real
 * SMTP server once, across a restart and with two instances on one PostgreSQL.
 */

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36 delivery-test'
type Site = Awaited<ReturnType<typeof startSite>>
const SETTLED = ['results.report-settled']

let provider: Awaited<ReturnType<typeof startFakeProvider>>
let smtp: FakeSmtp
let dir: string
let sitesFile: string
beforeAll(async () => {
  ensureBuilt()
  provider = await startFakeProvider({ kind: 'ok', record: acmeRecord() })
  smtp = await startFakeSmtp()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'results-delivery-'))
  sitesFile = path.join(dir, 'sites.json')
  fs.writeFileSync(
    sitesFile,
    JSON.stringify([
      { hosts: ['west.test'], pageId: 'west', timeZone: 'America/Los_Angeles', reports: { email: ['owner@west.test'] } },
      { hosts: ['east.test'], pageId: 'east', reports: { email: ['owner@east.test', 'office@east.test'] } },
    ]),
  )
})
afterAll(async () => {
  await smtp?.close()
  provider?.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const env = (extra: Record<string, string> = {}) => ({
  SITES_FILE: sitesFile,
  PAGE_API_URL: provider.url,
  TRUST_PROXY: '127.0.0.1',
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Agency Reports <reports@agency.test>',
  LOG_LEVEL: 'debug',
  METRICS_PORT: '0', // any free port: the instance says where
  ...extra,
})

const view = (site: Site, host: string, ip: string) =>
  site.request(host, '/api/results', {
    method: 'POST',
    body: JSON.stringify({ a: 'view', p: '/', r: '' }),
    headers: { 'Content-Type': 'text/plain', 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': ip, 'User-Agent': UA },
  })

/**
 * Resolves once the server has logged one of `events` for each of `sites`: the delivery's own word that
 * it looked at the month (settled: sent, empty or failed; held: another instance is sending it). Longer than the suite's
 * bound: each report draws its chart (sharp, fontconfig) first, seconds on a busy machine.
 */
async function logged(site: Site, events: string[], sites: string[], timeoutMs = 20_000) {
  for (const until = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const seen = new Set(site.logLines().flatMap((line) => (events.includes(String(line.event)) ? [String(line.site)] : [])))
    if (sites.every((id) => seen.has(id))) return
    if (Date.now() > until)
      throw new Error(`no ${events.join(' or ')} for ${sites.join(', ')} within ${timeoutMs} ms:\n${site.output().slice(-3000)}`)
  }
}

describe('days, months and the 1st in each site’s time zone', () => {
  test('23:30 on November 30 in Los Angeles (December 1 in UTC): November 30 for the Los Angeles site, December 1 for the UTC one', async () => {
    const dataDir = path.join(dir, 'boundary')
    const site = await startSite({ ...env(), ...fakeTimeEnv('2026-12-01T07:30:00Z') }, dataDir)
    try {
      expect((await view(site, 'west.test', '203.0.113.10')).status).toBe(204)
      expect((await view(site, 'east.test', '203.0.113.10')).status).toBe(204)
    } finally {
      await site.stop()
    }
    const storage = await openStorage({ dataDir, defaultSite: 'west' })
    try {
      const now = Date.parse('2026-12-01T07:31:00Z')
      const west = await monthReport(storage.results, 'west', '2026-11', { timeZone: 'America/Los_Angeles', now })
      expect(west.through).toBe('2026-11-30') // November is still going on in Los Angeles
      expect(west.days.find((d) => d.visitors)?.day).toBe('2026-11-30')
      const east = await monthReport(storage.results, 'east', '2026-12', { timeZone: 'UTC', now })
      expect(east.days.find((d) => d.visitors)?.day).toBe('2026-12-01')
      expect((await monthReport(storage.results, 'east', '2026-11', { timeZone: 'UTC', now })).totals.visitors.month).toBe(0)
    } finally {
      await storage.close()
    }
  })

  test("November's report: the UTC site's at 08:00 UTC, the Los Angeles site's at 08:00 there; each once, across a restart and two instances", async () => {
    const databaseUrl = await freshDatabase(inject('postgresUrl'))
    const seed = await openStorage({ databaseUrl, dataDir: '/nonexistent', defaultSite: 'west' })
    const visitor = { counts: [{ metric: 'visitors', label: '', device: 'phone' as const }] }
    for (const id of ['west', 'east']) await seed.results.record(id, '2026-11-20', [visitor], { labelLimit: 50, now: 0 })
    await seed.close()
    const instance = (name: string, at: string) =>
      startSite({ ...env({ DATABASE_URL: databaseUrl, ORIGIN_NAME: name }), ...fakeTimeEnv(at) }, path.join(dir, `data-${name}`))
    smtp.messages.length = 0

    // 07:30 in Los Angeles, 15:30 in UTC: only the UTC site's is due.
    const early = await instance('a', '2026-12-01T15:30:00Z')
    try {
      await logged(early, SETTLED, ['east'])
      // The operator sees it in the metrics too: this instance sent one report, for the UTC site.
      const metrics = await (await fetch(`${early.metricsUrl()}/metrics`)).text()
      expect(metrics.match(/^tradesite_result_reports_total\{.*$/gm)).toEqual([
        'tradesite_result_reports_total{site="east",outcome="sent"} 1',
      ])
    } finally {
      await early.stop()
    }
    expect(smtp.messages.map((m) => m.envelopeTo)).toEqual([['owner@east.test', 'office@east.test']])

    // 08:05 in Los Angeles: two instances start together, then one of them again.
    const [a, b] = await Promise.all([instance('a', '2026-12-01T16:05:00Z'), instance('b', '2026-12-01T16:05:00Z')])
    try {
      // Both looked at both months at the same moment; one of them sent the Los Angeles site's.
      await Promise.all([a, b].map((site) => logged(site, [...SETTLED, 'results.report-held'], ['west', 'east'])))
      await Promise.race([a, b].map((site) => logged(site, SETTLED, ['west'])))
      await a.stop()
      const again = await instance('a', '2026-12-01T16:20:00Z')
      await logged(again, SETTLED, ['west', 'east']).finally(() => again.stop())
    } finally {
      await Promise.all([a.stop(), b.stop()])
    }
    expect(smtp.messages.map((m) => [m.envelopeTo, m.subject])).toEqual([
      [['owner@east.test', 'office@east.test'], expect.stringMatching(/^What your website brought in: November 2026/)],
      [['owner@west.test'], expect.stringMatching(/^What your website brought in: November 2026/)],
    ])
    expect(smtp.messages[1]!.messageId).toMatch(/^<report\.west\.2026-11\.[\da-f-]{36}@agency\.test>$/)

    // `npm run results -- --send` on November 25: the month so far, now, to the site's addresses.
    const sent = await promisify(execFile)(process.execPath, ['server/cli/results.js', '--send', '--month', '2026-11', '--site', 'west'], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: {
        ...process.env,
        ...env({ DATABASE_URL: databaseUrl }),
        DATA_DIR: path.join(dir, 'data-a'),
        ...fakeTimeEnv('2026-11-25T20:00:00Z'),
      },
    })
    expect(sent.stderr).toContain("west: 2026-11's report sent to owner@west.test")
    expect(smtp.messages).toHaveLength(3)
    expect(smtp.messages[2]!.text).toContain('So far this month: November 1 to November 25. Compared with October 1 – October 25.')
    expect(smtp.messages[2]!.subject).toMatch(/^What your website brought in: November 2026 \(so far\) \(/)
    // Its button opens the site's share page: the link was made for the site, which had none.
    expect(String(smtp.messages[1]!.html)).toMatch(/<a class="see-all" href="[^"]*\/reports\/[\da-f]{64}"[^>]*>See the whole report<\/a>/)
    // Two sends of one month's report (the 1st's and this one) are two messages: each its own Message-ID.
    expect(smtp.messages[2]!.messageId).not.toBe(smtp.messages[1]!.messageId)
  }, 120_000)
})
