import type { Browser, Page } from '@playwright/test'
import { expect, newVisitor, test } from './fixtures.ts'
import { DESKTOP, PHONE } from './viewports.ts'

/**
 * Longer than the suite's bound: once the visitor is released, the framework and every deferred block's code load
 * (the whole app's first script work), and only then does the held tap replay.
 */
const AFTER_RELEASE = { timeout: 30_000 }

/**
 * No first tap is lost (issue 29, decision 050): a page starts its framework at the visitor's first
 * activity, so that first activity is a tap on a control whose code has not arrived. On a phone whose
 * CPU is 4× slower, with the page's modules held back until `release()` (so "before the code" lasts
 * as long as the test needs, whatever the machine), each kind of control either does its platform
 * equivalent at once, or its tap is held and replayed once the code is there.
 */
async function slowVisitor(browser: Browser, baseURL: string | undefined, path: string, viewport = PHONE, { modalSeen = true } = {}) {
  const visitor = await newVisitor(browser, baseURL, viewport, { wake: false, modalSeen })
  const { page, context } = visitor
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  const modules: string[] = []
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    modules.push(new URL(route.request().url()).pathname)
    await released
    await route.continue().catch(() => {}) // the test may be over
  })
  await page.goto(path)
  expect(modules, 'no module before the visitor acts').toEqual([])
  return {
    ...visitor,
    /** The framework was asked for: the tap was the activity that starts it. */
    framework: () => expect.poll(() => modules.some((m) => m.includes('/entry.client-'))).toBe(true),
    release,
    hydrated: () =>
      expect
        .poll(
          () =>
            page.evaluate(() => document.documentElement.hasAttribute('data-hydrated') && !document.documentElement.dataset.deferredBlocks),
          AFTER_RELEASE,
        )
        .toBe(true),
  }
}

/** The tap the page script holds for replay (`window.__tap`), by its accessible name or text. */
const heldTap = (page: Page) =>
  page.evaluate(() => (window.__tap ? window.__tap.getAttribute('aria-label') || window.__tap.textContent!.trim() : null))

