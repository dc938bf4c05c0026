import type { APIRequestContext, Page } from '@playwright/test'
import { demoRoutes } from '../demo/routes.js'
import { expect, test } from './fixtures.ts'
import { DESKTOP, PHONE } from './viewports.ts'
import { renderEveryBlock } from './render-every-block.js'
import { serveRecord } from './record-site.ts'
import { smallPicturesRecord } from '../bench/small-pictures.js'
import { VEIL_RESOLUTION, type Veil } from '../app/ui/image-variants.ts'

/** YouTube's video thumbnails are not record pictures: they stay on YouTube (decision 010). */
const YOUTUBE_THUMBNAILS = 'https://i.ytimg.com/'

/**
 * The file a picture needs at least, as Lighthouse's `image-size-responsive` audit asks it
 * (lighthouse/core/audits/image-size-responsive.js): the displayed CSS size × the device pixel ratio,
 * the ratio counted as 1, 1.5 or 2 (a 3x screen is asked for 2x), and three quarters of that unless the
 * picture is at most 64 × 64 CSS px (an icon). Lighthouse looks only at pictures in the viewport, and
 * skips object-fit: cover ones; we hold every picture on the page to it, cover ones included (a cover
 * picture is sharp when its file is this big in both directions). Lighthouse excuses no picture for
 * its source being small; we do (see `judge`).
 */
function lighthouseMinimum(displayed: { width: number; height: number }, dpr: number) {
  const quantized = dpr >= 2 ? 2 : dpr >= 1.5 ? 1.5 : 1
  const factor = displayed.width > 64 || displayed.height > 64 ? 0.75 : 1
  return { width: Math.ceil(factor * quantized * displayed.width), height: Math.ceil(factor * quantized * displayed.height) }
}

type Shown = {
  src: string
  file: { width: number; height: number }
  box: { width: number; height: number }
  cover: boolean
  /** Seen through a veil (the page's overlay, a backdrop): held to its VEIL_RESOLUTION of what it is drawn at. */
  veil: Veil | undefined
}

/**
 * Every rendered picture of ours, once its file has loaded (lazy ones are asked for at once: where a
 * picture sits on the page does not change which candidate the browser picks), with its box and the
 * real pixel size of the file the browser chose (`naturalWidth` is in CSS px once srcset picks).
 */
async function picturesShown(page: Page, freshSuffix = ''): Promise<Shown[]> {
  await renderEveryBlock(page) // as for a visitor who scrolled to each picture: its box is laid out
  return page.evaluate(async (suffix) => {
    const ours = [...document.images].filter(
      (img) =>
        img.checkVisibility({ visibilityProperty: true }) && img.width > 1 && img.height > 1 && new URL(img.src).origin === location.origin,
    )
    for (const img of ours) img.loading = 'eager'
    const loaded = (img: HTMLImageElement) => img.complete && img.currentSrc.includes(suffix)
    // Bounded, so that a picture that never loads is reported below rather than timing the test out (in the page, by
    // hand: no expect there).
    for (const until = Date.now() + 20_000; !ours.every(loaded) && Date.now() < until;) await new Promise((r) => setTimeout(r, 50))
    // The file's own size, as Lighthouse measures it: the chosen URL loaded again (from the cache) without srcset.
    const files = new Map<string, Promise<{ width: number; height: number }>>()
    const fileSize = (url: string) => {
      const file = new Image()
      file.src = url
      return file.decode().then(
        () => ({ width: file.naturalWidth, height: file.naturalHeight }),
        () => ({ width: 0, height: 0 }),
      )
    }
    for (const img of ours) if (!files.has(img.currentSrc)) files.set(img.currentSrc, fileSize(img.currentSrc))
    return Promise.all(
      ours.map(async (img) => ({
        src: img.currentSrc,
        file: await files.get(img.currentSrc)!,
        box: { width: img.width, height: img.height },
        cover: getComputedStyle(img).objectFit === 'cover',
        veil: img.dataset.veil as Veil | undefined,
      })),
    )
  }, freshSuffix)
}

