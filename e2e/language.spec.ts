import type { Page } from '@playwright/test'
import { spanish, strings } from '../app/i18n/dictionaries.ts'
import { enPage } from '../app/i18n/page-strings.ts'
import { formStrings } from '../app/forms/form-strings.ts'
import { widgetStrings } from '../app/i18n/widget-strings.ts'
import { ESTIMATE_MODAL_TITLE } from '../app/sections/estimate-visit.ts'
import { ROUTES, expectNoAxeViolations } from './axe.ts'
import { expect, newVisitor, test } from './fixtures.ts'
import { rawDemoRecord, serveRecord } from './record-site.ts'
import { PHONE } from './viewports.ts'

const es = strings.es
const esWidgets = widgetStrings.es
const esForm = formStrings.es

// A Spanish record (spec: labels.formLabel.isenglish false) whose form labels and section titles are
// left empty, so our own defaults show.
const record = rawDemoRecord()
record.labels.formLabel = { isenglish: false }
record.labels.general = { titleServices: '', titleBranding: '', titleReviews: '', titleGallery: '', titleMap: '' }

/** Stands for a value a dictionary function is given (a name, a number), in what it returns. */
const HOLE = '\u0001'
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Every English word of the dictionary that Spanish says otherwise, as the source of a regular
 * expression matching a whole text or attribute: plain strings as they are, functions with their
 * arguments as wildcards ("Open image .+ of .+: .+"). A function that is all argument (nothing
 * English of its own) is left out.
 */
function englishOnly(en: unknown, other: unknown): string[] {
  if (typeof en === 'string') return en !== other ? [`^${escapeRegExp(en.trim())}$`] : []
  if (typeof en === 'function') {
    const fill = (f: unknown) => String((f as (...a: string[]) => unknown)(...Array<string>(5).fill(HOLE)))
    const english = fill(en)
    if (
      english === fill(other) ||
      english
        .replaceAll(HOLE, '')
        .replaceAll('NaN', '')
        .replace(/[^a-z]/gi, '').length < 3
    )
      return []
    return [`^${escapeRegExp(english.trim()).replaceAll(HOLE, '.+').replaceAll('NaN', '.+')}$`]
  }
  if (en && typeof en === 'object')
    return Object.entries(en).flatMap(([key, value]) => englishOnly(value, (other as Record<string, unknown>)[key]))
  return []
}
const ENGLISH_ONLY = [
  ...new Set([
    ...englishOnly(strings.en, strings.es),
    ...englishOnly(enPage, spanish!.esPage),
    ...englishOnly(formStrings.en, formStrings.es),
  ]),
]

/**
 * Our English words found on the page outside an element marked lang="en": each element's own text
 * (its text nodes outside lang="en" descendants, whitespace collapsed) and its accessible-text attributes.
 */
function englishLeftovers(page: Page) {
  return page.evaluate((sources) => {
    const patterns = sources.map((source) => new RegExp(source))
    const isEnglish = (node: Node | null) =>
      (node instanceof Element ? node : node?.parentElement)?.closest('[lang]')?.getAttribute('lang') === 'en'
    const english = (text: string) => patterns.some((p) => p.test(text))
    const found: string[] = []
    for (const element of document.body.querySelectorAll('*')) {
      if (isEnglish(element) || ['SCRIPT', 'STYLE', 'TEMPLATE'].includes(element.tagName)) continue
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
      let text = ''
      for (let node = walker.nextNode(); node; node = walker.nextNode()) if (!isEnglish(node)) text += node.textContent
      text = text.replace(/\s+/g, ' ').trim()
      if (text && english(text)) found.push(`<${element.tagName.toLowerCase()}> ${text}`)
      for (const attribute of ['aria-label', 'alt', 'title', 'placeholder', 'aria-valuetext', 'aria-roledescription']) {
        const value = element.getAttribute(attribute)?.trim()
        if (value && english(value)) found.push(`<${element.tagName.toLowerCase()} ${attribute}> ${value}`)
      }
    }
    return [...new Set(found)]
  }, ENGLISH_ONLY)
}

