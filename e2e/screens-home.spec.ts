import type { Page } from '@playwright/test'
import { demoRecord, expect, test } from './fixtures.ts'
import { DESKTOP, PHONE } from './viewports.ts'

/** The record the demo server serves (demo/record.json). */
const record = demoRecord
/** The demo's first eight services (of eleven), written out: the home page's rules pick from these. */
const firstEightServices = [
  'Wood Fence Installation',
  'Vinyl Fencing',
  'Chain Link Fencing',
  'Fence Repair',
  'Deck Building',
  'Concrete Driveways',
  'Ornamental Iron Fencing',
  'Custom Gates',
]
/** The demo's statistics: 18 years and 50 miles (both given), then the two fixed 100% claims. */
const finalValues = ['18+', '50+', '100%', '100%']
/** The demo's promo video (videosPromo[0].link: https://www.youtube.com/watch?v=aqz-KE-bpKQ). */
const PROMO_VIDEO_ID = 'aqz-KE-bpKQ'

/**
 * Records, per document, each time the page asks whether the visitor prefers reduced motion. The count-up
 * digits and the promo video ask once each when they start: once they have asked, they have decided.
 */
async function countReducedMotionChecks(page: Page) {
  await page.addInitScript(() => {
    const checks = { count: 0 }
    Object.assign(window, { reducedMotionChecks: checks })
    const matchMedia = window.matchMedia.bind(window)
    window.matchMedia = (query: string) => {
      if (query.includes('prefers-reduced-motion')) checks.count++
      return matchMedia(query)
    }
  })
  return () => page.evaluate(() => (window as unknown as { reducedMotionChecks: { count: number } }).reducedMotionChecks.count)
}

const statisticsBand = (page: Page) => page.getByRole('region', { name: 'Company statistics' })
const movingDigits = (page: Page) => statisticsBand(page).locator('[data-count-up]')

