import type { Page } from '@playwright/test'
import { colorGroups, cssNamedColors } from '../app/record/css-named-colors.ts'
import { ESTIMATE_MODAL_SEEN_KEY } from '../app/sections/estimate-visit.ts'
import { demoRecord, expect, newVisitor, test } from './fixtures.ts'

const record = demoRecord
const ESTIMATE = 'Request An Estimate Now'

const estimateModal = (page: Page) => page.getByRole('dialog', { name: ESTIMATE })

/**
 * Resolves once the page has drawn a frame: the estimate modal opens in a page's first frame, so by then it
 * has made up its mind (this callback runs after the modal script's, asked for earlier).
 */
const afterFirstFrame = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())))

/** Turns the mouse wheel over the page and waits until the page has received that wheel event. */
async function wheel(page: Page, deltaY: number) {
  await page.evaluate(() => {
    const received = new Promise<void>((resolve) => addEventListener('wheel', () => resolve(), { once: true, capture: true }))
    Object.assign(window, { wheelReceived: received })
  })
  await page.mouse.wheel(0, deltaY)
  await page.evaluate(() => (window as unknown as { wheelReceived: Promise<void> }).wheelReceived)
  // A wheel the page does not stop scrolls it within the next frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
}

test.describe('estimate modal', () => {
  test('rendered closed by the server, open after hydration on the first page of a visit, with the logo and the form', async ({
    browser,
    baseURL,
    request,
  }) => {
    const html = await (await request.get('/about')).text()
    const dialogTag = html.match(/<dialog[^>]*>/)?.[0] ?? ''
    expect(dialogTag).not.toBe('')
    expect(html).toContain(ESTIMATE)
    expect(dialogTag.replace(/"[^"]*"/g, '""')).not.toMatch(/\sopen\b/)
    const visitor = await newVisitor(browser, baseURL)
    const { page } = visitor
    await page.goto('/about')
    const modal = estimateModal(page)
    await expect(modal).toBeVisible()
    await expect(modal.getByRole('img', { name: record.dbPrincipal.name })).toBeVisible()
    await expect(modal.getByLabel('First Name')).toBeVisible()
    await expect(modal.getByRole('button', { name: 'Close estimate request' })).toBeFocused()
    expect(visitor.errors).toEqual([]) // no hydration mismatch
    await visitor.close()
  })

  test('the close button closes it; it stays closed on the next navigation and on reload', async ({ browser, baseURL }) => {
    const visitor = await newVisitor(browser, baseURL)
    const { page } = visitor
    await page.goto('/')
    await estimateModal(page).getByRole('button', { name: 'Close estimate request' }).click()
    await expect(estimateModal(page)).toBeHidden()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click()
    await expect(page).toHaveURL(/\/about$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('About')
    // Links load pages as documents (their static blocks stay server HTML): the new page's modal read the flag and stays closed.
    await afterFirstFrame(page)
    await expect(estimateModal(page)).toBeHidden()
    await page.reload()
    await afterFirstFrame(page) // the reloaded modal read the flag: it has made up its mind
    await expect(estimateModal(page)).toBeHidden()
    expect(await page.evaluate((key) => sessionStorage.getItem(key), ESTIMATE_MODAL_SEEN_KEY)).toBe('1')
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  test('Escape closes it', async ({ browser, baseURL }) => {
    const visitor = await newVisitor(browser, baseURL)
    await visitor.page.goto('/services')
    await expect(estimateModal(visitor.page)).toBeVisible()
    await visitor.page.keyboard.press('Escape')
    await expect(estimateModal(visitor.page)).toBeHidden()
    await visitor.close()
  })

  test('keeps focus inside, locks the page scroll, and a click on the backdrop closes it', async ({ browser, baseURL }) => {
    const visitor = await newVisitor(browser, baseURL)
    const { page } = visitor
    await page.goto('/')
    const modal = estimateModal(page)
    await expect(modal).toBeVisible()
    for (let i = 0; i < 25; i++) {
      await page.keyboard.press('Tab')
      const outside = await page.evaluate(() => {
        const active = document.activeElement
        return active && active !== document.body && !active.closest('dialog[open]') ? active.outerHTML.slice(0, 80) : null
      })
      expect(outside, 'focus left the dialog').toBeNull()
    }
    await page.mouse.move(683, 450)
    await wheel(page, 1500)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)
    await page.mouse.click(8, 450) // left of the dialog box: the backdrop
    await expect(modal).toBeHidden()
    await page.mouse.wheel(0, 800)
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await visitor.close()
  })
})

test.describe('colour palette modal', () => {
  async function openPalette(page: Page) {
    await page.goto('/')
    await page.getByRole('button', { name: 'Quick actions menu' }).click()
    await page.getByRole('button', { name: 'Colour palette' }).click()
    const modal = page.getByRole('dialog', { name: 'Colour Palette' })
    await expect(modal).toBeVisible()
    return modal
  }

  test('lists all 11 groups, every named colour with its hex code', async ({ page }) => {
    const modal = await openPalette(page)
    const summaries = modal.locator('summary')
    await expect(summaries).toHaveCount(11)
    const names = colorGroups.map((g) => g[0]!.toUpperCase() + g.slice(1))
    for (let i = 0; i < names.length; i++) await expect(summaries.nth(i)).toContainText(names[i]!)
    const grey = cssNamedColors.filter((c) => c.group === 'grey')
    await summaries.nth(colorGroups.indexOf('grey')).click()
    const greyList = modal.getByRole('listitem').filter({ hasText: grey[0]!.name })
    await expect(greyList.first()).toContainText(grey[0]!.hex)
    expect(await modal.locator('li').count()).toBe(cssNamedColors.length)
  })

  test('every group may be closed at once, and Escape closes the modal', async ({ page }) => {
    const modal = await openPalette(page)
    const summaries = modal.locator('summary')
    const open = modal.locator('details[open]')
    await expect(open).toHaveCount(1)
    await summaries.first().click()
    await expect(open).toHaveCount(0)
    await expect(modal.getByText(cssNamedColors[0]!.hex)).toBeHidden()
    await summaries.nth(3).click()
    await summaries.nth(5).click()
    await expect(open).toHaveCount(2)
    await summaries.nth(3).click()
    await summaries.nth(5).click()
    await expect(open).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
  })
})
