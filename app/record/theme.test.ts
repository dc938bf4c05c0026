import { blend, formatHex, parse, wcagContrast } from 'culori'
import fc from 'fast-check'
import { expect, test } from 'vitest'
import demo from '../../demo/record.json' with { type: 'json' }
import { parsePageRecord } from './schema.ts'
import { themePairs, themeVariables } from './theme.ts'
import { palettes } from '#tests/palettes.ts'
import { VEIL_RESOLUTION } from '#app/ui/image-variants.ts'

/** Contrast as the eye sees it: a translucent colour is first composited over its background. */
function measured(color: string, background: string): number {
  return wcagContrast(formatHex(blend([background, color])), background)
}

const hex = fc.integer({ min: 0, max: 0xffffff }).map((n) => `#${n.toString(16).padStart(6, '0')}`)
const translucent = fc
  .tuple(
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.double({ min: 0, max: 1, noNaN: true }),
  )
  .map(([r, g, b, a]) => `rgba(${r}, ${g}, ${b}, ${a.toFixed(2)})`)
const anyColor = fc.oneof(hex, translucent, fc.constantFrom('white', 'yellow', 'black', 'transparent', 'lightpink'))
const styleKeys = Object.keys(demo.styles) as (keyof typeof demo.styles)[]
const palette = fc.record(Object.fromEntries(styleKeys.map((k) => [k, anyColor])) as Record<keyof typeof demo.styles, fc.Arbitrary<string>>)

// The property tests fit hundreds of random palettes (an OKLCH search per pair): CPU-bound, 2–3 s alone and ten times
// that on a busy machine (34 s seen under `npm run test:stress`). They wait for nothing, so they get more than the unit
// project's bound, not fewer runs.
const PROPERTY_TIMEOUT_MS = 120_000

test('every pair the theme emits reaches its WCAG ratio, whatever the palette', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  fc.assert(
    fc.property(palette, (raw) => {
      const styles = parsePageRecord({ styles: raw }).styles
      for (const pair of themePairs(styles)) {
        for (const bg of pair.backgrounds)
          expect(measured(pair.color, bg), `${pair.variable} ${pair.color} on ${bg}`).toBeGreaterThanOrEqual(pair.minRatio)
      }
    }),
    { numRuns: 150 },
  )
})

test('text on photos reads over the darkest and the lightest photo under the emitted overlay', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  fc.assert(
    fc.property(anyColor, (overlayColor) => {
      const vars = themeVariables(parsePageRecord({ styles: { overlayColor } }).styles)
      for (const photo of ['#000000', '#ffffff']) {
        const behind = formatHex(blend([photo, vars['--theme-overlay']!]))
        expect(measured(vars['--theme-on-overlay']!, behind)).toBeGreaterThanOrEqual(4.5)
        expect(measured(vars['--theme-on-overlay-soft']!, behind)).toBeGreaterThanOrEqual(4.5)
      }
    }),
    { numRuns: 150 },
  )
})

test(
  'a photo under the emitted overlay shows at most half of its contrast (what VEIL_RESOLUTION.overlay relies on)',
  { timeout: PROPERTY_TIMEOUT_MS },
  () => {
    fc.assert(
      fc.property(anyColor, (overlayColor) => {
        const overlay = themeVariables(parsePageRecord({ styles: { overlayColor } }).styles)['--theme-overlay']!
        expect(parse(overlay)?.alpha ?? 1, overlay).toBeGreaterThanOrEqual(1 - VEIL_RESOLUTION.overlay)
      }),
      { numRuns: 300 },
    )
  },
)

test('a colour that already reads is used exactly as given', { timeout: PROPERTY_TIMEOUT_MS }, () => {
  fc.assert(
    fc.property(palette, (raw) => {
      const styles = parsePageRecord({ styles: raw }).styles
      for (const pair of themePairs(styles)) {
        if (!pair.variable.startsWith('--theme-on-')) continue
        // Text on a surface is white, as the template draws it, whenever white reads there.
        if (pair.backgrounds.every((bg) => measured('#ffffff', bg) >= pair.minRatio) && !pair.variable.endsWith('-soft'))
          expect(pair.color).toBe('#ffffff')
      }
      const vars = themeVariables(styles)
      const kept = {
        '--theme-heading': styles.headingTextColor,
        '--theme-paragraph': styles.paragraphTextColor,
        '--theme-menu-icon': styles.iconsMenuMovil,
      }
      for (const [variable, given] of Object.entries(kept)) {
        const pair = themePairs(styles).find((p) => p.variable === variable)!
        if (pair.backgrounds.every((bg) => measured(given, bg) >= pair.minRatio)) expect(vars[variable]).toBe(given)
      }
    }),
    { numRuns: 100 },
  )
})

test("the demo's palette passes, so every colour is the demo's own and every text on a colour is white", () => {
  const s = demo.styles
  const vars = themeVariables(parsePageRecord(demo).styles)
  expect(vars).toMatchObject({
    '--theme-main': s.mainColor,
    '--theme-secondary': s.secondaryColor,
    '--theme-third': s.thirdColor,
    '--theme-footer': s.bgFooter,
    '--theme-btn': s.btn,
    '--theme-btn-hover': s.btnHover,
    '--theme-overlay': s.overlayColor,
    '--theme-heading': s.headingTextColor,
    '--theme-paragraph': s.paragraphTextColor,
    '--theme-main-ink': s.mainColor,
    '--theme-secondary-ink': s.secondaryColor,
    '--theme-secondary-on-footer': s.secondaryColor,
    '--theme-secondary-on-third': s.secondaryColor,
    '--theme-menu-icon': s.iconsMenuMovil,
    '--theme-control': s.mainColor,
    '--theme-focus': s.secondaryColor,
    '--theme-scroll': s.scrollColor,
  })
  for (const [variable, value] of Object.entries(vars))
    if (variable.startsWith('--theme-on-')) expect(value, variable).toMatch(/^#ffffff$|^rgba\(255, 255, 255, 0\.9\)$|^#e2e8f0$/)
})

test('the issue palettes are adjusted where they fall short: a white menu icon and gold eyebrows on the white header', () => {
  const vars = themeVariables(parsePageRecord({ styles: palettes.pastel }).styles)
  expect(measured(vars['--theme-menu-icon']!, '#ffffff')).toBeGreaterThanOrEqual(3)
  const gold = themeVariables(parsePageRecord({ styles: { iconsMenuMovil: '#ffffff', secondaryColor: '#c8a24a' } }).styles)
  expect(gold['--theme-secondary-ink']).not.toBe('#c8a24a')
  expect(measured(gold['--theme-secondary-ink']!, '#ffffff')).toBeGreaterThanOrEqual(4.5)
})

test('the palette is computed once per record version', () => {
  const styles = parsePageRecord(demo).styles
  expect(themeVariables(styles)).toBe(themeVariables(styles))
})
