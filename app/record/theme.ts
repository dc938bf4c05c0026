import type { Theme } from './schema.ts'

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

const variables: Record<keyof Theme, string> = {
  mainColor: '--theme-main',
  secondaryColor: '--theme-secondary',
  thirdColor: '--theme-third',
  headingTextColor: '--theme-heading',
  paragraphTextColor: '--theme-paragraph',
  bgFooter: '--theme-footer',
  btn: '--theme-btn',
  btnHover: '--theme-btn-hover',
  scrollColor: '--theme-scroll',
  iconsMenuMovil: '--theme-menu-icon',
  overlayColor: '--theme-overlay',
}

/** The record's colours as CSS custom properties. Safe: the schema only lets colour literals through. */
export function themeCss(styles: Theme = defaultTheme): string {
  const declarations = (Object.keys(variables) as (keyof Theme)[]).map((key) => `${variables[key]}:${styles[key]}`)
  return `:root{${declarations.join(';')}}`
}
