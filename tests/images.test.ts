import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeProvider } from './fake-provider.ts'
import { hasGps, phonePhoto, pngBomb, pngLogo, startImageHost } from './image-host.ts'
import { ensureBuilt, startSite } from './site-server.ts'

const PLACEHOLDER = '/img/placeholder.svg'
let host: Awaited<ReturnType<typeof startImageHost>>
let provider: Awaited<ReturnType<typeof startFakeProvider>>
let site: Awaited<ReturnType<typeof startSite>>
let photo: Buffer

const recordWith = (heroPhoto: string) => ({
  dbPrincipal: { name: 'Acme Fence', logo: host.url('/logo.png') },
  dbSlogan: [{ slogan: 'Strong fences' }],
  dbServices: [{ name: 'Wood Fences', description: [{ text: 'Cedar and pine.', img: host.url(heroPhoto) }] }],
  gallery: [host.url(heroPhoto), host.url('/bomb.png'), host.url('/missing.jpg'), host.url('/slow.jpg'), host.url('/fake.jpg')],
  gmb: { link: 'https://g.page/acme-fence', img: host.url('/logo.png') }, // a picture of the business profile
})

/** Polls a page until `ready` holds for its HTML (images are made in the background: minutes of CPU on a busy machine, so longer than the suite's bound). */
async function pageWhen(route: string, ready: (html: string) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const html = await (await site.get(route)).text()
    if (ready(html)) return html
    if (Date.now() > deadline) throw new Error(`${route} never became ready:\n${site.output()}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}
const imageSrcs = (html: string) =>
  [...html.matchAll(/<(?:img|source)\b[^>]*?\s(?:src|srcSet)="([^"]+)"/g)].flatMap((m) => m[1]!.split(', ').map((c) => c.split(' ')[0]!))
const variantOf = (html: string, pattern: RegExp) => imageSrcs(html).find((src) => pattern.test(src))
/** The phone photo (4032×3024 stored sideways) is ready once its upright variants are on the page. */
const photoReady = (html: string) => html.includes('-1920x2560/')
/** The src of each gallery thumbnail, in order. */
const thumbnailSrcs = (html: string) =>
  [
    ...html.matchAll(
      // A thumbnail is its button's static block (a <span>) holding a <picture>, or a plain <img> for the placeholder.
      /Open image \d+ of \d+[^>]*>(?:<span data-static-block[^>]*>)?(?:<picture[^>]*>(?:<source[^>]*>)?<img src="([^"]+)"|<img src="([^"]+)")/g,
    ),
  ].map((m) => m[1] ?? m[2])

/** The image host is on loopback: reachable because the operator lists it, as an internal image host would be. */
const siteEnv = () => ({ PAGE_API_URL: provider.url, OUTBOUND_ALLOW_ORIGINS: host.origin })

beforeAll(async () => {
  ensureBuilt()
  photo = await phonePhoto()
  host = await startImageHost({
    '/photo.jpg': { type: 'image/jpeg', body: photo },
    '/logo.png': { type: 'image/png', body: await pngLogo() },
    '/bomb.png': { type: 'image/png', body: await pngBomb() },
    '/slow.jpg': { hang: true },
    '/fake.jpg': { type: 'image/jpeg', body: Buffer.from('<!doctype html><html><body>Not a photo</body></html>') },
  })
  provider = await startFakeProvider({ kind: 'ok', record: recordWith('/photo.jpg') })
  site = await startSite({ ...siteEnv(), RECORD_TTL_SECONDS: '1', IMAGE_TIMEOUT_MS: '1500' })
})
afterAll(async () => {
  await site?.stop()
  await provider?.close()
  await host?.close()
})

test('a 4 MB phone photo becomes small same-origin variants, upright and without EXIF or GPS', async () => {
  const sanity = await sharp(photo).metadata()
  expect([sanity.width, sanity.height, sanity.orientation, hasGps(sanity.exif)]).toEqual([4032, 3024, 6, true])

  const html = await pageWhen('/services', photoReady)
  expect(html).not.toContain(host.origin)
  for (const src of imageSrcs(html)) expect(src.startsWith('/')).toBe(true)

  // The page names one JPEG (the fallback for browsers without WebP); every width is served the same way.
  const fallback = variantOf(html, /\/800\.jpg$/)!
  for (const [src, size] of [
    [fallback, [800, 1067]],
    [fallback.replace(/\/800\.jpg$/, '/1920.jpg'), [1920, 2560]],
  ] as const) {
    const response = await site.get(src)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    const body = Buffer.from(await response.arrayBuffer())
    const meta = await sharp(body).metadata()
    // Stored sideways with orientation 6: the variant is rotated to portrait and carries no metadata at all.
    expect([meta.width, meta.height]).toEqual(size)
    expect(meta.orientation).toBeUndefined()
    expect(meta.exif).toBeUndefined()
    expect(meta.icc).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(body.length).toBeLessThan(photo.length / 3)
  }

  const small = await site.get(variantOf(html, /\/320\.webp$/)!)
  expect(small.headers.get('content-type')).toBe('image/webp')
  const smallMeta = await sharp(Buffer.from(await small.arrayBuffer())).metadata()
  expect([smallMeta.format, smallMeta.width, smallMeta.exif]).toEqual(['webp', 320, undefined])
})

/** The image preloads in a page's <head>. */
const imagePreloadsOf = (html: string) =>
  [...html.slice(0, html.indexOf('</head>')).matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0])
const LOGO = /-600x180\//

test("the page's top picture is preloaded from <head>, alone; no script is fetched before the visitor acts", async () => {
  const html = await pageWhen('/services', (h) => photoReady(h) && LOGO.test(h))
  const imagePreloads = imagePreloadsOf(html)
  const hero = imagePreloads.find((link) => link.includes('-1920x2560/'))
  expect(hero).toMatch(/fetchPriority="high"/)
  // The logo loads at once, but after the top picture, the one the page asks for first (issue 46).
  expect(imagePreloads).toEqual([hero])
  const logos = [...html.matchAll(/<img [^>]*src="[^"]*-600x180\/[^"]*"[^>]*>/g)].map((m) => m[0]) // the header's, the modal's, the footer's
  const headerLogo = logos.find((img) => img.includes('loading="eager"'))
  expect(headerLogo).toMatch(/fetchPriority="low"/i)
  expect(hero).toMatch(/imageSrcSet="[^"]*\/800\.webp 800w/)
  // The preload asks for the candidate the picture itself will choose: the same sizes as its <source> (on /services the
  // first row's picture, a phone's largest paint; the band above it shows the same photo, asked for after it).
  const sourceSizes = /<source type="image\/webp" srcSet="[^"]*-1920x2560\/[^"]*" sizes="([^"]+)"\/><img [^>]*fetchPriority="high"/.exec(
    html,
  )?.[1]
  expect(sourceSizes).toContain('100vw')
  expect(hero).toContain(`imageSizes="${sourceSizes}"`)
  // No script competes with it: none from a URL and none a module; the framework waits for the visitor (decision 050).
  expect(html).not.toContain('rel="modulepreload"')
  expect(html).not.toMatch(/<script\b[^>]*\s(src|type="module")/)
})

test("/find-us-on asks first for the business profile's picture, its largest paint on a phone; the backdrop behind its gradient comes at low priority (issue 46)", async () => {
  const html = await pageWhen('/find-us-on', (h) => photoReady(h) && /<link rel="preload" as="image"/.test(h))
  const [preload, ...others] = imagePreloadsOf(html)
  expect(others).toEqual([])
  expect(preload).toMatch(LOGO) // the profile's picture (the logo's file, which is not preloaded elsewhere: above)
  expect(html).toMatch(/<a href="https:\/\/g\.page\/acme-fence"[^>]*>(?:(?!<\/a>).)*<img [^>]*-600x180\/[^>]*fetchPriority="high"/is)
  const backdrop = /<img [^>]*src="[^"]*-1920x2560\/[^"]*"[^>]*>/.exec(html)?.[0]
  expect(backdrop).toMatch(/fetchPriority="low"/i)
  expect(backdrop).toMatch(/loading="eager"/)
})

test('a transparent PNG logo keeps its transparency in a PNG fallback', async () => {
  const html = await pageWhen('/', (h) => /\/img\/[0-9a-f]{32}-600x180\//.test(h))
  const logo = variantOf(html, /-600x180\/600\.png$/)!
  const meta = await sharp(Buffer.from(await (await site.get(logo)).arrayBuffer())).metadata()
  expect([meta.format, meta.hasAlpha]).toEqual(['png', true])
})

test('a bomb, a 404, a slow host and an HTML page posing as a JPEG each become the placeholder, with a reason in the log', async () => {
  // Each failure is logged when its turn in the encode queue comes: wait for the last of the four, whichever it is.
  const reasons = [/bomb\.png: more than \d+ pixels/, /missing\.jpg: HTTP 404/, /slow\.jpg: no complete answer/, /fake\.jpg: not an image/]
  const gallery = await pageWhen('/gallery', (h) => photoReady(h) && reasons.every((reason) => reason.test(site.output())))
  const [first, ...failed] = thumbnailSrcs(gallery)
  expect(first).toMatch(/^\/img\/[0-9a-f]{32}-1920x2560\/800\.jpg$/)
  expect(failed).toEqual([PLACEHOLDER, PLACEHOLDER, PLACEHOLDER, PLACEHOLDER])
  expect(gallery).not.toContain(host.origin)
  const placeholder = await site.get(PLACEHOLDER)
  expect([placeholder.status, placeholder.headers.get('content-type')]).toEqual([200, 'image/svg+xml; charset=utf-8'])
  expect((await site.get('/healthz')).status).toBe(200)
})

test('only variants we made are served: no proxying, no paths outside the image folder', async () => {
  for (const url of [
    '/img/placeholder.png',
    `/img/${'0'.repeat(32)}-10x10/10.jpg`,
    '/img/..%2f..%2frecord-default.json/1.jpg',
    `/img/x/${encodeURIComponent(host.url('/photo.jpg'))}`,
  ]) {
    expect((await site.get(url, { redirect: 'follow' })).status, url).toBe(404)
  }
})

test('a record change shows its new photo, drops the old variants, and an image-host outage keeps them across a restart', async () => {
  const before = await pageWhen('/services', photoReady)
  const oldHash = /\/img\/([0-9a-f]{32})-1920x2560\//.exec(before)![1]!
  host.files['/new-photo.jpg'] = { type: 'image/jpeg', body: await phonePhoto({ sigma: 20 }) }
  provider.set({ kind: 'ok', record: recordWith('/new-photo.jpg') })
  const after = await pageWhen('/services', (h) => /\/img\/[0-9a-f]{32}-1920x2560\//.test(h) && !h.includes(oldHash))
  const newHash = /\/img\/([0-9a-f]{32})-1920x2560\//.exec(after)![1]!
  await expect.poll(() => fs.existsSync(path.join(site.dataDir, 'images', oldHash))).toBe(false)

  // The image host goes down and the server restarts: the last good record's photos are still ours.
  host.setDown(true)
  const dataDir = site.dataDir
  await site.stop()
  site = await startSite({ ...siteEnv(), RECORD_TTL_SECONDS: '1', IMAGE_TIMEOUT_MS: '1500' }, dataDir)
  const restarted = await (await site.get('/services')).text()
  expect(restarted).toContain(newHash)
  expect((await site.get(variantOf(restarted, /\/640\.webp$/)!)).status).toBe(200)
  host.setDown(false)
}, 120_000)
