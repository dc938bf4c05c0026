import type { Page } from '@playwright/test'
import { wcagContrast } from 'culori'
import { palettes, type PaletteName } from '#tests/palettes.ts'
import { COLOUR_RULES, ROUTES, expectNoAxeViolationsAtBothWidths } from './axe.ts'
import { expect, test } from './fixtures.ts'
import { rawDemoRecord, serveRecord } from './record-site.ts'
import { PHONE } from './viewports.ts'

/** The phone menu toggle's icon colour and the colour of the header behind it, as the browser computed them. */
async function menuToggleColours(page: Page) {
  return page.getByRole('button', { name: 'Open menu' }).evaluate((button) => {
    const icon = getComputedStyle(button.querySelector('svg')!).color
    let el: Element | null = button
    let background = 'rgba(0, 0, 0, 0)'
    while (el && /rgba\(.*, 0\)|transparent/.test(background)) {
      background = getComputedStyle(el).backgroundColor
      el = el.parentElement
    }
    return { icon, background }
  })
}

for (const name of Object.keys(palettes) as PaletteName[]) {
  test.describe(`the ${name} palette`, () => {
    const site = serveRecord({ ...rawDemoRecord(), styles: palettes[name] })

    test('the phone menu toggle stands out from the header (at least 3:1)', async ({ page }) => {
      await page.setViewportSize(PHONE)
      await page.goto(site.url + '/')
      const { icon, background } = await menuToggleColours(page)
      expect(wcagContrast(icon, background), `${icon} on ${background}`).toBeGreaterThanOrEqual(3)
    })

    // The demo's own palette gets the full axe pass in accessibility.spec.ts, against the demo server; the others
    // differ from it in colour only, so the rules colours can break are what they add.
    if (name === 'demo') return
    for (const route of ROUTES) {
      test(`${route} on a phone and on a desktop: axe finds no WCAG 2.2 AA colour violation`, async ({ page }) => {
        await page.setViewportSize(PHONE)
        await page.goto(site.url + route)
        await page.waitForLoadState('networkidle')
        await expectNoAxeViolationsAtBothWidths(page, `${route} (${name})`, COLOUR_RULES)
      })
    }
  })
}
