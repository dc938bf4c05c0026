import { blend, clampChroma, formatHex, formatRgb, oklch, parse, rgb, wcagContrast, type Color, type Rgb } from 'culori'

/**
 * The one theme module: every place a record colour meets a background is a named pair here,
 * emitted as one CSS variable. A colour that is readable on its background is used exactly as
 * given; one that is not keeps its hue and moves in OKLCH lightness until it passes (else a safe
 * neutral). WCAG thresholds: 4.5:1 for text (1.4.3), 3:1 for icons and control boundaries (1.4.11).
 * The variables, what each is meant for, and the backgrounds it is checked against are the
 * `pairs` table in `themePairs` below; app/app.css gives each a Tailwind colour name.
 */

/** The theme's own colours: what the site looks like when the record gives none. */
export const defaultTheme = {
  mainColor: '#1f4e79',
  secondaryColor: '#c2410c',
  thirdColor: '#0f172a',
  headingTextColor: '#0f172a',
  paragraphTextColor: '#334155',
  bgFooter: '#0f172a',
  btn: '#c2410c',
  btnHover: '#9a3412',
  scrollColor: '#c2410c',
  iconsMenuMovil: '#1f4e79',
  overlayColor: 'rgba(15, 23, 42, 0.72)',
} as const

/** A record's `styles`: one CSS colour per theme colour (the schema fills each gap from `defaultTheme`). */
export type Theme = { [K in keyof typeof defaultTheme]: string }

export const TEXT_RATIO = 4.5
export const GRAPHIC_RATIO = 3
/** The opacity of secondary lines of text (sub-titles, footer text) on a coloured surface. */
const SOFT_ALPHA = 0.9

const WHITE = '#ffffff'
const BLACK = '#000000'
/** The site's own dark ink (Tailwind slate-900), the first choice when white text cannot be read. */
const INK = '#0f172a'
/** The light surfaces the site paints itself (Tailwind white, slate-50, slate-100). */
const LIGHT_SURFACES = [WHITE, '#f8fafc', '#f1f5f9']

/** One colour as rendered on one or more backgrounds (all opaque), and the ratio it must reach. */
export type ColorPair = {
  variable: string
  color: string
  backgrounds: string[]
  minRatio: number
  meantFor: string
  /** For a record colour fitted to its backgrounds: the styles field and the colour it gave. */
  source?: { field: keyof Theme; given: string }
}

/** `color` painted over an opaque `backdrop`: what the eye sees (alpha composited away). */
export function composite(color: string, backdrop: string): string {
  return formatHex(blend([backdrop, color]))
}

/** The weakest contrast of `color` (alpha composited) over each background. */
export function contrastOn(color: string, backgrounds: string[]): number {
  return Math.min(...backgrounds.map((bg) => wcagContrast(composite(color, bg), bg)))
}

const withAlpha = (color: string, alpha: number) => formatRgb({ ...(rgb(color) as Rgb), alpha })

/**
 * `color` itself when it reaches `minRatio` on every background; else the same hue at the nearest
 * OKLCH lightness that does; else whichever of ink, white or black reads best.
 */
export function readable(color: string, backgrounds: string[], minRatio: number): string {
  if (contrastOn(color, backgrounds) >= minRatio) return color
  const solid = oklch(parse(composite(color, backgrounds[0]!)) as Color)!
  for (let step = 0.01; step <= 1; step += 0.01) {
    for (const l of [solid.l - step, solid.l + step]) {
      if (l < 0 || l > 1) continue
      const candidate = formatHex(clampChroma({ ...solid, l }, 'oklch'))
      if (contrastOn(candidate, backgrounds) >= minRatio) return candidate
    }
  }
  return bestNeutral(backgrounds)
}

function bestNeutral(backgrounds: string[]): string {
  return [INK, WHITE, BLACK].reduce((best, c) => (contrastOn(c, backgrounds) > contrastOn(best, backgrounds) ? c : best))
}

/** Text for a coloured surface: white as the template draws it, else dark ink, else the best neutral. */
function textOn(backgrounds: string[]): string {
  return [WHITE, INK].find((c) => contrastOn(c, backgrounds) >= TEXT_RATIO) ?? bestNeutral(backgrounds)
}

