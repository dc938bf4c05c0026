import { notShown, shown, type Shown } from './block-status.ts'
import type { PageRecord } from './schema.ts'

/** Spec §9: the count-up runs for five seconds once the band is in view. */
export const COUNT_UP_DURATION_MS = 5_000
/** The fixed and fallback statistics all read 100%. */
export const FULL_SCORE = 100

export type Statistic = { label: string; value: number; suffix: '+' | '%' }

type Principal = Pick<PageRecord['dbPrincipal'], 'exprYears' | 'miles' | 'location'>

/**
 * The statistics band of spec §9. Years and miles are shown only when both are given
 * (a zero counts as missing: "0+ Years" would undersell); otherwise two 100% claims take
 * their place. 'Professionals' and 'On Time' are always there.
 */
export function statisticsFor(principal: Principal): Statistic[] {
  const { view: given } = yearsAndMiles(principal)
  const address = principal.location[0]?.address.trim() ?? ''
  const leading: Statistic[] = given
    ? [
        { label: 'Years Of Experience', value: given.exprYears, suffix: '+' },
        { label: `Miles Around ${address}`.trim(), value: given.miles, suffix: '+' },
      ]
    : [
        { label: 'Best Service', value: FULL_SCORE, suffix: '%' },
        { label: 'Cost-Effectiveness', value: FULL_SCORE, suffix: '%' },
      ]
  return [...leading, { label: 'Professionals', value: FULL_SCORE, suffix: '%' }, { label: 'On Time', value: FULL_SCORE, suffix: '%' }]
}

/** The years and miles figures, or why the band shows its two 100% claims instead. */
export function yearsAndMiles({ exprYears, miles }: Pick<Principal, 'exprYears' | 'miles'>): Shown<{ exprYears: number; miles: number }> {
  if (exprYears && miles) return shown({ exprYears, miles })
  const [field, value] = exprYears ? ['dbPrincipal.miles', miles] : ['dbPrincipal.exprYears', exprYears]
  return notShown(field, value, 'years and miles are shown only when both are above 0', Boolean(exprYears || miles))
}

/** How many decimals a value shows (2.5 → 1); at most 2, so a float artefact never leaks. */
export function decimalPlaces(value: number): number {
  if (!Number.isFinite(value) || Number.isInteger(value)) return 0
  const rounded = String(Number(value.toFixed(2))) // trailing zeros dropped: 2.50 → "2.5"
  const dot = rounded.indexOf('.')
  return dot === -1 ? 0 : rounded.length - dot - 1
}

/** Comma thousands, dot decimals, whatever the visitor's locale: 1500 → "1,500", 1234.5 → "1,234.5". */
export function formatCount(value: number, decimals = decimalPlaces(value)): string {
  const [whole, fraction] = Math.abs(value).toFixed(decimals).split('.')
  const grouped = [...whole!].map((digit, i) => (i > 0 && (whole!.length - i) % 3 === 0 ? `,${digit}` : digit)).join('')
  const sign = value < 0 && Number(whole) + Number(fraction ?? 0) > 0 ? '-' : ''
  return `${sign}${grouped}${fraction ? `.${fraction}` : ''}`
}

/** The value shown at `progress` (0…1) of the count-up: eases out, starts at 0, ends exactly on target. */
export function countUpValue(target: number, progress: number): number {
  const t = Math.min(1, Math.max(0, progress))
  if (t === 1) return target
  const eased = 1 - Math.pow(1 - t, 3)
  return target * eased
}
