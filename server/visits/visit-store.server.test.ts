import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { createVisitStore, isCountableVisitor, type VisitStore } from './visit-store.server.ts'

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'

let dir: string
let clock: number
let stores: VisitStore[]
const open = () => {
  const store = createVisitStore({ dataDir: dir, timeZone: 'America/Denver', now: () => clock })
  stores.push(store)
  return store
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'visits-'))
  clock = Date.parse('2025-06-01T12:00:00-06:00')
  stores = []
})
afterEach(() => {
  for (const s of stores) s.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

test('each page view counts once, today and in total, in visits.sqlite under the data folder', () => {
  const store = open()
  expect(store.counts()).toEqual({ today: 0, total: 0 })
  expect(store.recordView(BROWSER)).toEqual({ today: 1, total: 1, counted: true })
  expect(store.recordView(BROWSER)).toEqual({ today: 2, total: 2, counted: true })
  expect(fs.existsSync(path.join(dir, 'visits.sqlite'))).toBe(true)
})

test('a new day starts today from zero while the total keeps growing (days in the configured time zone)', () => {
  const store = open()
  store.recordView(BROWSER)
  store.recordView(BROWSER)
  clock = Date.parse('2025-06-01T23:30:00-06:00') // already June 2 in UTC, still June 1 in Denver
  expect(store.recordView(BROWSER)).toMatchObject({ today: 3, total: 3 })
  clock = Date.parse('2025-06-02T00:30:00-06:00')
  expect(store.counts()).toEqual({ today: 0, total: 3 })
  expect(store.recordView(BROWSER)).toMatchObject({ today: 1, total: 4 })
})

test('bots and visitors without a user agent are not counted', () => {
  const store = open()
  store.recordView(BROWSER)
  for (const agent of [GOOGLEBOT, 'curl/8.5.0', 'Mozilla/5.0 HeadlessChrome/126.0', '', undefined, null]) {
    expect(store.recordView(agent)).toEqual({ today: 1, total: 1, counted: false })
  }
  expect(isCountableVisitor(BROWSER)).toBe(true)
})

test('counts survive a restart', () => {
  open().recordView(BROWSER)
  stores.pop()!.close()
  expect(open().counts()).toEqual({ today: 1, total: 1 })
})
