import { demoRecord, expect, test } from './fixtures.ts'
import { DESKTOP } from './viewports.ts'

const record = demoRecord
const services = record.dbServices
/** The demo's first service, the one with several description entries, and its page. */
const service = services.find((s) => s.name === 'Wood Fence Installation')!
const SERVICE_PATH = '/wood-fence-installation'
const socialCount = record.dbSocialMedia.redes.filter((r) => r.url).length

test.use({ viewport: DESKTOP })

test.describe('services page', () => {
  test('one row per description entry, each with its text and picture', async ({ page }) => {
    await page.goto('/services')
    const rows = page.locator('[data-image-side]')
    await expect(rows).toHaveCount(services.reduce((n, s) => n + s.description.length, 0))
    const texts = services.flatMap((s) => s.description.map((d) => d.text))
    await expect(rows.locator('p').first()).toHaveText(texts[0]!)
    await expect(
      rows
        .nth(texts.length - 1)
        .locator('p')
        .first(),
    ).toHaveText(texts.at(-1)!)
    const bullets = services.flatMap((s) => s.description.flatMap((d) => d.lists))
    if (bullets.length) await expect(page.getByRole('main').getByText(bullets[0]!, { exact: true }).first()).toBeVisible()
  })

  test('the picture alternates sides row after row, on screen and in the attributes', async ({ page }) => {
    await page.goto('/services')
    const rows = page.locator('[data-image-side]')
    const sides = await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-image-side')))
    expect(sides).toEqual(sides.map((_, i) => (i % 2 === 0 ? 'left' : 'right')))
    for (const [index, side] of [
      [0, 'left'],
      [1, 'right'],
    ] as const) {
      const image = await rows.nth(index).locator('[data-row-part="image"]').boundingBox()
      const text = await rows.nth(index).locator('[data-row-part="text"]').boundingBox()
      expect(side === 'left' ? image!.x < text!.x : image!.x > text!.x).toBe(true)
    }
  })

  test('every service is headed by its name and links to its page', async ({ page }) => {
    await page.goto('/services')
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(services.map((s) => s.name))
    await page.getByRole('link', { name: `More about ${service.name}` }).click()
    await expect(page).toHaveURL(new RegExp(`${SERVICE_PATH}$`))
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(service.name)
  })
})

test.describe('service detail page', () => {
  test('header, main picture, one of the slogans, every description text', async ({ page }) => {
    await page.goto(SERVICE_PATH)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(service.name)
    const article = page.getByRole('article')
    // The first description picture, from our own image pipeline (its variants, or the placeholder until they exist).
    await expect(article.getByRole('img', { name: service.name })).toHaveAttribute('src', /^\/img\//)
    const slogans = record.dbSlogan.map((s) => s.slogan)
    const shown = await article.locator('p').first().textContent()
    expect(slogans).toContain(shown!.trim())
    for (const entry of service.description) await expect(article.getByText(entry.text)).toBeVisible()
  })

  test('side panel: at most 13 service links, phones, emails, hours, social links only when more than one', async ({ page }) => {
    await page.goto(SERVICE_PATH)
    const panel = page.getByRole('complementary', { name: 'Service details' })
    const links = panel.getByRole('navigation', { name: 'Services' }).getByRole('link')
    await expect(links).toHaveCount(Math.min(13, services.length))
    await expect(links.filter({ hasText: service.name })).toHaveAttribute('aria-current', 'page')
    for (const phone of record.dbPrincipal.phones)
      await expect(panel.locator(`a[href^="tel:+1"]`).filter({ hasText: phone.phone })).toContainText(phone.name)
    for (const email of record.dbPrincipal.emails) await expect(panel.locator(`a[href="mailto:${email.email}"]`)).toBeVisible()
    await expect(panel).toContainText(record.dbPrincipal.workdays[0]!.day)
    await expect(panel).toContainText(record.dbPrincipal.workHours[0]!.hour)
    await expect(panel.getByRole('heading', { name: 'Follow Us' })).toHaveCount(socialCount > 1 ? 1 : 0)
  })

  test('then the statistics, three value cards and the closing call to action', async ({ page }) => {
    await page.goto(SERVICE_PATH)
    await expect(page.getByRole('region', { name: 'Company statistics' })).toBeVisible()
    const values = page.getByRole('region', { name: 'What We Stand For' }).getByRole('listitem')
    await expect(values).toHaveCount(Math.min(3, record.dbValues.length))
    await expect(values.getByRole('heading')).toHaveText(record.dbValues.slice(0, 3).map((v) => v.title))
    await expect(page.getByRole('heading', { name: 'Ready to start your project?' })).toBeVisible()
  })

  test('an unknown service answers 404 and shows no service detail', async ({ page }) => {
    const response = await page.goto('/no-such-service')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('complementary', { name: 'Service details' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Company statistics' })).toHaveCount(0)
  })

  test('the spec’s slug form redirects permanently to the clean address', async ({ request }) => {
    // "Wood Fence Installation": only the first space becomes a hyphen in the spec's form.
    const response = await request.get(`/${encodeURIComponent('wood-fence installation')}`, { maxRedirects: 0 })
    expect(response.status()).toBe(301)
    expect(response.headers().location).toBe(SERVICE_PATH)
  })
})

test.describe('about page', () => {
  test('about block with list, every value card, and the second about block', async ({ page }) => {
    await page.goto('/about')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About')
    const [first, second] = record.dbAbout
    await expect(page.getByText(first!.text)).toBeVisible()
    for (const item of first!.list) await expect(page.getByRole('main').getByText(item, { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('region', { name: 'What We Stand For' }).getByRole('listitem')).toHaveCount(record.dbValues.length)
    if (second) await expect(page.getByText(second.text)).toBeVisible()
  })
})
