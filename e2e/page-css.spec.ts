import type { Page } from '@playwright/test'
import { expect, newVisitor, test } from './fixtures.ts'
import { PHONE } from './viewports.ts'

/**
 * A page comes with only the rules its markup uses, and the site's stylesheet
 * disabled until the visitor acts (server/pages/page-css.server.ts, decision 230), and with the symbols
 * of the icons it draws (page-icons.server.ts). Proof that nothing was left out: no
 * rule of the whole stylesheet that is not in the page matches an element of the page, even with
 * every state a visitor can put it in (hover, focus, open, typed into) and any pseudo-element.
 * Media queries play no part (the markup is the same at every width), so one width is read.
 */
const ROUTES = [
  '/',
  '/services',
  '/wood-fence-installation',
  '/gallery',
  '/gallery/cedar-fences',
  '/our-videos',
  '/reviews',
  '/contact',
  '/find-us-on',
  '/about',
  '/no-such-page',
]

/** The selectors of the whole stylesheet's rules left out of the page that match one of its elements. */
function leftOutRulesThatMatch(page: Page) {
  return page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="stylesheet"][disabled]')
    const inline = link?.previousElementSibling
    if (!link || !(inline instanceof HTMLStyleElement)) return ['no inline rules before a disabled stylesheet link']
    const styleRules = (rules: CSSRuleList): CSSStyleRule[] =>
      [...rules].flatMap((rule) =>
        rule instanceof CSSStyleRule ? [rule] : 'cssRules' in rule ? styleRules((rule as CSSGroupingRule).cssRules) : [],
      )
    const kept = new Set(styleRules(inline.sheet!.cssRules).map((rule) => rule.cssText))
    await new Promise((resolve) => {
      link.addEventListener('load', resolve, { once: true })
      link.disabled = false
    })
    const anyState = (selector: string) =>
      selector
        .replace(
          /(?<!\\)::?(before|after|backdrop|placeholder|marker|selection|file-selector-button|details-content|-webkit-[\w-]+)(\([^)]*\))?/g,
          '',
        )
        .replace(
          /(?<!\\):(hover|focus|focus-visible|focus-within|active|visited|target|open|popover-open|checked|placeholder-shown|invalid|valid|user-invalid|user-valid|autofill)(?![\w-])/g,
          ':is(*)',
        )
    return styleRules(link.sheet!.cssRules)
      .filter((rule) => !kept.has(rule.cssText))
      .filter((rule) => {
        try {
          return document.querySelector(anyState(rule.selectorText) || '*') !== null
        } catch {
          return true // a selector this test cannot read: shown, to be looked at
        }
      })
      .map((rule) => rule.selectorText)
  })
}

/** The icons of the page that do not point at one of its own symbols (page-icons.server.ts). */
function iconsNotInPage(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('use')]
      .map((use) => use.getAttribute('href') ?? '')
      .filter((href) => !(href.startsWith('#') && document.getElementById(href.slice(1)) instanceof SVGSymbolElement)),
  )
}

test('no rule left out of a page matches one of its elements, in any state', async ({ browser, baseURL }) => {
  const { page, errors, close } = await newVisitor(browser, baseURL, PHONE, { wake: false })
  const fetched: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (request.resourceType() === 'stylesheet' || pathname.startsWith('/assets/icon-sprite')) fetched.push(pathname)
  })
  for (const route of ROUTES) {
    await page.goto(route)
    expect(fetched, `${route}: no stylesheet and no icon sprite is fetched before the visitor acts`).toEqual([])
    expect(await iconsNotInPage(page), `${route}: every icon is drawn from the page's own symbols`).toEqual([])
    expect(await leftOutRulesThatMatch(page), route).toEqual([])
    fetched.length = 0
  }
  expect(errors).toEqual([])
  await close()
})

test('the first activity loads the whole stylesheet before React hydrates, React keeps the server markup, and a later icon comes from the sprite', async ({
  browser,
  baseURL,
}) => {
  const { page, errors, close } = await newVisitor(browser, baseURL, PHONE, { wake: false, modalSeen: true })
  await page.goto('/')
  const heading = await page.locator('h1').elementHandle()
  await page.evaluate(() => {
    // Whether the stylesheet was there when the framework marked the page hydrated.
    new MutationObserver(() => {
      if (document.documentElement.hasAttribute('data-hydrated'))
        document.documentElement.dataset.sheetAtHydration = String(!!document.querySelector('link[rel="stylesheet"]:not([disabled])'))
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['data-hydrated'] })
  })
  await page.mouse.move(10, 10)
  await page.mouse.down()
  await page.mouse.up()
  await expect(page.locator('html')).toHaveAttribute('data-sheet-at-hydration', 'true')
  expect(await heading!.evaluate((h) => h.isConnected), 'the heading the server sent is still the one on screen').toBe(true)
  expect(await iconsNotInPage(page), 'React keeps the icons pointed at the page’s own symbols').toEqual([])
  // An icon React renders later (the chat panel's send button, rendered when the panel opens) comes from the sprite file.
  await page.getByRole('button', { name: 'Quick actions menu' }).click()
  await page.locator('[data-widget="chat"]').click()
  const send = page.locator('use[href$="#paper-plane"]')
  await expect(send).toHaveAttribute('href', /^\/assets\/icon-sprite-[\w-]+\.svg#paper-plane$/)
  await expect.poll(() => send.evaluate((use: SVGUseElement) => use.getBBox().width)).toBeGreaterThan(0)
  expect(errors, 'no hydration error').toEqual([])
  await close()
})
