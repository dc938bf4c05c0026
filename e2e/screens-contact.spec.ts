import type { Page } from '@playwright/test'
import { demoFormLabels, demoOfferedServices, demoRecord, expect, test } from './fixtures.ts'
import { DESKTOP, PHONE } from './viewports.ts'

/** The record the demo server serves (demo/record.json); the values below are its own. */
const record = demoRecord
const text = demoFormLabels
const services = demoOfferedServices

const contactForm = (page: Page) => page.getByRole('region', { name: 'Contact US' })

async function fillValidForm(page: Page) {
  const form = contactForm(page)
  await form.getByRole('textbox', { name: text.tname, exact: true }).fill('Ada')
  await form.getByRole('textbox', { name: text.tlname, exact: true }).fill('Lovelace')
  await form.getByRole('textbox', { name: text.temail, exact: true }).fill('ada@example.com')
  await form.getByRole('textbox', { name: text.tphone, exact: true }).fill('303-555-0100')
  await form.getByRole('textbox', { name: text.taddress, exact: true }).fill('12 Analytical Way, Granite Falls')
  await form.getByRole('combobox', { name: text.ttypeservice }).selectOption(services[1]!)
  await form.getByRole('checkbox', { name: text.tcheckcorreo }).check()
  await form.getByRole('textbox', { name: text.tmessage }).fill('A new cedar fence, about 120 ft.')
}

test.describe('contact page', () => {
  test.use({ viewport: DESKTOP })

  test("shows 'Contact US', the form, and the three cards: phones with names, first address, first day and hours", async ({ page }) => {
    await page.goto('/contact')
    await expect(page.getByRole('heading', { level: 2, name: 'Contact US', exact: true })).toBeVisible()
    const cards = page.getByRole('list', { name: 'How to reach us' })
    await expect(cards.getByRole('heading', { level: 3 })).toHaveText(['Call Us', 'Visit Us', 'Working Hours'])
    const phones = [
      { name: 'Office', phone: '303-555-0142', href: 'tel:+13035550142' },
      { name: 'Sales', phone: '303-555-0178', href: 'tel:+13035550178' },
      { name: 'Repairs', phone: '720-555-0119', href: 'tel:+17205550119' },
    ]
    for (const phone of phones) {
      const link = cards.getByRole('link', { name: phone.phone })
      await expect(link).toHaveAttribute('href', phone.href)
      await expect(link.locator('xpath=..')).toContainText(`${phone.name}:`)
    }
    await expect(cards).toContainText('2875 Juniper Ridge Road, Granite Falls, CO 80302')
    await expect(cards).toContainText('Monday - Saturday')
    await expect(cards).toContainText('7:00 AM - 6:00 PM')
    await expect(page.getByRole('heading', { level: 2, name: /^We Cover / })).toBeVisible()
  })

  test('every field has a real label, autocomplete hints, and the first six services to choose from', async ({ page }) => {
    await page.goto('/contact')
    const form = contactForm(page)
    await expect(form.getByRole('textbox', { name: text.tname, exact: true })).toHaveAttribute('autocomplete', 'given-name')
    await expect(form.getByRole('textbox', { name: text.tlname, exact: true })).toHaveAttribute('autocomplete', 'family-name')
    await expect(form.getByRole('textbox', { name: text.temail, exact: true })).toHaveAttribute('type', 'email')
    await expect(form.getByRole('textbox', { name: text.tphone, exact: true })).toHaveAttribute('inputmode', 'tel')
    await expect(form.getByRole('textbox', { name: text.tphone, exact: true })).toHaveAttribute('autocomplete', 'tel')
    await expect(form.getByRole('textbox', { name: text.taddress, exact: true })).toHaveAttribute('autocomplete', 'street-address')
    await expect(form.getByRole('combobox', { name: text.ttypeservice }).locator('option:not([disabled])')).toHaveText(services)
    await expect(form.getByRole('group', { name: text.tbestway }).getByRole('checkbox')).toHaveCount(2)
    await expect(form.getByRole('textbox', { name: text.tmessage })).toBeVisible()
    await expect(form.getByRole('button', { name: text.tbutton })).toBeVisible()
    // The honeypot is out of sight, out of the tab order and out of the accessibility tree.
    const honeypot = form.locator('input[name="website"]')
    await expect(honeypot).toHaveAttribute('tabindex', '-1')
    await expect(honeypot).toHaveAttribute('autocomplete', 'off')
    await expect(form.getByRole('textbox', { name: 'Leave this field empty' })).toHaveCount(0)
    expect(await honeypot.evaluate((el) => el.getBoundingClientRect().right)).toBeLessThanOrEqual(0)
  })

  test('a refused post shows each error beside its field and focuses the first one', async ({ page, consoleErrors }) => {
    await page.goto('/contact')
    const form = contactForm(page)
    // Until the form is hydrated the browser's own validation answers: wait for ours.
    await expect(form.locator('form')).toHaveAttribute('novalidate', '')
    await form.getByRole('textbox', { name: text.tlname, exact: true }).fill('Lovelace')
    await form.getByRole('textbox', { name: text.tphone, exact: true }).fill('12')
    await form.getByRole('button', { name: text.tbutton }).click()
    const firstName = form.getByRole('textbox', { name: text.tname, exact: true })
    await expect(firstName).toHaveAttribute('aria-invalid', 'true')
    await expect(firstName).toHaveAccessibleDescription('Please enter your first name.')
    await expect(firstName).toBeFocused()
    await expect(form.getByRole('textbox', { name: text.tphone, exact: true })).toHaveAccessibleDescription(/at least 10 digits/)
    await expect(form.getByRole('textbox', { name: text.tlname, exact: true })).not.toHaveAttribute('aria-invalid', 'true')
    await expect(form.getByRole('textbox', { name: text.tlname, exact: true })).toHaveValue('Lovelace') // nothing typed is lost
    // The action answers a refusal with 400: expected here, so taken off the page's error list.
    expect(consoleErrors.splice(0).every((e) => /400|Bad Request/.test(e))).toBe(true)
  })

  test('a valid post without reload: pending button, then a success message and an empty form', async ({ page }) => {
    await page.goto('/contact')
    // The post waits until the test has seen the pending button, however fast the server is.
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/contact\.data/, async (route) => {
      await released
      await route.continue()
    })
    await fillValidForm(page)
    const button = contactForm(page).getByRole('button', { name: text.tbutton })
    await button.click()
    await expect(contactForm(page).getByRole('button', { name: 'Sending…' })).toBeDisabled()
    release()
    await expect(contactForm(page).getByRole('status')).toContainText(/thank you/i)
    await expect(contactForm(page).getByRole('textbox', { name: text.tname, exact: true })).toHaveValue('')
    await expect(contactForm(page).getByRole('combobox', { name: text.ttypeservice })).toHaveValue('')
    await expect(page).toHaveURL(/\/contact$/)
  })
})

