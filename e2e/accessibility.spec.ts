import { ROUTES, expectNoAxeViolationsAtBothWidths } from './axe.ts'
import { test } from './fixtures.ts'
import { PHONE } from './viewports.ts'

test.describe('axe on the demo', () => {
  test.use({ viewport: PHONE })
  for (const route of ROUTES) {
    test(`${route} has no WCAG 2.2 AA violations on a phone or a desktop`, async ({ page }) => {
      await page.goto(route)
      await page.waitForLoadState('networkidle')
      await expectNoAxeViolationsAtBothWidths(page, route)
    })
  }
})
