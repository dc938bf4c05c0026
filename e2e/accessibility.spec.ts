import { ROUTES, expectNoAxeViolations } from './axe.ts'
import { test } from './fixtures.ts'

for (const [device, viewport] of [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1366, height: 900 }],
] as const) {
  test.describe(`axe on a ${device}`, () => {
    test.use({ viewport })
    for (const route of ROUTES) {
      test(`${route} has no WCAG 2.2 AA violations`, async ({ page }) => {
        await page.goto(route)
        await page.waitForLoadState('networkidle')
        await expectNoAxeViolations(page, `${route} (${device})`)
      })
    }
  })
}