/**
 * The softer line of text on a surface: the template's soft white (white at SOFT_ALPHA unless told)
 * where white is the text, else the text at SOFT_ALPHA; the full text colour when the soft one does not read.
 */
function softTextOn(text: string, backgrounds: string[], softWhite = withAlpha(WHITE, SOFT_ALPHA)): string {
  const soft = text === WHITE ? softWhite : withAlpha(text, SOFT_ALPHA)
  return contrastOn(soft, backgrounds) >= TEXT_RATIO ? soft : text
}

/** What an overlay looks like over the darkest and the lightest photo it may cover. */
const overlayExtremes = (overlay: string) => [composite(overlay, BLACK), composite(overlay, WHITE)]

/** How well the better of white and ink text reads on `overlay` over the darkest and the lightest photo. */
export const overlayContrast = (overlay: string) => Math.max(...[WHITE, INK].map((t) => contrastOn(t, overlayExtremes(overlay))))

/**
 * The overlay on photos must make its text readable whatever the photo: as given when it does;
 * else made more opaque (same colour); else darkened (same hue) until white text reads. That leaves
 * it at least half opaque, which the pictures under it count on (VEIL_RESOLUTION in image-variants.ts).
 */
export function guardOverlay(overlay: string): { overlay: string; text: string } {
  const start = rgb(overlay)?.alpha ?? 1
  const solid = oklch(parse(overlay) as Color)!
  for (let l = solid.l; l >= 0; l -= 0.02) {
    const color = l === solid.l ? overlay : formatHex(clampChroma({ ...solid, l, alpha: 1 }, 'oklch'))
    for (let alpha = start; alpha <= 1.0001; alpha += 0.02) {
      const candidate = alpha === start && l === solid.l ? overlay : withAlpha(color, Math.min(alpha, 1))
      const text = [WHITE, INK].find((c) => contrastOn(c, overlayExtremes(candidate)) >= TEXT_RATIO)
      if (text) return { overlay: candidate, text }
    }
  }
  return { overlay: withAlpha(INK, 0.8), text: WHITE }
}

