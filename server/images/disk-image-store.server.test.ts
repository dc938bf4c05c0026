import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { beforeEach, expect, test } from 'vitest'
import { parseLocalImage } from '#app/ui/image-variants.ts'
import { createDiskImageStore } from './disk-image-store.server.ts'

/** The image host, as the store sees it: URL → bytes (an unknown URL fails like a 404). */
let host: Record<string, Buffer>
let fetched: string[]
let logs: string[]
let dataDir: string
const fetchImage = async (url: string) => {
  fetched.push(url)
  if (!host[url]) throw new Error('HTTP 404')
  return host[url]
}
const logger = { info: (m: string) => logs.push(m), warn: (m: string) => logs.push(m) }
const picture = (colour: string, width = 800) =>
  sharp({ create: { width, height: width / 2, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'image-store-'))
  host = { 'https://a.example/red.jpg': await picture('#c00'), 'https://a.example/blue.jpg': await picture('#00c') }
  fetched = []
  logs = []
})

function storeWith(urls: () => string[] | null, maxDiskBytes = 50e6, extra: Partial<Parameters<typeof createDiskImageStore>[0]> = {}) {
  const store = createDiskImageStore({ dataDir, fetchImage, maxDiskBytes, logger, ...extra })
  store.register('site-a', urls)
  return store
}

test('each needed image is fetched once and served under its content hash, with its size', async () => {
  const store = storeWith(() => ['https://a.example/red.jpg'])
  store.sync()
  store.sync()
  await store.idle()
  store.sync()
  expect(fetched).toEqual(['https://a.example/red.jpg'])
  const local = parseLocalImage(store.localSrc('site-a', 'https://a.example/red.jpg')!)
  expect(local).toMatchObject({ width: 800, height: 400, fallback: 'jpg' })
  expect(fs.readdirSync(path.join(dataDir, 'images', local!.hash)).sort()).toContain('800.webp')
  expect(store.localSrc('site-a', 'https://a.example/unknown.jpg')).toBeUndefined()
})

test('the manifest survives a restart: nothing is fetched again', async () => {
  const first = storeWith(() => ['https://a.example/red.jpg'])
  first.sync()
  await first.idle()
  const before = first.localSrc('site-a', 'https://a.example/red.jpg')
  fetched = []
  const second = storeWith(() => ['https://a.example/red.jpg'])
  second.sync()
  await second.idle()
  expect(fetched).toEqual([])
  expect(second.localSrc('site-a', 'https://a.example/red.jpg')).toBe(before)
})

test('variants no source needs are deleted, but never while a source has no record yet', async () => {
  let urls: string[] | null = ['https://a.example/red.jpg', 'https://a.example/blue.jpg']
  const store = storeWith(() => urls)
  store.sync()
  await store.idle()
  const blue = parseLocalImage(store.localSrc('site-a', 'https://a.example/blue.jpg')!)!.hash
  urls = null
  store.sync()
  await store.idle()
  expect(fs.existsSync(path.join(dataDir, 'images', blue))).toBe(true)
  urls = ['https://a.example/red.jpg']
  const generation = store.generation('site-a')
  store.sync()
  await store.idle()
  expect(fs.existsSync(path.join(dataDir, 'images', blue))).toBe(false)
  expect(store.localSrc('site-a', 'https://a.example/blue.jpg')).toBeUndefined()
  expect(store.generation('site-a')).toBeGreaterThan(generation)
})

test('folders left by an interrupted run are removed', async () => {
  const leftover = path.join(dataDir, 'images', `${'f'.repeat(32)}.123.tmp`)
  fs.mkdirSync(leftover, { recursive: true })
  const store = storeWith(() => ['https://a.example/red.jpg'])
  store.sync()
  await store.idle()
  expect(fs.existsSync(leftover)).toBe(false)
  expect(fs.readdirSync(path.join(dataDir, 'images')).sort()).toEqual([
    parseLocalImage(store.localSrc('site-a', 'https://a.example/red.jpg')!)!.hash,
    'manifest.json',
  ])
})

test('two sources share one store; an image one of them still needs stays', async () => {
  const store = storeWith(() => ['https://a.example/red.jpg'])
  let otherSite = ['https://a.example/red.jpg', 'https://a.example/blue.jpg']
  store.register('site-b', () => otherSite)
  store.sync()
  await store.idle()
  otherSite = ['https://a.example/blue.jpg']
  store.sync()
  await store.idle()
  expect(store.localSrc('site-a', 'https://a.example/red.jpg')).toBeDefined()
  expect(store.localSrc('site-b', 'https://a.example/blue.jpg')).toBeDefined()
})

test('past the disk budget no new image is encoded, and the reason is logged', async () => {
  const store = storeWith(() => ['https://a.example/red.jpg', 'https://a.example/blue.jpg'], 1)
  store.sync()
  await store.idle()
  expect(
    [store.localSrc('site-a', 'https://a.example/red.jpg'), store.localSrc('site-a', 'https://a.example/blue.jpg')].filter(Boolean),
  ).toHaveLength(1)
  expect(logs.join('\n')).toMatch(/blue\.jpg: the image folder is full/)
  expect(store.status().diskBytes).toBeGreaterThan(0)
})