test.describe('contact form without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('works as a plain form post: errors, then success, rendered by the server', async ({ page }) => {
    await page.goto('/contact')
    await contactForm(page).getByRole('textbox', { name: text.tname, exact: true }).fill('Ada')
    // Without JavaScript the browser's own checks stay on; skip them to see the server's answer.
    await contactForm(page)
      .locator('form')
      .evaluate((form) => form.setAttribute('novalidate', ''))
    await contactForm(page).getByRole('button', { name: text.tbutton }).click()
    await expect(contactForm(page).getByRole('textbox', { name: text.tlname, exact: true })).toHaveAccessibleDescription(
      'Please enter your last name.',
    )
    await expect(contactForm(page).getByRole('textbox', { name: text.tname, exact: true })).toHaveValue('Ada')
    await fillValidForm(page)
    await contactForm(page).getByRole('button', { name: text.tbutton }).click()
    await expect(contactForm(page).getByRole('status')).toContainText(/thank you/i)
  })
})

test.describe('find us on', () => {
  test.use({ viewport: PHONE })

  test('its own page: no shared header, menu or footer', async ({ page }) => {
    await page.goto('/find-us-on')
    await expect(page).toHaveTitle(/^Find Us On \| /)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(record.dbPrincipal.name)
    await expect(page.getByRole('banner')).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toHaveCount(0)
    await expect(page.getByRole('navigation')).toHaveCount(0)
    await expect(page.getByRole('dialog')).toHaveCount(0)
  })

  test('chat link from the first phone, business listing, directories and social links', async ({ page }) => {
    await page.goto('/find-us-on')
    await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/13035550142')
    // The demo record has pictures, so the picture variant shows: links named by their pictures.
    await expect(page.getByRole('link', { name: /business profile on Google/ })).toHaveAttribute('href', record.gmb.link)
    const directories = page.getByRole('region', { name: 'Directories' })
    for (const d of record.dbSocialMedia.directorios)
      await expect(directories.getByRole('link', { name: d.name })).toHaveAttribute('href', d.url)
    const socials = page.getByRole('region', { name: 'Social profiles' })
    for (const s of record.dbSocialMedia.redes) await expect(socials.getByRole('link', { name: s.name })).toHaveAttribute('href', s.url)
    await expect(socials.getByRole('img', { name: record.dbSocialMedia.redes[0]!.name })).toBeVisible()
  })
})