/**
 * Each picture against the screen: big enough (Lighthouse's rule above), unless the file is the largest
 * variant we make (the source's own width, at most 1920 px: a source smaller than it is drawn cannot be
 * helped, and we never enlarge; the demo's 240 px badges and 1200 px photos on a 2x desktop are such);
 * and at most 1.6 × what the screen can show (page weight: a ladder step and a band's estimated height),
 * unless it is the smallest variant. A picture seen through a veil (`data-veil`: the overlay, a backdrop) is
 * held to both at its VEIL_RESOLUTION of its drawn size: the browser must pick a file that small, and no smaller.
 */
function judge(shown: Shown[], dpr: number, layout: string) {
  // A variant of the picture (`800.webp`) or of its portrait crop (`p600.webp`, the key naming the crop's width).
  const variant = (src: string) => /\/img\/([0-9a-f]{32})-(\d+)x\d+(?:p(\d+))?\/(p?)(\d+)\.webp(?:\?.*)?$/.exec(src)
  // A picture shown at two sizes on one page is downloaded once, at the larger one's size.
  const largestShown = new Map<string, number>()
  const share = (image: Shown) => (image.veil ? VEIL_RESOLUTION[image.veil] : 1)
  // The width it is drawn at, times the share of it the picture is asked for.
  const askedWidth = (image: Shown) => Math.max(image.box.width, (image.box.height * image.file.width) / image.file.height) * share(image)
  for (const image of shown) {
    const hash = variant(image.src)?.[1] ?? image.src
    largestShown.set(hash, Math.max(largestShown.get(hash) ?? 0, askedWidth(image)))
  }
  const problems: string[] = []
  for (const image of shown) {
    const match = variant(image.src)
    const what = `${layout} @${dpr}x: ${image.src.replace(/^https?:\/\/[^/]+/, '')} (file ${image.file.width}×${image.file.height}, box ${image.box.width}×${image.box.height})`
    if (!match) {
      problems.push(`${what}: not one of our WebP variants`)
      continue
    }
    const [, hash, pictureWidth, portraitWidth, crop, width] = match
    const needed = lighthouseMinimum(image.box, dpr)
    const minimum = { width: Math.floor(needed.width * share(image)), height: Math.floor(needed.height * share(image)) }
    const largest = Number(width) === Number(crop ? portraitWidth : pictureWidth)
    if ((image.file.width < minimum.width || image.file.height < minimum.height) && !largest)
      problems.push(`${what}: too small, needs ${minimum.width}×${minimum.height}${image.veil ? ` (${image.veil})` : ''}`)
    const enough = largestShown.get(hash!)! * dpr
    if (image.file.width > enough * 1.6 && Number(width) > 160) problems.push(`${what}: over 1.6 × the ${Math.round(enough)} px it needs`)
  }
  return problems
}

/** The page's window and pixel ratio, the way Playwright's own deviceScaleFactor sets them (kept across reloads). */
async function setScreen(page: Page, viewport: { width: number; height: number }, dpr: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setDeviceMetricsOverride', { ...viewport, deviceScaleFactor: dpr, mobile: false })
}

/**
 * Switches the loaded page to another screen and makes each picture choose its file again, as a fresh load
 * would. (Chromium does not apply the stylesheet's `resolution` queries anew when only the ratio changes:
 * a test of what CSS draws at a ratio reloads instead.)
 */
async function emulateScreen(page: Page, viewport: { width: number; height: number }, dpr: number, suffix: string) {
  await setScreen(page, viewport, dpr)
  // Renaming every candidate (a query the server ignores) leaves nothing chosen before to stand in for it.
  await page.evaluate((suffix) => {
    for (const source of document.querySelectorAll<HTMLSourceElement>('picture > source[srcset]'))
      source.srcset = source.srcset.replace(/(\S+?)(?:\?\S*)?( \d+w)/g, `$1${suffix}$2`)
  }, suffix)
}

