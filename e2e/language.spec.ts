import { strings } from '../app/i18n/strings.ts'
import { formStrings } from '../app/forms/form-strings.ts'
import { ESTIMATE_MODAL_TITLE } from '../app/sections/estimate-visit.ts'
import { expectNoAxeViolations } from './axe.ts'
import { expect, newVisitor, test } from './fixtures.ts'
import { rawDemoRecord, serveRecord } from './record-site.ts'

const es = strings.es
const esForm = formStrings.es
const PHONE = { width: 390, height: 844 }

// A Spanish record (spec: labels.formLabel.isenglish false) whose form labels are left empty, so our defaults show.
const record = rawDemoRecord()
record.labels.formLabel = { isenglish: false }

test.describe('a Spanish record', () => {
  const site = serveRecord(record)

  test('pages say lang="es", and the spec\'s fixed English words are marked lang="en"', async ({ page }) => {
    await page.goto(site.url + '/contact')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { name: 'Contact US' })).toHaveAttribute('lang', 'en')
    const nav = page.getByRole('navigation', { name: es.a11y.mainNav })
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('lang', 'en')
    await expect(page.getByRole('navigation', { name: es.a11y.footerNav }).getByRole('link', { name: 'Contact', exact: true })).toHaveAttribute('lang', 'en')
  })

  test('our own words are Spanish: menu toggle, form labels and the validation messages the server answers', async ({ page, consoleErrors }) => {
    await page.setViewportSize(PHONE)
    await page.goto(site.url + '/contact')
    await expect(page.getByRole('button', { name: es.a11y.openMenu })).toBeVisible()
    await expect(page.getByText('Cuéntenos sobre su proyecto y le responderemos con un presupuesto gratuito y sin compromiso.')).toBeVisible()
    const form = page.locator('form').filter({ has: page.getByRole('textbox', { name: esForm.labels.tname, exact: true }) }).first()
    // Until the form is hydrated the browser's own validation answers (in the browser's language): wait for ours.
    await expect(form).toHaveAttribute('novalidate', '')
    await form.getByRole('button', { name: esForm.labels.tbutton }).click()
    await expect(form.getByText(esForm.validation.firstName)).toBeVisible()
    await expect(form.getByText(esForm.validation.email)).toBeVisible()
    await expect(page.getByText(esForm.answers.invalid)).toBeVisible()
    // The action answers a refusal with 400: expected here, so taken off the page's error list.
    expect(consoleErrors.splice(0).every((e) => /400|Bad Request/.test(e))).toBe(true)
  })

  test('the estimate modal keeps the spec\'s English title and closes with a Spanish button', async ({ browser }) => {
    const visitor = await newVisitor(browser, site.url, PHONE)
    await visitor.page.goto('/')
    const modal = visitor.page.getByRole('dialog', { name: ESTIMATE_MODAL_TITLE })
    await expect(modal.getByRole('heading', { name: ESTIMATE_MODAL_TITLE })).toHaveAttribute('lang', 'en')
    await modal.getByRole('button', { name: es.a11y.closeEstimate }).click()
    await expect(modal).toBeHidden()
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  for (const route of ['/', '/contact']) {
    test(`${route} on a phone: axe finds no WCAG 2.2 AA violation in Spanish`, async ({ page }) => {
      await page.setViewportSize(PHONE)
      await page.goto(site.url + route)
      await page.waitForLoadState('networkidle')
      await expectNoAxeViolations(page, `${route} (Spanish)`)
    })
  }
})
