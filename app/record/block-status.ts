import { shownValue } from './parse-issues.ts'

/**
 * Why a view is null. A block whose view is null carries the field that decided it, its value and
 * the reason in plain words; `asked` says whether the record asked for the block (then it is hidden,
 * else simply off). The record report (record-report.ts) reads these; pages read only `.view`.
 */
export type BlockReason = { field: string; value: string; why: string; asked: boolean }
export type Shown<T> = { view: T; reason?: undefined } | { view: null; reason: BlockReason }

export const shown = <T>(view: T): Shown<T> => ({ view })

export function notShown(field: string, value: unknown, why: string, asked: boolean): Shown<never> {
  return { view: null, reason: { field, value: value === undefined ? 'missing' : shownValue(value), why, asked } }
}
