import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { LocalImage } from '#app/ui/image-variants.ts'
import { createSitePictures, PUBLISH_EVERY_MS } from './site-pictures.server.ts'

/** A store's state as the pictures see it: URLs made (by hash) and URLs that failed; the rest wait. */
let ready: Map<string, LocalImage>
let failed: Set<string>
let clock: number
const photo = (n: number): LocalImage => ({ hash: String(n).padStart(32, '0'), width: 800, height: 600, fallback: 'jpg' })
const urls = (site: string, n: number) => Array.from({ length: n }, (_, i) => `https://${site}.example/${i}.jpg`)

beforeEach(() => {
  vi.useFakeTimers()
  ready = new Map()
  failed = new Set()
  clock = 0
})
afterEach(() => vi.useRealTimers())

function sitesWith(lists: Record<string, () => string[] | null>) {
  const pictures = createSitePictures({
    image: (url) => ready.get(url),
    waiting: (url) => !ready.has(url) && !failed.has(url),
    now: () => clock,
  })
  const published: string[] = []
  for (const [site, list] of Object.entries(lists)) pictures.register(site, list, () => published.push(site))
  return { pictures, published }
}

test('a site filling its photos is published at once, then at most every few seconds, and at once when none is left waiting', () => {
  const a = urls('a', 4)
  const { pictures, published } = sitesWith({ a: () => a })
  pictures.update()
  expect(published).toEqual(['a']) // first shown: every placeholder
  clock = 10_000
  ready.set(a[0]!, photo(0))
  pictures.update()
  expect(pictures.localSrc('a', a[0]!)).toMatch(/^\/img\/0{32}-800x600\//)
  ready.set(a[1]!, photo(1))
  clock += 500
  pictures.update()
  expect(pictures.localSrc('a', a[1]!)).toBeUndefined() // within the pause: still the placeholder
  expect(published).toEqual(['a', 'a'])
  clock = 10_000 + PUBLISH_EVERY_MS
  vi.advanceTimersByTime(PUBLISH_EVERY_MS) // the pause is over: what waited is published without being asked
  expect(published).toEqual(['a', 'a', 'a'])
  expect(pictures.localSrc('a', a[1]!)).toBeDefined()
  ready.set(a[2]!, photo(2))
  failed.add(a[3]!)
  clock += 100
  pictures.update() // nothing of the site waits any more: shown at once
  expect(published).toEqual(['a', 'a', 'a', 'a'])
  expect(pictures.localSrc('a', a[2]!)).toBeDefined()
  expect(pictures.generation('a')).toBe(4)
})

test("a photo of one site never re-renders another, and a site's record change shows what is ready of it at once", () => {
  let b = urls('b', 1)
  const { pictures, published } = sitesWith({ a: () => urls('a', 3), b: () => b })
  pictures.update()
  published.length = 0
  ready.set('https://a.example/0.jpg', photo(0))
  clock = 10_000
  pictures.update()
  expect(published).toEqual(['a'])
  expect(pictures.generation('b')).toBe(1)
  // b's record now names a photo made for a, while a is still within its pause: b shows it at once.
  ready.set('https://a.example/1.jpg', photo(1))
  b = [...b, 'https://a.example/1.jpg']
  clock += 100
  pictures.update()
  expect(published).toEqual(['a', 'b'])
  expect(pictures.localSrc('b', 'https://a.example/1.jpg')).toBeDefined()
  expect(pictures.localSrc('a', 'https://a.example/1.jpg')).toBeUndefined() // a's turn comes with its pause
})

test('a site without a record yet shows nothing, and an unregistered one is forgotten', () => {
  const { pictures, published } = sitesWith({ a: () => null })
  pictures.update()
  expect(pictures.generation('a')).toBe(1)
  expect([...pictures.needs()]).toEqual([['a', null]])
  const unregister = pictures.register('b', () => urls('b', 1))
  unregister()
  expect(pictures.urlsOf('b')).toEqual([])
  expect(published).toEqual(['a'])
})