test.describe('home page', () => {
  test.use({ viewport: DESKTOP })

  test('hero: the first slogan as the page heading, a prioritised picture, ways to get an estimate', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Built Solid. Built To Last.') // the demo's first slogan
    await expect(page.getByText(record.dbHome[0]!.text)).toBeVisible()
    const heroImage = page.locator('main section').first().locator('img').first()
    await expect(heroImage).toHaveAttribute('fetchpriority', 'high')
    await expect(heroImage).not.toHaveAttribute('loading', 'lazy')
    await expect(page.getByRole('link', { name: /free estimate/i }).first()).toBeVisible()
  })

  test('the intro lists exactly the first six service names, linked to their pages', async ({ page }) => {
    await page.goto('/')
    const intro = page.getByRole('region', { name: /^Services by / })
    const links = intro.getByRole('listitem').getByRole('link')
    await expect(links).toHaveText(firstEightServices.slice(0, 6))
    expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
      '/wood-fence-installation',
      '/vinyl-fencing',
      '/chain-link-fencing',
      '/fence-repair',
      '/deck-building',
      '/concrete-driveways',
    ])
  })

  test('at most 8 service cards, the first ones, each with picture, short text and a link', async ({ page }) => {
    await page.goto('/')
    // The demo titles the block (labels.general.titleServices) and has eleven services: the cards stop at eight.
    const cards = page.getByRole('region', { name: 'Our Services', exact: true }).getByRole('listitem')
    await expect(cards).toHaveCount(8)
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(firstEightServices)
    const first = cards.first()
    await expect(first.locator('img')).toHaveAttribute('loading', 'lazy')
    await first.getByRole('link', { name: 'Wood Fence Installation' }).click()
    await expect(page).toHaveURL(/\/wood-fence-installation$/)
  })

  test('the promo video is a poster until scrolled into view, then a muted looping player', async ({ page }) => {
    await page.goto('/')
    const region = page.getByRole('region', { name: 'Quality You Can See' })
    await expect(region.locator('iframe')).toHaveCount(0)
    const box = region.locator('img').first()
    const before = await box.boundingBox()
    await region.scrollIntoViewIfNeeded()
    const player = region.locator('iframe')
    await expect(player).toHaveAttribute(
      'src',
      new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${PROMO_VIDEO_ID}\\?autoplay=1&mute=1&loop=1&playlist=${PROMO_VIDEO_ID}`),
    )
    await expect(player).toHaveAttribute('title', /video/i)
    const after = await player.boundingBox()
    expect(Math.round(after!.height)).toBe(Math.round(before!.height)) // no layout shift when the player replaces the poster
  })

  test('the statistics are in the server HTML with their final values', async ({ request }) => {
    const html = await (await request.get('/')).text()
    for (const value of finalValues) expect(html).toContain(`data-count-up="${value}"`)
  })

  test('the statistics count up once scrolled into view and reach their final values', async ({ page }) => {
    await page.goto('/')
    await expect(movingDigits(page).first()).toHaveText(/^0[+%]$/) // below the fold: waiting at zero
    await statisticsBand(page).scrollIntoViewIfNeeded()
    await expect
      .poll(async () => (await movingDigits(page).allTextContents()).some((t, i) => t !== finalValues[i] && !/^0[+%]$/.test(t)))
      .toBe(true)
    await expect(movingDigits(page)).toHaveText(finalValues)
    // Screen readers read the final value throughout.
    await expect(statisticsBand(page).locator('.sr-only')).toHaveText(finalValues)
  })

  test('about block with list, coverage map, contact card and closing call to action', async ({ page }) => {
    await page.goto('/')
    const about = record.dbAbout[0]!
    await expect(page.getByText(about.text)).toBeVisible()
    for (const item of about.list) await expect(page.getByRole('listitem').filter({ hasText: item }).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Send Us A Message' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Ready to start your project?' })).toBeVisible()
  })

  test('coverage map: heading, locations linking to /contact (more than two), lazy 500 px map', async ({ page }) => {
    await page.goto('/')
    // The demo has no titleMap: the title is built from its miles and first address.
    const title = 'We Cover 50 Miles Around 2875 Juniper Ridge Road, Granite Falls, CO 80302'
    const section = page.getByRole('region', { name: title, exact: true })
    await expect(section).toBeVisible()
    // The demo has four locations (more than two): each is listed, linking to /contact.
    const places = section.getByRole('listitem').getByRole('link')
    await expect(places).toHaveText([
      '2875 Juniper Ridge Road, Granite Falls, CO 80302',
      '414 Kestrel Avenue, Elk Meadow, CO 80501',
      '1190 Sagebrush Court, Bear Creek, CO 80026',
      '7620 Cottonwood Trail, Red Mesa, CO 80027',
    ])
    expect(new Set(await places.evaluateAll((as) => as.map((a) => a.getAttribute('href'))))).toEqual(new Set(['/contact']))
    const map = section.locator('iframe')
    await expect(map).toHaveAttribute(
      'src',
      /^https:\/\/www\.google\.com\/maps\/embed\?pb=!1m18!1m12!1m3!1d24470\.8!2d-105\.27055!3d40\.01499!/,
    )
    await expect(map).toHaveAttribute('loading', 'lazy')
    await expect(map).toHaveAttribute('title', /map/i)
    await map.scrollIntoViewIfNeeded()
    expect((await map.boundingBox())!.height).toBe(500)
  })

  test('home-only reviews appear only when the record keeps reviews on the home page', async ({ page }) => {
    await page.goto('/')
    // The demo does not keep its reviews on the home page (reviews.isHomeOnly is false).
    await expect(page.getByRole('region', { name: 'What Our Customers Say' })).toHaveCount(0)
  })

  test('the branding logos block follows the first brandingExtra entry', async ({ page }) => {
    await page.goto('/')
    // The demo's first entry is active, with a picture and a link.
    const block = page.getByRole('region', { name: 'Brands We Trust' })
    await expect(block).toHaveCount(1)
    await expect(block.getByRole('link')).toHaveAttribute('href', 'https://summitridgefence.example/partners')
  })
})

test.describe('home page for visitors who prefer reduced motion', () => {
  test.use({ viewport: PHONE, reducedMotion: 'reduce' })

  test('the statistics show their final values at once, and the promo video waits for a click', async ({ page }) => {
    const reducedMotionChecks = await countReducedMotionChecks(page)
    await page.goto('/')
    await expect(movingDigits(page)).toHaveText(finalValues)
    // Four count-ups and the promo video have asked and been told "reduce": none of them will move.
    await expect.poll(reducedMotionChecks).toBeGreaterThanOrEqual(finalValues.length + 1)
    await statisticsBand(page).scrollIntoViewIfNeeded()
    await expect(movingDigits(page)).toHaveText(finalValues)
    const region = page.getByRole('region', { name: 'Quality You Can See' })
    await region.scrollIntoViewIfNeeded()
    await expect(region.locator('iframe')).toHaveCount(0)
    await region.getByRole('link', { name: /^Play video/ }).click()
    await expect(region.locator('iframe')).toHaveAttribute('src', new RegExp(PROMO_VIDEO_ID))
  })

  test('nothing overflows the phone screen', async ({ page }) => {
    await page.goto('/')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  })
})
