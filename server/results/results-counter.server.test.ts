import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { openStorage } from '#server/storage/storage.server.ts'
import type { Storage } from '#server/storage/storage-contract.server.ts'
import { tempDir } from '#tests/lead-fixtures.ts'
import { createDayKeys } from '../visits/day-keys.server.ts'
import { monthReport } from './month-report.server.ts'
import { createResultsCounter, LABEL_LIMIT, type ResultEvent } from './results-counter.server.ts'

/**
 * The counter against the real SQLite storage, on a clock of our own: days in the site's time zone,
 * sources by network and kept by visitors, the work each source and campaign brought, a page's views
 * once per visitor in 30 minutes. (tests/results.test.ts runs the same through the server on both backends.)
 */

const LA = 'America/Los_Angeles'
const UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36'
const own = { ownHosts: ['fence.test'] }

let tmp: ReturnType<typeof tempDir>
let storage: Storage
let clock: number
beforeEach(async () => {
  tmp = tempDir()
  storage = await openStorage({ dataDir: tmp.dir, defaultSite: 'fence' })
  clock = Date.parse('2026-11-30T23:30:00-08:00') // the last evening of November in Los Angeles, already December 1 in UTC
})
afterEach(async () => {
  await storage.close()
  tmp.remove()
})

function counter(timeZone = LA) {
  const keys = createDayKeys({ salts: storage.results, now: () => clock })
  const results = createResultsCounter({ storage: storage.results, site: 'fence', timeZone, keys })
  const visitor = (n: number) => ({ ...own, clientIp: `198.51.100.${n}`, userAgent: `${UA} ${n}` })
  return {
    keys,
    view: (n: number, event: Partial<ResultEvent> = {}) => results.recordEvent({ a: 'view', p: '/', ...event }, visitor(n)),
    tap: (n: number, a: 'phone' | 'chat' | 'map', p = '/') => results.recordEvent({ a, p }, visitor(n)),
    estimate: (n: number) => results.recordLead('modal', visitor(n)),
    arrival: (n: number) => results.arrival(visitor(n)),
    report: (month: string, timeZone_ = timeZone) => monthReport(storage.results, 'fence', month, { timeZone: timeZone_, now: clock }),
  }
}

