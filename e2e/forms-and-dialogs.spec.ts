import type { Locator, Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe.ts'
import { demoFormLabels, demoOfferedServices, expect, newVisitor, test } from './fixtures.ts'
import { DESKTOP, PHONE } from './viewports.ts'
import { FIELD_MAX_LENGTH } from '../app/forms/estimate-form.ts'

const text = demoFormLabels
/** The last of the services the form offers. */
const LAST_OFFERED_SERVICE = demoOfferedServices.at(-1)!

/** Fills every field of the contact form inside `scope` with valid answers. */
async function fillValidForm(scope: Locator) {
  // Hydrated: the form has drawn its submission id, so the post goes through the fetcher, not a reload.
  await expect(scope.locator('input[name="submissionId"]')).not.toHaveValue('')
  await scope.getByRole('textbox', { name: text.tname, exact: true }).fill('Grace')
  await scope.getByRole('textbox', { name: text.tlname, exact: true }).fill('Hopper')
  await scope.getByRole('textbox', { name: text.temail, exact: true }).fill('grace@example.com')
  await scope.getByRole('textbox', { name: text.tphone, exact: true }).fill('303-555-0199')
  await scope.getByRole('textbox', { name: text.taddress, exact: true }).fill('7 Compiler Court, Granite Falls')
  await scope.getByRole('combobox', { name: text.ttypeservice }).selectOption(LAST_OFFERED_SERVICE)
  await scope.getByRole('checkbox', { name: text.tcheckphone, exact: true }).check()
  await scope.getByRole('textbox', { name: text.tmessage }).fill('A composite deck, roughly 300 sq ft.')
}

const estimateModal = (page: Page) => page.getByRole('dialog', { name: 'Request An Estimate Now' })

test.describe('contact form', () => {
  test.use({ viewport: DESKTOP })

  test('the contact form sends from the home page', async ({ page }) => {
    await page.goto('/')
    const section = page.getByRole('region', { name: 'Send Us A Message' })
    const message = section.getByRole('textbox', { name: text.tmessage })
    // The message box has the server's bound (the same number), said under it, live once the page's code runs.
    await expect(message).toHaveAttribute('maxlength', String(FIELD_MAX_LENGTH.message))
    await fillValidForm(section)
    await expect(message).toHaveAccessibleDescription('1,964 characters left')
    // A long paste is cut at the bound as it is inserted, never typed and then refused.
    await message.fill('')
    await message.focus()
    await page.keyboard.insertText('x'.repeat(15_000))
    await expect(message).toHaveValue('x'.repeat(FIELD_MAX_LENGTH.message))
    await expect(message).toHaveAccessibleDescription('0 characters left')
    await message.fill('A composite deck, roughly 300 sq ft.')
    // A full reload would wipe this marker: it proves the post went without leaving the page.
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))
    await section.getByRole('button', { name: text.tbutton }).click()
    await expect(section.getByRole('status')).toContainText(/thank you/i)
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1)
    for (const name of [text.tname, text.tlname, text.temail, text.tphone, text.taddress]) {
      await expect(section.getByRole('textbox', { name, exact: true })).toHaveValue('')
    }
    await expect(section.getByRole('textbox', { name: text.tmessage })).toHaveValue('')
    await expect(message).toHaveAccessibleDescription('2,000 characters left')
    await expect(section.getByRole('combobox', { name: text.ttypeservice })).toHaveValue('')
    await expect(section.getByRole('checkbox', { name: text.tcheckphone, exact: true })).not.toBeChecked()
    await expect(page).toHaveURL(/\/$/)
  })

  test('the contact form sends from the estimate modal', async ({ browser, baseURL }) => {
    const visitor = await newVisitor(browser, baseURL)
    const { page } = visitor
    await page.goto('/about')
    const modal = estimateModal(page)
    await expect(modal).toBeVisible()
    await fillValidForm(modal)
    await modal.getByRole('button', { name: text.tbutton }).click()
    await expect(modal.getByRole('status')).toContainText(/thank you/i)
    await expect(modal).toBeVisible() // the visitor reads the answer where they asked
    await expect(modal.getByRole('textbox', { name: text.tname, exact: true })).toHaveValue('')
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })
})

