import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { demoRoutes } from '../demo/routes.js'

/** Every screen of the spec, and a page that does not exist. */
export const ROUTES = [...demoRoutes, '/no-such-page']

/** The WCAG 2.2 AA rule sets every axe check of the site runs. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/** Fails with a readable list when axe finds any violation on the page (or inside `include`). */
export async function expectNoAxeViolations(page: Page, label: string, include?: string) {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS)
  const { violations } = await (include ? builder.include(include) : builder).analyze()
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  )
  expect(summary, `axe on ${label}`).toEqual([])
}