describe('the results counter', () => {
  test("a view at 23:30 on November 30 in Los Angeles counts on November 30, in November's report", async () => {
    const { view, report } = counter()
    await view(1)
    const november = await report('2026-11')
    expect(november.through).toBe('2026-11-30') // the month is still in progress there
    expect(november.days.at(-1)).toEqual({ day: '2026-11-30', visitors: 1, views: 1, actions: 0, estimates: 0 })
    expect((await report('2026-12')).totals.visitors.month).toBe(0)
    // The same visitor at 00:10 is the next day's: a new day, a new visitor-day.
    clock = Date.parse('2026-12-01T00:10:00-08:00')
    await view(1)
    expect((await report('2026-12')).totals.visitors.month).toBe(1)
  })

  test('four spellings of Facebook are one source', async () => {
    const { view, report } = counter()
    const hosts = ['l.facebook.com', 'm.facebook.com', 'lm.facebook.com', 'www.facebook.com']
    for (const [i, host] of hosts.entries()) await view(i, { r: host })
    expect((await report('2026-11')).sources.map((s) => [s.name, s.visitors])).toEqual([['Facebook', 4]])
  })

  test('60 made-up referrers from one visitor, then a real source from three visitors: the real one is in the report', async () => {
    const { view, report } = counter()
    await view(100, { r: 'nextdoor.com' }) // one real source seen before the flood, by one visitor
    await view(101, { r: 'nextdoor.com' })
    for (let i = 0; i < 60; i++) await view(7, { r: `made-up-${i}.example` })
    for (const visitor of [1, 2, 3]) await view(visitor, { r: 'www.yelp.com' })
    const { sources } = await report('2026-11')
    expect(sources.filter((s) => !s.name.startsWith('(')).length).toBe(LABEL_LIMIT)
    expect(sources.find((s) => s.name === 'Yelp')).toMatchObject({ visitors: 3 })
    expect(sources.find((s) => s.name === 'Nextdoor')).toMatchObject({ visitors: 2 })
    // Every visitor of a source pushed out is still counted: under "(other)".
    expect(sources.reduce((n, s) => n + s.visitors, 0)).toBe(2 + 60 + 3)
  })

  test('the estimate and the calls of a campaign visitor are counted under its campaign and source; others under theirs', async () => {
    const { view, tap, estimate, report, arrival } = counter()
    await view(1, { r: 'www.google.com', q: '?utm_source=google&utm_medium=cpc&utm_campaign=Fall-Fences' })
    await view(1, { p: '/contact', r: 'fence.test' }) // the same visitor moves on: its day still began with the campaign
    await tap(1, 'phone', '/contact')
    await estimate(1)
    await view(2, { r: 'nextdoor.com' })
    await tap(2, 'map')
    await estimate(3) // a visitor the counter never saw (no script): not known
    const r = await report('2026-11')
    const work = (rows: typeof r.sources) => Object.fromEntries(rows.map(({ name, ...figures }) => [name, figures]))
    expect(work(r.campaigns.utm_campaign)).toEqual({
      'fall-fences': { visitors: 1, estimates: 1, phone: 1, chat: 0, email: 0, map: 0 },
      '(none)': { visitors: 1, estimates: 0, phone: 0, chat: 0, email: 0, map: 1 },
      '(unknown)': { visitors: 0, estimates: 1, phone: 0, chat: 0, email: 0, map: 0 },
    })
    expect(work(r.sources)).toEqual({
      Google: { visitors: 1, estimates: 1, phone: 1, chat: 0, email: 0, map: 0 },
      Nextdoor: { visitors: 1, estimates: 0, phone: 0, chat: 0, email: 0, map: 1 },
      '(unknown)': { visitors: 0, estimates: 1, phone: 0, chat: 0, email: 0, map: 0 },
    })
    expect(r.totals.estimates.month).toBe(2)
    // The campaigns table: one row per campaign × source × medium; visitors without any tag, and not known, apart.
    expect(
      r.campaignRows.map(({ campaign, source, medium, name, visitors, estimates }) => [
        campaign ?? name,
        source,
        medium,
        visitors,
        estimates,
      ]),
    ).toEqual([
      ['fall-fences', 'google', 'cpc', 1, 1],
      ['(none)', null, null, 1, 0],
      ['(unknown)', null, null, 0, 1],
    ])
    // A request sent without a counted keystroke (visitor 3, and 1 who never typed): the form counts as started.
    expect(r.forms.find((f) => f.name === 'modal')).toEqual({ name: 'modal', requests: 2, started: 2, notSent: 0 })
    expect(r.totals.formsStarted.month).toBe(2)
    // Where a visitor's day began, as a lead keeps it; none for a visitor never seen.
    expect(await arrival(1)).toEqual({ source: 'Google', utmSource: 'google', medium: 'cpc', campaign: 'fall-fences' })
    expect(await arrival(9)).toBeNull()
  })

  test("where a visitor's day began is kept with its once-keys, and goes with the day's salt", async () => {
    const { view, keys, estimate, report } = counter()
    await view(1, { r: 'www.google.com', q: '?utm_campaign=fall' })
    expect(await keys.sweep()).toBe(0)
    clock = Date.parse('2026-12-01T00:00:00-08:00') // midnight in Los Angeles
    expect(await keys.sweep()).toBe(1)
    await estimate(1) // the next day: a new visitor, its day began nowhere we saw
    expect((await report('2026-12')).campaigns.utm_campaign.map((c) => c.name)).toEqual(['(unknown)'])
  })

  test("a visitor's repeated views of one page within 30 minutes count once; after them, again", async () => {
    const { view, report } = counter()
    clock = Date.parse('2026-11-30T10:00:00-08:00')
    await view(1)
    clock += 10 * 60_000
    await view(1)
    await view(1, { p: '/contact' }) // another page counts
    clock += 29 * 60_000
    await view(1) // 39 minutes after the first counted: counts
    clock += 5 * 60_000
    await view(1)
    const r = await report('2026-11')
    expect(r.totals.views.month).toBe(3)
    expect(r.pages.map((p) => [p.name, p.views, p.visitors])).toEqual([
      ['/', 2, 1],
      ['/contact', 1, 1],
    ])
  })
})
