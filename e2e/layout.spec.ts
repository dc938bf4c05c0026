import { demoRecord, expect, scrollTo, test } from './fixtures.ts'
import { DESKTOP, PHONE } from './viewports.ts'

test.describe('shared layout on a desktop', () => {
  test.use({ viewport: DESKTOP })

  test('the server sends the content in the HTML, with the page title and meta', async ({ request }) => {
    const html = await (await request.get('/about')).text()
    expect(html).toMatch(/<title>About \| [^<]+<\/title>/)
    expect(html).toContain('<meta name="robots" content="index,follow"/>')
    const description = html.match(/<meta name="description" content="([^"]*)"\/>/)?.[1] ?? ''
    const decoded = description
      .replace(/&amp;/g, '&')
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
    expect(decoded).toBe(demoRecord.dbAbout[0]!.text.trim().slice(0, 150))
    expect(html).toMatch(/<header/)
    expect(html).toMatch(/<footer/)
  })

  test('header shows the first phone as a +1 tel link and the call-to-action', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    const phoneLink = header.locator('a[href^="tel:+1"]').first()
    await expect(phoneLink).toBeVisible()
    expect(await phoneLink.getAttribute('href')).toMatch(/^tel:\+1\d{10}$/)
  })

  test('the main menu has the conditional entries in order, with service and gallery dropdowns', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const topLevel = nav.locator(':scope > ul > li > a, :scope > ul > li > div > a')
    await expect(topLevel).toHaveText(['Home', 'About', 'Services', 'Gallery', 'Our Videos', 'Reviews', 'Contact'])
    await nav.getByRole('button', { name: 'Services submenu' }).click()
    const firstService = nav.locator('ul ul').first().getByRole('link').first()
    await expect(firstService).toBeVisible()
    await firstService.click()
    await expect(page).toHaveURL(/\/[a-z0-9-]+$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.locator('h1')).not.toHaveText('Page not found')
  })

  test('the footer navigation puts Reviews before Contact when the ReviewTab widget is on', async ({ page }) => {
    await page.goto('/')
    const footerNav = page.getByRole('navigation', { name: 'Footer' })
    await expect(footerNav.getByRole('link')).toHaveText(['Home', 'About', 'Services', 'Gallery', 'Reviews', 'Contact'])
  })

  test('back-to-top appears only after 400px of scroll and returns to the top', async ({ page }) => {
    await page.goto('/services')
    const button = page.getByRole('button', { name: 'Back to top' })
    await expect(button).toHaveCount(0)
    await scrollTo(page, 300)
    await expect(button).toHaveCount(0)
    await scrollTo(page, 900)
    await expect(button).toBeVisible()
    await button.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('the scroll-progress bar follows the scroll position', async ({ page }) => {
    await page.goto('/services')
    const bar = page.getByTestId('scroll-progress')
    const width = () => bar.evaluate((el) => el.getBoundingClientRect().width)
    expect(await width()).toBe(0)
    await scrollTo(page, 100_000)
    await expect.poll(width).toBeGreaterThan(1300)
  })

  test('an unknown path answers 404 inside the shared layout', async ({ page }) => {
    const response = await page.goto('/no-such-page/at-all')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('banner')).toBeVisible()
    await expect(page.getByRole('contentinfo')).toBeVisible()
  })

  test('/find-us-on has no shared header or footer', async ({ page }) => {
    await page.goto('/find-us-on')
    await expect(page.getByRole('banner')).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
  })
})

test.describe('mobile menu on a phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test('toggles open and closed, and its submenus toggle individually', async ({ page }) => {
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Open menu' })
    const panel = page.getByRole('navigation', { name: 'Mobile' })
    await expect(panel).toBeHidden()
    await toggle.click()
    await expect(panel).toBeVisible()
    const services = panel.getByRole('button', { name: 'Services submenu' })
    const gallery = panel.getByRole('button', { name: 'Gallery submenu' })
    await expect(services).toHaveAttribute('aria-expanded', 'false')
    await services.click()
    await expect(services).toHaveAttribute('aria-expanded', 'true')
    await expect(gallery).toHaveAttribute('aria-expanded', 'false')
    await gallery.click()
    await expect(gallery).toHaveAttribute('aria-expanded', 'true')
    await services.click()
    await expect(services).toHaveAttribute('aria-expanded', 'false')
    await expect(gallery).toHaveAttribute('aria-expanded', 'true')
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(panel).toBeHidden()
  })

  test('following a menu link closes the menu', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About', exact: true }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden()
  })
})

test.describe('the header on the narrowest phones', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true })

  test('nothing goes past the screen: the logo gives way to the call to action and the menu button', async ({ page }) => {
    await page.goto('/')
    const header = page.getByRole('banner')
    const logo = header.locator('a[href="/"]:has(img)')
    const controls = [logo, header.getByRole('link', { name: 'Free estimate' }), header.getByRole('button', { name: 'Open menu' })]
    // 320 px is WCAG's reflow width; 360 and 375 px are the most common Android and the small iPhones.
    for (const width of [320, 360, 375]) {
      await page.setViewportSize({ width, height: 740 })
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width)
      for (const control of controls) {
        const box = (await control.boundingBox())!
        expect(box.x, `${width} px`).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width)
      }
      expect((await logo.locator('img').boundingBox())!.width, `${width} px: the logo still shows`).toBeGreaterThan(60)
    }
  })
})
