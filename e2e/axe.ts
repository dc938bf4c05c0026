import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import { demoRoutes } from '../demo/routes.js'
import { DESKTOP, PHONE } from './viewports.ts'
import { renderEveryBlock } from './render-every-block.js'
import { expectTouchTargets } from './touch-targets.ts'

/** Every screen of the spec, and a page that does not exist. */
export const ROUTES = [...demoRoutes, '/no-such-page']

/** The WCAG 2.2 AA rule sets every axe check of the site runs. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * The WCAG 2.2 AA rules a record's colours can break. A page drawn in another palette differs from the demo's in
 * colour only (same markup, same sizes), so its other rules and its touch targets are judged once, on the demo.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

/**
 * Fails (softly: the test goes on, and fails at its end) with a readable list when axe finds any
 * violation on the page (or inside `include`, and outside `exclude`: the console's sandboxed report
 * frames, where axe cannot run a script, are checked as pages of their own), or a target smaller than
 * 24 × 24 px (touch-targets.ts). With `rules`, only those rules are run, and no touch target is measured.
 */
export async function expectNoAxeViolations(page: Page, label: string, include?: string, exclude?: string, rules?: readonly string[]) {
  // Only the violations are needed: axe then builds selectors for their nodes alone, not for every
  // node that passed (a third of the scan's time on a long page).
  // (`options` replaces what `withTags` set, so it comes first.)
  await renderEveryBlock(page) // contrast is judged on what is drawn
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] })
  if (rules) builder.withRules([...rules])
  else builder.withTags(WCAG_TAGS)
  if (include) builder.include(include)
  if (exclude) builder.exclude(exclude)
  const { violations } = await builder.analyze()
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  )
  expect.soft(summary, `axe on ${label}`).toEqual([])
  if (!rules) await expectTouchTargets(page, label, include)
}

/**
 * The loaded page at a phone's width, then at a desktop's: one load serves both scans, since a page's
 * bytes are the same at every width and only its CSS (media queries) tells them apart.
 */
export async function expectNoAxeViolationsAtBothWidths(page: Page, label: string, rules?: readonly string[]) {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport)
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))
    await expectNoAxeViolations(page, `${label}, ${device}`, undefined, undefined, rules)
  }
}
