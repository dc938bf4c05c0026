import { afterEach, describe, expect, test } from 'vitest'
import { backends, closeAll, closeStorages } from './storage-backends.ts'
import { createVisitStore, isCountableVisitor } from '#server/visits/visit-store.server.ts'
import { createDayKeys } from '#server/visits/day-keys.server.ts'

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

afterEach(closeAll)

describe.each(backends)('visit counts on $name', (backend) => {
  let clock = Date.parse('2025-06-01T12:00:00-06:00')
  async function open(place?: string, site = 'p1') {
    const storage = await backend.open(place ?? (await backend.fresh()))
    clock = Date.parse('2025-06-01T12:00:00-06:00')
    const now = () => clock
    const keys = createDayKeys({ salts: storage.results, now })
    return createVisitStore({ storage: storage.visits, site, seen: storage.rateLimits, keys, timeZone: 'America/Denver' })
  }

  test('each client counts once a day, today and in total, however often it posts', async () => {
    const store = await open()
    expect(await store.counts()).toEqual({ today: 0, total: 0 })
    expect(await store.recordView(BROWSER, '203.0.113.1')).toEqual({ today: 1, total: 1, counted: true })
    for (let i = 0; i < 50; i++) await store.recordView(BROWSER, '203.0.113.1')
    expect(await store.recordView(BROWSER, '203.0.113.1')).toEqual({ today: 1, total: 1, counted: false })
    expect(await store.recordView(BROWSER, '203.0.113.2')).toEqual({ today: 2, total: 2, counted: true })
  })

  test('a new day starts today from zero while the total keeps growing (days in the configured time zone)', async () => {
    const store = await open()
    await store.recordView(BROWSER, 'a')
    await store.recordView(BROWSER, 'b')
    clock = Date.parse('2025-06-01T23:30:00-06:00') // already June 2 in UTC, still June 1 in Denver
    expect(await store.recordView(BROWSER, 'c')).toMatchObject({ today: 3, total: 3 })
    expect(await store.recordView(BROWSER, 'a')).toMatchObject({ today: 3, total: 3, counted: false })
    clock = Date.parse('2025-06-02T00:30:00-06:00')
    expect(await store.counts()).toEqual({ today: 0, total: 3 })
    expect(await store.recordView(BROWSER, 'a')).toMatchObject({ today: 1, total: 4, counted: true })
  })

  test('bots and visitors without a user agent are not counted', async () => {
    const store = await open()
    await store.recordView(BROWSER, 'a')
    for (const agent of [GOOGLEBOT, 'curl/8.5.0', 'Mozilla/5.0 HeadlessChrome/126.0', '', undefined, null]) {
      expect(await store.recordView(agent, 'b')).toEqual({ today: 1, total: 1, counted: false })
    }
    expect(isCountableVisitor(BROWSER)).toBe(true)
  })

  test('counts survive a restart, are shared by instances on one storage, and are kept per site', async () => {
    const place = await backend.fresh()
    await (await open(place)).recordView(BROWSER, 'a')
    await closeStorages()
    const [a, b] = [await open(place), await open(place)]
    expect(await b.recordView(BROWSER, 'a')).toMatchObject({ counted: false }) // instances share who was counted
    await b.recordView(BROWSER, 'b')
    expect(await a.counts()).toEqual({ today: 2, total: 2 })
    const other = await open(place, 'other-site')
    expect(await other.recordView(BROWSER, 'a')).toMatchObject({ today: 1, total: 1 })
    expect(await a.counts()).toEqual({ today: 2, total: 2 })
  })
})