test.describe('native at once: the platform does it before the code arrives', () => {
  test('the phone menu (popover) and its submenu (<details>)', async ({ browser, baseURL }) => {
    const visitor = await slowVisitor(browser, baseURL, '/')
    const { page } = visitor
    const panel = page.getByRole('navigation', { name: 'Mobile' })
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(panel).toBeVisible()
    await panel.getByRole('button', { name: 'Services submenu' }).click()
    await expect(panel.getByRole('link', { name: 'Wood Fence Installation', exact: true })).toBeVisible()
    await visitor.framework()
    visitor.release()
    await visitor.hydrated()
    await expect(panel).toBeVisible()
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  test('the widget launcher (popover)', async ({ browser, baseURL }) => {
    const visitor = await slowVisitor(browser, baseURL, '/')
    const { page } = visitor
    await page.getByRole('button', { name: 'Quick actions menu' }).click()
    await expect(page.getByRole('region', { name: 'Quick actions' }).getByRole('button', { name: 'Call us now' })).toBeVisible()
    visitor.release()
    await visitor.hydrated()
    await expect(page.getByRole('button', { name: 'Quick actions menu' })).toHaveAttribute('aria-expanded', 'true')
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  test('the estimate modal: open before any code; its close button and a tap outside close it natively', async ({ browser, baseURL }) => {
    for (const close of ['button', 'outside'] as const) {
      const visitor = await slowVisitor(browser, baseURL, '/', PHONE, { modalSeen: false })
      const { page } = visitor
      const modal = page.getByRole('dialog', { name: 'Request An Estimate Now' })
      await expect(modal).toBeVisible()
      if (close === 'button') await modal.getByRole('button', { name: 'Close estimate request' }).click()
      else await page.mouse.click(3, 3) // the backdrop, outside the dialog's box
      await expect(modal).toBeHidden()
      visitor.release()
      await visitor.hydrated()
      await expect(modal).toBeHidden()
      expect(visitor.errors).toEqual([])
      await visitor.close()
    }
  })

  test('a link opens its page', async ({ browser, baseURL }) => {
    const visitor = await slowVisitor(browser, baseURL, '/', DESKTOP)
    await visitor.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
    await expect(visitor.page).toHaveURL(/\/about$/)
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  test('the before/after slider (a range input) moves, and keeps its place when the code arrives', async ({ browser, baseURL }) => {
    const visitor = await slowVisitor(browser, baseURL, '/gallery')
    const { page } = visitor
    const slider = page
      .getByRole('region', { name: 'Before & After' })
      .getByRole('slider', { name: 'Project 1: before and after comparison' })
    await expect(slider).toHaveValue('50')
    await slider.scrollIntoViewIfNeeded()
    const box = (await slider.boundingBox())!
    await page.mouse.click(box.x + box.width * 0.8, box.y + box.height / 2)
    const moved = Number(await slider.inputValue())
    expect(moved).toBeGreaterThan(60)
    visitor.release()
    await visitor.hydrated()
    await expect(slider).toHaveValue(String(moved))
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  test('typing into the contact form: every character is kept', async ({ browser, baseURL }) => {
    const visitor = await slowVisitor(browser, baseURL, '/contact')
    const { page } = visitor
    const name = page.getByRole('textbox', { name: 'First Name' }).first()
    await name.click()
    await name.pressSequentially('Ana María')
    await expect(name).toHaveValue('Ana María')
    visitor.release()
    await visitor.hydrated()
    await name.pressSequentially(' L.')
    await expect(name).toHaveValue('Ana María L.')
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })
})

test.describe('replayed: the tap is held, and does its work once the code has arrived', () => {
  test('a gallery thumbnail opens the lightbox', async ({ browser, baseURL }) => {
    const visitor = await slowVisitor(browser, baseURL, '/gallery', DESKTOP)
    const { page } = visitor
    const thumbnail = page.getByRole('button', { name: /^Open image 1 of \d+: / }).first()
    await thumbnail.click()
    await expect.poll(() => heldTap(page)).toMatch(/^Open image 1 of/)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    visitor.release()
    await expect(page.getByRole('dialog', { name: / photos$/ })).toBeVisible(AFTER_RELEASE)
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  test('a video thumbnail opens the player', async ({ browser, baseURL }) => {
    const visitor = await slowVisitor(browser, baseURL, '/our-videos', DESKTOP)
    const { page } = visitor
    await page.getByRole('button', { name: /^Play Video 1 of \d+$/ }).click()
    await expect.poll(() => heldTap(page)).not.toBeNull()
    visitor.release()
    await expect(page.getByRole('dialog').locator('iframe')).toHaveCount(1, AFTER_RELEASE)
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  test('the promo video plays here rather than leaving for YouTube', async ({ browser, baseURL }) => {
    const visitor = await slowVisitor(browser, baseURL, '/', DESKTOP)
    const { page } = visitor
    const region = page.getByRole('region', { name: 'Quality You Can See' })
    await region.getByRole('link').click()
    await expect.poll(() => heldTap(page)).not.toBeNull()
    visitor.release()
    await expect(region.locator('iframe')).toHaveCount(1, AFTER_RELEASE)
    await expect(page).toHaveURL(/\/$/)
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  for (const [widget, opened] of [
    ['Weather', (page: Page) => page.getByRole('dialog', { name: 'Weather now' })],
    ['Colour palette', (page: Page) => page.getByRole('dialog', { name: 'Colour Palette' })],
    ['Chat with us', (page: Page) => page.getByRole('dialog', { name: /Summit Ridge/ })],
  ] as const) {
    test(`the widget menu's ${widget} button opens its panel (the launcher before it: native)`, async ({ browser, baseURL }) => {
      const visitor = await slowVisitor(browser, baseURL, '/')
      const { page } = visitor
      const menu = page.getByRole('region', { name: 'Quick actions' })
      await page.getByRole('button', { name: 'Quick actions menu' }).click()
      await menu.getByRole('button', { name: widget, exact: true }).click()
      await expect.poll(() => heldTap(page)).not.toBeNull()
      visitor.release()
      await expect(opened(page)).toBeVisible(AFTER_RELEASE)
      expect(visitor.errors).toEqual([])
      await visitor.close()
    })
  }

  test("a desktop menu's submenu toggle opens the submenu", async ({ browser, baseURL }) => {
    const visitor = await slowVisitor(browser, baseURL, '/', DESKTOP)
    const { page } = visitor
    const toggle = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Services submenu' })
    await toggle.click()
    await expect.poll(() => heldTap(page)).not.toBeNull()
    visitor.release()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true', AFTER_RELEASE)
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })
})