/** Every pair the site draws, with the colour it will use. */
export function themePairs(styles: Theme = defaultTheme): ColorPair[] {
  const s = usable(styles)
  // Record surfaces sit on the white page; a translucent one is measured as it shows there.
  const solid = (c: string) => composite(c, WHITE)
  const [main, secondary, third, footer, btn, btnHover] = [s.mainColor, s.secondaryColor, s.thirdColor, s.bgFooter, s.btn, s.btnHover].map(
    solid,
  ) as [string, string, string, string, string, string]
  // Text also sits on the contact form's main/5 tint.
  const light = [...LIGHT_SURFACES, composite(withAlpha(main, 0.05), WHITE)]
  const { overlay, text: onOverlay } = guardOverlay(s.overlayColor)
  const overlayBands = overlayExtremes(overlay)

  const pair = (variable: string, meantFor: string, color: string, backgrounds: string[], minRatio: number): ColorPair => ({
    variable,
    meantFor,
    color,
    backgrounds,
    minRatio,
  })
  const fitted = (variable: string, meantFor: string, field: keyof Theme, backgrounds: string[], minRatio: number): ColorPair => ({
    ...pair(variable, meantFor, readable(s[field], backgrounds, minRatio), backgrounds, minRatio),
    source: { field, given: s[field] },
  })
  const surface = (name: string, meantFor: string, backgrounds: string[], soft = false, softWhite?: string) => {
    const text = textOn(backgrounds)
    const pairs = [pair(`--theme-on-${name}`, `text and icons on ${meantFor}`, text, backgrounds, TEXT_RATIO)]
    if (soft)
      pairs.push(
        pair(
          `--theme-on-${name}-soft`,
          `secondary lines of text on ${meantFor}`,
          softTextOn(text, backgrounds, softWhite),
          backgrounds,
          TEXT_RATIO,
        ),
      )
    return pairs
  }

  return [
    fitted('--theme-heading', 'headings on the light surfaces', 'headingTextColor', light, TEXT_RATIO),
    fitted('--theme-paragraph', 'body text on the light surfaces', 'paragraphTextColor', light, TEXT_RATIO),
    fitted('--theme-main-ink', 'mainColor as links and text on the light surfaces', 'mainColor', light, TEXT_RATIO),
    fitted(
      '--theme-secondary-ink',
      'secondaryColor as eyebrows, links, hover and icons on the light surfaces',
      'secondaryColor',
      light,
      TEXT_RATIO,
    ),
    fitted('--theme-secondary-on-footer', 'secondaryColor as icons on the footer', 'secondaryColor', [footer], GRAPHIC_RATIO),
    fitted('--theme-secondary-on-third', 'secondaryColor as icons on thirdColor', 'secondaryColor', [third], GRAPHIC_RATIO),
    fitted(
      '--theme-menu-icon',
      'the phone menu toggle on the white header (and its hover)',
      'iconsMenuMovil',
      LIGHT_SURFACES,
      GRAPHIC_RATIO,
    ),
    fitted('--theme-control', 'mainColor as form control boundaries and ticks on white', 'mainColor', [WHITE], GRAPHIC_RATIO),
    fitted(
      '--theme-focus',
      'secondaryColor as the keyboard focus ring on the light surfaces',
      'secondaryColor',
      LIGHT_SURFACES,
      GRAPHIC_RATIO,
    ),
    fitted('--theme-scroll', "the scroll-progress bar, over the header's thirdColor top bar", 'scrollColor', [third], GRAPHIC_RATIO),
    ...surface('main', 'mainColor surfaces (statistics band, widget headers, icon tiles)', [main], true),
    ...surface('secondary', 'secondaryColor surfaces (badges, review tab, icon tiles)', [secondary]),
    // On the find-us page, main tints only the top of the backdrop, above the card; its text sits on third.
    ...surface('third', 'thirdColor bands (header top bar, coverage card, find-us page)', [third], true),
    // The footer's body text has always been Tailwind slate-200 rather than translucent white.
    ...surface('footer', 'the footer (bgFooter)', [footer], true, '#e2e8f0'),
    ...surface('btn', 'buttons (btn)', [btn]),
    ...surface('btn-hover', 'hovered buttons (btnHover)', [btnHover]),
    pair('--theme-on-overlay', 'text on photos under overlayColor', onOverlay, overlayBands, TEXT_RATIO),
    pair(
      '--theme-on-overlay-soft',
      'secondary lines of text on photos under overlayColor',
      softTextOn(onOverlay, overlayBands),
      overlayBands,
      TEXT_RATIO,
    ),
  ]
}

/** The record's colours, each replaced by the theme's own when the colour library cannot read it. */
export const usable = (styles: Theme) =>
  Object.fromEntries(Object.entries(styles).map(([k, v]) => [k, parse(v) ? v : defaultTheme[k as keyof Theme]])) as Theme

/** The record colours used as backgrounds and decoration, as given; the overlay as guarded. */
function surfaceVariables(record: Theme): Record<string, string> {
  const styles = usable(record)
  const { overlay, text } = guardOverlay(styles.overlayColor)
  return {
    '--theme-main': styles.mainColor,
    '--theme-secondary': styles.secondaryColor,
    '--theme-third': styles.thirdColor,
    '--theme-footer': styles.bgFooter,
    '--theme-btn': styles.btn,
    '--theme-btn-hover': styles.btnHover,
    '--theme-overlay': overlay,
    // The photo's side shade deepens toward the side the text needs: black under white text, white under dark.
    '--theme-overlay-shade': text === WHITE ? BLACK : WHITE,
  }
}

/** Every theme variable, computed once per record version (the parsed styles object is kept per version). */
export function themeVariables(styles: Theme = defaultTheme): Record<string, string> {
  let vars = memo.get(styles)
  if (!vars) {
    vars = { ...surfaceVariables(styles), ...Object.fromEntries(themePairs(styles).map((p) => [p.variable, p.color])) }
    memo.set(styles, vars)
  }
  return vars
}
const memo = new WeakMap<object, Record<string, string>>()

/** The theme as a `:root` rule. Safe: the schema only lets colour literals through. */
export function themeCss(styles: Theme = defaultTheme): string {
  return `:root{${Object.entries(themeVariables(styles))
    .map(([k, v]) => `${k}:${v}`)
    .join(';')}}`
}