test.describe('a Spanish record', () => {
  const site = serveRecord(record)

  test('pages say lang="es", and the spec\'s fixed English words are marked lang="en"', async ({ page }) => {
    await page.goto(site.url + '/contact')
    await expect(page.locator('html')).toHaveAttribute('lang', 'es')
    await expect(page.getByRole('heading', { name: 'Contact US' })).toHaveAttribute('lang', 'en')
    const nav = page.getByRole('navigation', { name: es.a11y.mainNav })
    await expect(nav.getByRole('link', { name: 'About', exact: true })).toHaveAttribute('lang', 'en')
    await expect(
      page.getByRole('navigation', { name: es.a11y.footerNav }).getByRole('link', { name: 'Contact', exact: true }),
    ).toHaveAttribute('lang', 'en')
  })

  test('our own words are Spanish: menu toggle, form labels and the validation messages the server answers', async ({
    page,
    consoleErrors,
  }) => {
    await page.setViewportSize(PHONE)
    await page.goto(site.url + '/contact')
    await expect(page.getByRole('button', { name: es.a11y.openMenu })).toBeVisible()
    // The page's own copy (the closed estimate modal holds the same words).
    await expect(
      page.locator('#main').getByText('Cuéntenos sobre su proyecto y le responderemos con un presupuesto gratuito y sin compromiso.'),
    ).toBeVisible()
    const form = page
      .locator('form')
      .filter({ has: page.getByRole('textbox', { name: esForm.labels.tname, exact: true }) })
      .first()
    // Until the form is hydrated the browser's own validation answers (in the browser's language): wait for ours.
    await expect(form).toHaveAttribute('novalidate', '')
    await form.getByRole('button', { name: esForm.labels.tbutton }).click()
    await expect(form.getByText(esForm.validation.firstName)).toBeVisible()
    await expect(form.getByText(esForm.validation.email)).toBeVisible()
    await expect(page.getByText(esForm.answers.invalid)).toBeVisible()
    // The action answers a refusal with 400: expected here, so taken off the page's error list.
    expect(consoleErrors.splice(0).every((e) => /400|Bad Request/.test(e))).toBe(true)
  })

  test("the estimate modal keeps the spec's English title and closes with a Spanish button", async ({ browser }) => {
    const visitor = await newVisitor(browser, site.url, PHONE)
    await visitor.page.goto('/')
    const modal = visitor.page.getByRole('dialog', { name: ESTIMATE_MODAL_TITLE })
    await expect(modal.getByRole('heading', { name: ESTIMATE_MODAL_TITLE })).toHaveAttribute('lang', 'en')
    await modal.getByRole('button', { name: es.a11y.closeEstimate }).click()
    await expect(modal).toBeHidden()
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  for (const route of ROUTES) {
    test(`${route} on a phone: none of our English words outside lang="en"`, async ({ page }) => {
      await page.setViewportSize(PHONE)
      await page.goto(site.url + route)
      await page.waitForLoadState('networkidle')
      expect(await englishLeftovers(page)).toEqual([])
    })
  }

  test('opened on a phone, the menu, every widget panel and the palette speak Spanish too', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto(site.url + '/')
    const launcher = page.getByRole('button', { name: es.a11y.quickActionsMenu })
    // Hydrated before clicking, so the click is handled rather than lost.
    await expect(page.locator('html')).toHaveAttribute('data-hydrated')
    await page.getByRole('button', { name: es.a11y.openMenu }).click()
    await expect(page.getByRole('navigation', { name: es.a11y.mobileNav })).toBeVisible()
    expect(await englishLeftovers(page), 'phone menu open').toEqual([])
    await page.getByRole('button', { name: es.a11y.closeMenu }).click()

    await launcher.click()
    const menu = page.getByRole('region', { name: es.a11y.quickActions })
    const panels = [
      [es.a11y.chat, esWidgets.widgets.greeting],
      [es.a11y.call, esWidgets.widgets.phone],
      [es.a11y.visits, esWidgets.widgets.visitsToday],
      [es.a11y.weather, /^(El tiempo no está disponible|Viento)/],
    ] as const
    for (const [button, content] of panels) {
      await menu.getByRole('button', { name: button, exact: true }).click()
      await expect(menu.getByRole('dialog').getByText(content).first()).toBeVisible()
      expect(await englishLeftovers(page), `${button} panel open`).toEqual([])
    }
    await menu.getByRole('button', { name: es.a11y.palette, exact: true }).click()
    await expect(page.getByRole('dialog', { name: es.a11y.palette })).toBeVisible()
    expect(await englishLeftovers(page), 'colour palette open').toEqual([])
  })

  test('opened on a phone, the lightbox, the before/after sliders and the video player speak Spanish too', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await page.goto(site.url + '/gallery')
    await expect(page.getByRole('slider').first()).toHaveAttribute('aria-valuetext', es.a11y.comparisonValue(50))
    const thumbnail = page.getByRole('button', { name: /^Abrir la imagen 1 de / }).first()
    await expect(page.locator('html')).toHaveAttribute('data-hydrated')
    await thumbnail.click()
    await expect(page.getByRole('button', { name: es.a11y.nextPhoto })).toBeVisible()
    expect(await englishLeftovers(page), 'lightbox open').toEqual([])

    await page.goto(site.url + '/our-videos')
    const video = page.getByRole('button', { name: new RegExp(`^${es.a11y.play} Video 1 de `) })
    await expect(page.locator('html')).toHaveAttribute('data-hydrated')
    await video.click()
    await expect(page.getByRole('button', { name: es.a11y.closeVideo })).toBeVisible()
    expect(await englishLeftovers(page), 'video player open').toEqual([])
  })

  test("a brand-new visitor's estimate modal speaks Spanish, its spec title marked English", async ({ browser }) => {
    const visitor = await newVisitor(browser, site.url, PHONE)
    await visitor.page.goto('/')
    // It opens once the page is hydrated, which a busy machine may take a while to do.
    await expect(visitor.page.getByRole('dialog', { name: ESTIMATE_MODAL_TITLE })).toBeVisible()
    await expect(
      visitor.page
        .getByRole('dialog', { name: ESTIMATE_MODAL_TITLE })
        .getByText('Cuéntenos sobre su proyecto y le responderemos con un presupuesto gratuito y sin compromiso.'),
    ).toBeVisible()
    expect(await englishLeftovers(visitor.page)).toEqual([])
    expect(visitor.errors).toEqual([])
    await visitor.close()
  })

  test("numbers are written in the page's language, and the English dictionary words are really checked", async ({ page }) => {
    // The matcher list is what the walks above rely on: it must hold our words, whole and templated.
    expect(ENGLISH_ONLY).toContain('^Call Us$')
    expect(ENGLISH_ONLY).toContain('^Open image .+ of .+: .+$')
    await page.setViewportSize(PHONE)
    await page.goto(site.url + '/gallery')
    await expect(page.getByText(/^\d+ fotos$/).first()).toBeVisible()
    // The same page's words checked against English ones are found when they are there.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML('beforeend', '<p>Call Us</p><p lang="en">Visit Us</p><img alt="Open image 2 of 9: Decks">'),
    )
    expect(await englishLeftovers(page)).toEqual(['<p> Call Us', '<img alt> Open image 2 of 9: Decks'])
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