/**
 * The demo's pictures go through the pipeline at start-up; wait until it has made them all (tens of seconds on a busy
 * machine: longer than the suite's bound, within the test timeout of the parts that wait).
 */
async function demoPicturesMade({ request }: { request: APIRequestContext }) {
  await expect.poll(async () => (await (await request.get('/healthz')).json()).images.pending, { timeout: 100_000 }).toBe(0)
}

test.describe('record pictures at 1x, 2x and 3x', () => {
  // The first test may wait for the start-up encode of every demo picture (tens of seconds on a busy machine).
  test.describe.configure({ timeout: 120_000 })
  // A 390 px window without Chromium's mobile emulation: in that mode the preload scanner sometimes picks a
  // srcset candidate against the emulated 980 px layout width before the viewport meta applies.
  test.use({ viewport: PHONE, deviceScaleFactor: 1 })

  test.beforeEach(demoPicturesMade)

  for (const route of demoRoutes) {
    test(`${route}: every picture of ours is sharp and not oversized, on a phone and a desktop`, async ({ page, baseURL }) => {
      const imageRequests: string[] = []
      page.on('request', (r) => r.resourceType() === 'image' && imageRequests.push(r.url()))
      await page.goto(route)
      const problems = judge(await picturesShown(page), 1, 'phone')

      // One page load per route: the other screens are the same page, its window and pixel ratio changed the
      // way Playwright's own deviceScaleFactor sets them. Renaming every candidate (a query the server ignores)
      // makes each picture choose again as a fresh load would, with nothing chosen before to stand in for it.
      for (const [layout, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        for (const dpr of [1, 2, 3]) {
          if (layout === 'phone' && dpr === 1) continue
          const suffix = `?${layout}-${dpr}x`
          await emulateScreen(page, viewport, dpr, suffix)
          problems.push(...judge(await picturesShown(page, suffix), dpr, layout))
        }
      }

      expect(problems).toEqual([])
      const origin = new URL(baseURL!).origin
      expect(
        imageRequests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith(YOUTUBE_THUMBNAILS) && !url.startsWith('data:')),
      ).toEqual([])
    })
  }
})

test.describe("the home page's hero", () => {
  test.describe.configure({ timeout: 120_000 })

  test('a phone downloads its portrait crop, a desktop the whole picture: each one file, preloaded', async ({ browser, baseURL }) => {
    await expect.poll(async () => (await (await fetch(`${baseURL}/healthz`)).json()).images.pending, { timeout: 100_000 }).toBe(0)
    for (const [screen, viewport, dpr, file] of [
      ['phone', PHONE, 3, /\/p\d+\.webp$/],
      ['desktop', DESKTOP, 1, /\/\d+\.webp$/],
    ] as const) {
      const context = await browser.newContext({ viewport, deviceScaleFactor: dpr })
      const page = await context.newPage()
      const pictures: string[] = []
      page.on('request', (r) => r.resourceType() === 'image' && new URL(r.url()).pathname.startsWith('/img/') && pictures.push(r.url()))
      await page.goto(baseURL!)
      const hero = page.locator('img[fetchpriority="high"]')
      await expect.poll(() => chosenFile(hero)).toMatch(file)
      const shown = (await chosenFile(hero)) as string
      const key = /\/img\/([^/]+)\//.exec(shown)![1]!
      // The preload asked for the very file the picture chose: nothing else of this photo came down.
      expect(
        pictures.filter((url) => url.includes(key)),
        screen,
      ).toEqual([shown])
      await context.close()
    }
  })
})