/** The demo's first gallery group (8 photos) and its number of gallery videos. */
const firstGroup = { name: 'Cedar Fences', photos: 8 }
const videoCount = 6

/** Each dialog of the site: where it lives and how a visitor opens it. */
const DIALOGS: { name: string; open: (page: Page) => Promise<Locator> }[] = [
  {
    name: 'gallery lightbox',
    open: async (page) => {
      await page.goto('/gallery')
      await page.getByRole('button', { name: `Open image 1 of ${firstGroup.photos}: ${firstGroup.name}`, exact: true }).click()
      return page.getByRole('dialog', { name: `${firstGroup.name} photos` })
    },
  },
  {
    name: 'video modal',
    open: async (page) => {
      await page.goto('/our-videos')
      await page.getByRole('button', { name: `Play Video 1 of ${videoCount}` }).click()
      return page.getByRole('dialog', { name: `Video 1 of ${videoCount}` })
    },
  },
  {
    name: 'colour palette modal',
    open: async (page) => {
      await page.goto('/')
      await page.getByRole('button', { name: 'Quick actions menu' }).click()
      await page.getByRole('button', { name: 'Colour palette' }).click()
      return page.getByRole('dialog', { name: 'Colour Palette' })
    },
  },
]

for (const [device, viewport] of [
  ['phone', PHONE],
  ['desktop', DESKTOP],
] as const) {
  test.describe(`axe finds no violations with each dialog open (${device})`, () => {
    test.use({ viewport })

    test('estimate modal', async ({ browser, baseURL }) => {
      const visitor = await newVisitor(browser, baseURL, viewport)
      await visitor.page.goto('/')
      await expect(estimateModal(visitor.page)).toBeVisible()
      await expectNoAxeViolations(visitor.page, `estimate modal (${device})`)
      expect(visitor.errors).toEqual([])
      await visitor.close()
    })

    for (const dialog of DIALOGS) {
      test(dialog.name, async ({ page }) => {
        const opened = await dialog.open(page)
        await expect(opened).toBeVisible()
        await expectNoAxeViolations(page, `${dialog.name} (${device})`)
      })
    }
  })
}

test.describe('main navigation on a desktop', () => {
  test.use({ viewport: DESKTOP })

  test("keyboard only: the desktop menu's Services dropdown", async ({ page }) => {
    // The demo's menu: Home, About, Services (a dropdown of its 11 services), Gallery…
    const servicesEntry = { label: 'Services', children: 11 }
    const nextEntry = { label: 'Gallery' }
    const firstService = { label: 'Wood Fence Installation', to: '/wood-fence-installation' }
    await page.goto('/')
    await page.waitForLoadState('networkidle') // the toggle answers keys once React has hydrated
    const nav = page.getByRole('navigation', { name: 'Main' })
    const toggle = nav.getByRole('button', { name: `${servicesEntry.label} submenu` })
    const serviceLink = nav.getByRole('link', { name: firstService.label, exact: true })

    // Tab from the top of the page until the dropdown's toggle has focus.
    for (let i = 0; i < 30 && !(await toggle.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(toggle).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')

    await page.keyboard.press('Enter')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(serviceLink).toBeVisible()
    await page.keyboard.press('Space') // a native button: Space toggles too
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(serviceLink).toBeHidden() // what is shown matches aria-expanded
    await page.keyboard.press('Space')
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')

    // The next Tab lands on the first service, which leads to its page.
    await page.keyboard.press('Tab')
    await expect(serviceLink).toBeFocused()
    await expect(serviceLink).toHaveAttribute('href', firstService.to)

    // Escape closes the submenu and puts focus back on its toggle.
    await page.keyboard.press('Escape')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(serviceLink).toBeHidden()
    await expect(toggle).toBeFocused()

    // Tabbing past the last service closes the submenu: two never stay open at once.
    await page.keyboard.press('Enter')
    for (let i = 0; i < servicesEntry.children + 1; i++) await page.keyboard.press('Tab')
    await expect(nav.getByRole('link', { name: nextEntry.label, exact: true })).toBeFocused()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(serviceLink).toBeHidden()
  })
})
