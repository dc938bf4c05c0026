import { expect, test } from './fixtures.ts'
import { PHONE } from './viewports.ts'

/** Lazy images load only near the viewport: scroll through the page once, then wait for every visible one. */
async function loadEveryImage(page: import('@playwright/test').Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += 500) {
      window.scrollTo(0, y)
      // Paces the scroll so the browser sees each stretch (lazy images skipped past never start loading).
      await new Promise((r) => setTimeout(r, 100))
    }
  })
  // A lazy image scrolled past too fast on a busy machine may never start: ask for it (its size choice is what we check).
  await page.evaluate(() => [...document.images].forEach((img) => img.complete || (img.loading = 'eager')))
  await page.waitForFunction(() => [...document.images].every((img) => img.complete || !img.checkVisibility()))
}

test.describe('record images on a phone', () => {
  // A 390 px wide window at device scale 2, without Chromium's mobile emulation: in that mode the preload
  // scanner sometimes picks a srcset candidate before the viewport meta applies, against the emulated
  // 980 px layout width (seen as a 1200 px hero on a 390 px page in about one load in four), which
  // measures the emulator, not our sizes. The layout here is the same 390 px one.
  test.use({ viewport: PHONE, deviceScaleFactor: 2 })
  // The first test may wait for the start-up encode of every demo picture (tens of seconds on a busy machine).
  test.describe.configure({ timeout: 120_000 })

  test.beforeEach(async ({ request }) => {
    // The demo's pictures go through the pipeline at start-up; wait until it has made them all.
    await expect.poll(async () => (await (await request.get('/healthz')).json()).images.pending, { timeout: 100_000 }).toBe(0)
  })

  for (const route of ['/', '/services', '/gallery', '/contact']) {
    test(`${route}: every picture comes from our origin, at most about twice the width it is shown at`, async ({ page, baseURL }) => {
      const imageRequests: string[] = []
      page.on('request', (r) => r.resourceType() === 'image' && imageRequests.push(r.url()))
      await page.goto(route)
      await loadEveryImage(page)
      // naturalWidth is in CSS pixels once srcset picks a candidate, so decode the file for its real pixel width.
      const shown = await page.evaluate(() =>
        Promise.all(
          [...document.images]
            .filter((img) => img.complete && img.naturalWidth > 0 && img.checkVisibility())
            .map(async (img) => {
              const file = await createImageBitmap(await (await fetch(img.currentSrc)).blob())
              return { src: img.currentSrc, natural: file.width, displayed: img.getBoundingClientRect().width }
            }),
        ),
      )
      expect(shown.length).toBeGreaterThan(2)
      const origin = new URL(baseURL!).origin
      expect(imageRequests.filter((url) => !url.startsWith(`${origin}/`) && !url.startsWith('data:'))).toEqual([])
      // One picture shown at two sizes (the hero photo again as a thumbnail) is downloaded once: the browser
      // reuses the larger file it already has. So each file is measured against its picture's largest display.
      const picture = (src: string) => /\/img\/([0-9a-f]{32})-/.exec(src)?.[1]
      const largestShown = new Map<string | undefined, number>()
      for (const image of shown) largestShown.set(picture(image.src), Math.max(largestShown.get(picture(image.src)) ?? 0, image.displayed))
      for (const image of shown) {
        expect(image.src, 'a variant, not the placeholder').toMatch(/\/img\/[0-9a-f]{32}-\d+x\d+\/\d+\.webp$/)
        // Device scale 2 asks for 2x; the next encoded width is at most a third above that (or the smallest one, 160 px).
        const smallest = image.src.endsWith('/160.webp')
        const displayed = largestShown.get(picture(image.src))!
        if (!smallest)
          expect(image.natural, `${image.src} shown ${Math.round(displayed)} px wide`).toBeLessThanOrEqual(displayed * 2 * 1.35)
      }
    })
  }
})