test.describe("a phone's first screen", () => {
  // At a phone's density: Chromium counts a picture's largest paint at most as large as its file, and at 1x the band's
  // (asked for at half its resolution) would count a quarter of what it does on a phone.
  test.use({ viewport: PHONE, deviceScaleFactor: 3 })
  test.describe.configure({ timeout: 120_000 })
  // Which picture is the largest paint depends on the files the pipeline made.
  test.beforeEach(demoPicturesMade)
  // Pages of the test's context, not its `page`: that one's `goto` presses a key once the page has loaded, and the browser
  // stops reporting largest paints at a visitor's first input, which on a busy machine can come before the picture is painted.

  // Chromium raises a lazy picture it finds on the screen to high priority: one right under the page header would share
  // a phone's line with the header's picture, the largest paint, unless it asks for low (issue 46).
  for (const [route, below] of [
    ['/contact', 'section[aria-labelledby="contact-heading"] img'],
    ['/gallery', 'section[aria-labelledby="before-after-heading"] img'],
    ['/wood-fence-installation', 'main img[alt="Wood Fence Installation"]'],
    ['/gallery/cedar-fences', 'section[aria-labelledby="landing-gallery-heading"] img'],
  ] as const) {
    test(`${route}: the page header's picture is the one asked for first; the pictures under it come after`, async ({ context }) => {
      const page = await context.newPage()
      await page.goto(route)
      const first = page.locator('img[fetchpriority="high"]')
      await expect(first).toHaveCount(1)
      expect(await first.evaluate((img) => img.closest('section')!.querySelector('h1') !== null)).toBe(true)
      const pictures = page.locator(below)
      expect(await pictures.count()).toBeGreaterThan(0)
      for (const picture of await pictures.all()) await expect(picture).toHaveAttribute('fetchpriority', 'low')
      await expect.poll(() => isLargestPaint(page, first)).toBe(true)
    })
  }

  // There the first section's picture, under the band, is larger than the band: it goes first, the band's after it.
  for (const route of ['/services', '/about']) {
    test(`${route}: the picture under the page header is the one asked for first; the header's comes after`, async ({ context }) => {
      const page = await context.newPage()
      await page.goto(route)
      const first = page.locator('img[fetchpriority="high"]')
      await expect(first).toHaveCount(1)
      await expect(first).toBeInViewport()
      expect(await first.evaluate((img) => img.closest('section')!.querySelector('h1') === null)).toBe(true)
      await expect(page.locator('section:has(h1) img')).toHaveAttribute('fetchpriority', 'low')
      await expect.poll(() => isLargestPaint(page, first)).toBe(true)
    })
  }
  // The band's picture is the first row's there: from lg the band asks for its own file (veiled), below it for the row's.
  test("/services: on a phone the band shows the first row's picture from the row's own file, fetched once", async ({
    browser,
    baseURL,
  }) => {
    for (const dpr of [1.75, 3]) {
      const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: dpr })
      const page = await context.newPage()
      const pictures: string[] = []
      page.on('request', (r) => new URL(r.url()).pathname.startsWith('/img/') && pictures.push(r.url()))
      await page.goto(`${baseURL}/services`)
      const [band, row] = [page.locator('section:has(h1) img'), page.locator('img[fetchpriority="high"]')]
      await expect.poll(() => chosenFile(row)).toMatch(/\.webp$/)
      await expect.poll(() => chosenFile(band)).toMatch(/\.webp$/)
      const file = await chosenFile(row)
      expect(await chosenFile(band), `@${dpr}x`).toBe(file)
      expect(pictures.filter((url) => url === file).length, `@${dpr}x: requests of ${file}`).toBe(1)
      await context.close()
    }
  })

  // A phone's first screen there holds the business profile's picture and the first directory badges under it, lazy:
  // asked for at low priority, the browser keeps them low on screen, where it would raise them beside the profile's.
  test('/find-us-on: the business profile is the one picture at high priority; the badges on screen stay low', async ({ context }) => {
    const page = await context.newPage()
    const cdp = await context.newCDPSession(page)
    // Each request's URL and the priority Chromium last gave it, by request id.
    const requests = new Map<string, { url: string; priority: string }>()
    cdp.on('Network.requestWillBeSent', (event) =>
      requests.set(event.requestId, { url: event.request.url, priority: event.request.initialPriority }),
    )
    cdp.on('Network.resourceChangedPriority', (event) => {
      const request = requests.get(event.requestId)
      if (request) request.priority = event.newPriority
    })
    await cdp.send('Network.enable')
    await page.goto('/find-us-on', { waitUntil: 'load' })
    const first = page.locator('img[fetchpriority="high"]')
    await expect(first).toHaveCount(1)
    await expect.poll(() => isLargestPaint(page, first)).toBe(true)
    const badges = page.locator('section a img')
    const onScreen = []
    for (const badge of await badges.all())
      if ((await badge.isVisible()) && (await badge.evaluate((img) => img.getBoundingClientRect().top < innerHeight))) onScreen.push(badge)
    expect(onScreen.length, 'badges on the first screen').toBeGreaterThan(0)
    const priorityOf = async (img: ReturnType<Page['locator']>) => {
      await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).currentSrc)).not.toBe('')
      const url = await img.evaluate((el) => (el as HTMLImageElement).currentSrc)
      return [...requests.values()].find((request) => request.url === url)?.priority
    }
    expect(await priorityOf(first)).toBe('High')
    for (const badge of onScreen) expect(await priorityOf(badge)).toBe('Low')
  })
})