test('a failed image is retried after 5 minutes, then twice as long each time up to a day, and logged once', async () => {
  let clock = 0
  const store = storeWith(() => ['https://a.example/missing.jpg'], 50e6, { now: () => clock })
  const attemptsAt: number[] = []
  const minute = 60_000
  for (; clock <= 4 * 24 * 60 * minute; clock += minute) {
    const before = fetched.length
    store.sync()
    await store.idle()
    if (fetched.length > before) attemptsAt.push(clock / minute)
  }
  const waits = attemptsAt.slice(1).map((at, i) => at - attemptsAt[i]!)
  expect(waits.slice(0, 10)).toEqual([5, 10, 20, 40, 80, 160, 320, 640, 1280, 1440])
  expect(new Set(waits.slice(9))).toEqual(new Set([24 * 60]))
  expect(logs).toEqual(['[images] https://a.example/missing.jpg: HTTP 404; showing a placeholder'])
  expect(store.status()).toMatchObject({ ready: 0, pending: 0, failed: 1 })
})

test('a failure is forgotten once no record names its URL', async () => {
  let urls = ['https://a.example/missing.jpg']
  const store = storeWith(() => urls)
  store.sync()
  await store.idle()
  expect(store.status().failed).toBe(1)
  urls = ['https://a.example/red.jpg']
  store.sync()
  await store.idle()
  expect(store.status()).toMatchObject({ ready: 1, failed: 0 })
})

test('sites take turns: one site with many images does not hold back the others', async () => {
  const urls = (site: string, n: number) => Array.from({ length: n }, (_, i) => `https://${site}.example/${i}.jpg`)
  const store = storeWith(() => urls('a', 3))
  store.register('site-b', () => [...urls('b', 2), 'https://a.example/0.jpg']) // a shared photo is fetched once
  store.register('site-c', () => urls('c', 1))
  store.sync()
  await store.idle()
  expect(fetched.map((url) => url.replace(/^https:\/\/(\w)\.example\/(\d)\.jpg$/, '$1$2'))).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'a2'])
})

test('the manifest is written in batches, and a clean stop loses no finished image', async () => {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  const slowFetch = async (url: string) => {
    if (!url.endsWith('slow.jpg')) return fetchImage(url)
    await held // still on its way when the server stops
    throw new Error('HTTP 503')
  }
  const manifestFile = path.join(dataDir, 'images', 'manifest.json')
  const first = storeWith(() => ['https://a.example/red.jpg', 'https://a.example/blue.jpg', 'https://a.example/slow.jpg'], 50e6, {
    fetchImage: slowFetch,
  })
  first.sync()
  await expect.poll(() => first.status().ready).toBe(2)
  expect(fs.existsSync(manifestFile)).toBe(false) // two images are not a batch
  await first.close() // the manifest is written before it returns, the image still on its way or not
  release()
  const second = storeWith(() => ['https://a.example/red.jpg', 'https://a.example/blue.jpg'])
  fetched = []
  second.sync()
  await second.idle()
  expect(fetched).toEqual([])
  expect(second.status().ready).toBe(2)
})

test('a torn manifest is said so; its folders are kept while a picture is not back, and taken back without encoding again', async () => {
  const [red, blue, green] = ['red', 'blue', 'green'].map((name) => `https://a.example/${name}.jpg`) as [string, string, string]
  host[green] = await picture('#0c0')
  const first = storeWith(() => [red, blue, green])
  first.sync()
  await first.idle()
  await first.close()
  const folderOf = (url: string) => path.join(dataDir, 'images', parseLocalImage(first.localSrc('site-a', url)!)!.hash)
  const before = { red: first.localSrc('site-a', red), blue: first.localSrc('site-a', blue) }
  const manifestFile = path.join(dataDir, 'images', 'manifest.json')
  fs.truncateSync(manifestFile, fs.statSync(manifestFile).size >> 1) // what a power cut can leave of a rename without fsync

  // The blue picture's host is down and the record no longer names the green one.
  const blueBytes = host[blue]!
  delete host[blue]
  let clock = 0
  const second = storeWith(() => [red, blue], 50e6, { now: () => clock })
  expect(logs.join('\n')).toMatch(/manifest\.json is unreadable \(.*JSON.*\): its variant folders are kept/)
  second.sync()
  await second.idle()
  expect(second.localSrc('site-a', red)).toBe(before.red)
  expect(second.status()).toMatchObject({ ready: 1, failed: 1, encodesHere: 0 })
  // Nothing the lost manifest listed is deleted while a picture the record needs is not back: it may be that one.
  expect(fs.existsSync(folderOf(blue))).toBe(true)
  expect(fs.existsSync(folderOf(green))).toBe(true)

  host[blue] = blueBytes
  clock += 5 * 60_000
  second.sync()
  await second.idle()
  expect(second.localSrc('site-a', blue)).toBe(before.blue)
  expect(second.status()).toMatchObject({ ready: 2, failed: 0, encodesHere: 0 })
  // Every picture is back: a folder no record needs goes now.
  expect(fs.existsSync(folderOf(green))).toBe(false)
  await second.close()
  const third = storeWith(() => [red, blue])
  third.sync() // publishes what the manifest holds: nothing to fetch
  expect(third.localSrc('site-a', blue)).toBe(before.blue) // the manifest is whole again
  expect(third.status().pending).toBe(0)
  await third.close()
})

test('a variant folder cut short is encoded again, not taken back', async () => {
  const red = 'https://a.example/red.jpg'
  const first = storeWith(() => [red])
  first.sync()
  await first.idle()
  await first.close()
  const folder = path.join(dataDir, 'images', parseLocalImage(first.localSrc('site-a', red)!)!.hash)
  fs.rmSync(path.join(dataDir, 'images', 'manifest.json'))
  fs.rmSync(path.join(folder, '800.webp'))
  const second = storeWith(() => [red])
  second.sync()
  await second.idle()
  expect(second.status()).toMatchObject({ ready: 1, encodesHere: 1 })
  expect(fs.readdirSync(folder)).toContain('800.webp')
})
