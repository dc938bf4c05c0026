import type { Page } from '@playwright/test'
import { expect, newVisitor, test } from './fixtures.ts'
import { rawDemoRecord, serveRecord } from './record-site.ts'
import { PHONE } from './viewports.ts'

/**
 * With INLINE_PAGE_CSS, a page comes with only the rules its markup uses, and the site's stylesheet
 * disabled until the visitor acts (server/pages/page-css.server.ts, decision 230). Proof that nothing was left out: no
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

const site = serveRecord(rawDemoRecord(), { INLINE_PAGE_CSS: 'true' })

test('no rule left out of a page matches one of its elements, in any state', async ({ browser }) => {
  const { page, errors, close } = await newVisitor(browser, site.url, PHONE, { wake: false })
  const stylesheets: string[] = []
  page.on('request', (request) => request.resourceType() === 'stylesheet' && stylesheets.push(new URL(request.url()).pathname))
  for (const route of ROUTES) {
    await page.goto(route)
    expect(stylesheets, `${route}: no stylesheet is fetched before the visitor acts`).toEqual([])
    expect(await leftOutRulesThatMatch(page), route).toEqual([])
    stylesheets.length = 0
  }
  expect(errors).toEqual([])
  await close()
})

test('the first activity loads the whole stylesheet before React hydrates, and React keeps the server markup', async ({ browser }) => {
  const { page, errors, close } = await newVisitor(browser, site.url, PHONE, { wake: false, modalSeen: true })
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
  expect(errors, 'no hydration error').toEqual([])
  await close()
})