/** The file the browser chose for a picture, once loaded; false until then. */
const chosenFile = (img: ReturnType<Page['locator']>) => img.evaluate((el: HTMLImageElement) => el.complete && el.currentSrc)

/** Whether the page's largest paint so far (its last `largest-contentful-paint` entry) is `picture`. */
function isLargestPaint(page: Page, picture: ReturnType<Page['locator']>) {
  return picture.evaluate(
    (img) =>
      new Promise<boolean>((resolve) => {
        new PerformanceObserver((list, observer) => {
          observer.disconnect()
          resolve((list.getEntries().at(-1) as PerformanceEntry & { element: Element | null }).element === img)
        }).observe({ type: 'largest-contentful-paint', buffered: true })
        // No entry yet (nothing painted): not yet, asked again.
        setTimeout(() => resolve(false), 500)
      }),
  )
}

test.describe('a record whose pictures are smaller than their places', () => {
  test.describe.configure({ timeout: 120_000 })
  test.use({ viewport: PHONE, deviceScaleFactor: 1 })
  // A 240 × 80 business profile (its place up to 408 px wide), a 64 × 64 logo and a 64 × 64 directory badge.
  const site = serveRecord(smallPicturesRecord())

  for (const route of ['/find-us-on', '/']) {
    test(`${route}: no picture that is not a cover is drawn past its pixels, at 1x, 2x and 3x`, async ({ page, request }) => {
      // Longer than the suite's bound: this record's pictures are encoded when its server starts.
      await expect.poll(async () => (await (await request.get(`${site.url}/healthz`)).json()).images.pending, { timeout: 100_000 }).toBe(0)
      await page.goto(site.url + route)
      const problems: string[] = []
      const checked = new Set<string>()
      const drawnPast = (shown: Shown[], dpr: number, layout: string) => {
        for (const image of shown.filter((image) => !image.cover)) {
          checked.add(/-(\d+x\d+)(?:p\d+)?\//.exec(image.src)?.[1] ?? image.src)
          // Lighthouse's image-size-responsive, with no picture excused for its source being small.
          const minimum = lighthouseMinimum(image.box, dpr)
          if (image.file.width < minimum.width || image.file.height < minimum.height)
            problems.push(
              `${layout} @${dpr}x: ${image.src} (file ${image.file.width}×${image.file.height}) drawn ${image.box.width}×${image.box.height}`,
            )
        }
      }
      drawnPast(await picturesShown(page), 1, 'phone')
      for (const [layout, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        for (const dpr of [1, 1.75, 2, 3]) {
          if (layout === 'phone' && dpr === 1) continue
          await setScreen(page, viewport, dpr)
          await page.reload()
          drawnPast(await picturesShown(page), dpr, layout)
        }
      }
      expect(problems).toEqual([])
      // The small ones were among them (sizes as the variants' URLs name them).
      expect([...checked]).toEqual(expect.arrayContaining(route === '/' ? ['64x64'] : ['64x64', '240x80']))
    })
  }
})
