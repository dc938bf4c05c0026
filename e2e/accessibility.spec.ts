import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const ROUTES = ['/', '/about', '/services', '/wood-fence-installation', '/gallery', '/gallery/cedar-fences', '/reviews', '/our-videos', '/contact', '/find-us-on', '/no-such-page']
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

export async function expectNoAxeViolations(page: Page, label: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  const summary = violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`)
  expect(summary, `axe on ${label}`).toEqual([])
}

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
