import { expect, test } from './fixtures.ts'

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
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true })
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
      for (const image of shown) {
        expect(image.src, 'a variant, not the placeholder').toMatch(/\/img\/[0-9a-f]{32}-\d+x\d+\/\d+\.webp$/)
        // Device scale 2 asks for 2x; the next encoded width is at most a third above that (or the smallest one, 160 px).
        const smallest = image.src.endsWith('/160.webp')
        if (!smallest)
          expect(image.natural, `${image.src} shown ${Math.round(image.displayed)} px wide`).toBeLessThanOrEqual(image.displayed * 2 * 1.35)
      }
    })
  }
})
