import type { Locator, Page } from '@playwright/test'
import { blend, wcagContrast } from 'culori'
import { ESTIMATE_MODAL_TITLE } from '../app/sections/estimate-visit.ts'
import { palettes } from '../tests/palettes.ts'
import { expect, newVisitor, test } from './fixtures.ts'
import { rawDemoRecord, serveRecord } from './record-site.ts'
import { PHONE } from './viewports.ts'

/** WCAG 1.4.11: a control's boundary needs 3:1 against what is next to it. */
const CONTROL_BOUNDARY_RATIO = 3

type Boundary = { control: string; border: string; inside: string[]; outside: string[] }

/**
 * For each visible control in `scope` (text fields, selects, text areas; for a checkbox, the box
 * around it that shows its boundary): its border colour, and the background layers inside and
 * behind it, from the element itself outwards to the first opaque one, as the browser computed them.
 */
function boundaries(scope: Locator): Promise<Boundary[]> {
  return scope.evaluate((root) => {
    const layers = (from: Element | null) => {
      const found: string[] = []
      for (let el = from; el; el = el.parentElement) {
        const background = getComputedStyle(el).backgroundColor
        if (/^rgba\(.*, 0\)$|^transparent$/.test(background)) continue
        found.unshift(background)
        if (!/\/ ?0?\.\d|rgba\(.*, 0?\.\d+\)/.test(background)) break // opaque: nothing behind it shows
      }
      return found
    }
    const controls = [
      ...root.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input:not([type=hidden]), select, textarea'),
    ].filter((el) => el.checkVisibility() && !el.closest('[aria-hidden="true"]')) // not the bots' hidden trap field
    return controls.map((control) => {
      const box = control.type === 'checkbox' ? control.closest('label')! : control
      const name = control.getAttribute('name') ?? control.id
      return {
        control: `${control.tagName.toLowerCase()}[${control.type}] ${name}`,
        border: getComputedStyle(box).borderTopColor,
        inside: layers(box),
        outside: layers(box.parentElement),
      }
    })
  })
}

/** The colour a stack of background layers shows (bottom first, translucent ones blended over what is below). */
const flatten = (layers: string[]) => blend(['white', ...layers])

async function expectBoundariesStandOut(page: Page, scope: Locator, state: string) {
  const found = await boundaries(scope)
  expect(found.length, `controls ${state}`).toBeGreaterThan(5)
  for (const { control, border, inside, outside } of found) {
    // The border is measured against both sides of it: the control's own fill and what is behind the control.
    const ratio = Math.min(wcagContrast(border, flatten(inside)), wcagContrast(border, flatten(outside)))
    expect(ratio, `${control} ${state}: ${border} against ${inside.join(' + ')} / ${outside.join(' + ')}`).toBeGreaterThanOrEqual(
      CONTROL_BOUNDARY_RATIO,
    )
  }
  // Focused and ticked, the boundary takes the theme's control colour: it must stand out as well.
  await scope.getByRole('checkbox').first().check()
  await scope.getByRole('textbox').first().focus()
  for (const { control, border, inside, outside } of await boundaries(scope)) {
    const ratio = Math.min(wcagContrast(border, flatten(inside)), wcagContrast(border, flatten(outside)))
    expect(ratio, `${control} ${state}, one box ticked and one field focused: ${border}`).toBeGreaterThanOrEqual(CONTROL_BOUNDARY_RATIO)
  }
}

for (const name of ['demo', 'pastel'] as const) {
  test.describe(`form controls with the ${name} palette`, () => {
    const site = serveRecord({ ...rawDemoRecord(), styles: palettes[name] })

    test("on /contact every control's boundary is at least 3:1 against its background", async ({ page }) => {
      await page.setViewportSize(PHONE)
      await page.goto(site.url + '/contact')
      const form = page.locator('section[aria-labelledby="contact-heading"] form')
      await expect(form).toHaveAttribute('novalidate', '') // hydrated: the checkbox and focus states are React's
      await expectBoundariesStandOut(page, form, 'on /contact')
    })

    test("in the estimate modal every control's boundary is at least 3:1 against its background", async ({ browser }) => {
      const visitor = await newVisitor(browser, site.url, PHONE)
      await visitor.page.goto('/')
      // It opens once the page is hydrated, which a busy machine may take a while to do.
      const modal = visitor.page.getByRole('dialog', { name: ESTIMATE_MODAL_TITLE })
      await expect(modal).toBeVisible()
      await expectBoundariesStandOut(visitor.page, modal, 'in the estimate modal')
      expect(visitor.errors).toEqual([])
      await visitor.close()
    })
  })
}

test('the measure tells a faint boundary from a clear one', async ({ page }) => {
  await page.setContent(
    '<form style="background:#fff"><input name="faint" style="border:1px solid #cbd5e1"><input name="clear" style="border:1px solid #64748b"></form>',
  )
  const [faint, clear] = await boundaries(page.locator('form'))
  expect(wcagContrast(faint!.border, flatten(faint!.outside))).toBeLessThan(1.6)
  expect(wcagContrast(clear!.border, flatten(clear!.outside))).toBeGreaterThan(4.5)
})
