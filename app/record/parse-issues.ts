import { z } from 'zod'

/**
 * What one parse could not use as given: a value of the wrong type, a refused URL or colour, a dropped
 * entry. Noted by the tolerant schema itself (schema.ts) while `collectIssues` runs it, so the rules
 * that refuse a value and the report that names it are one piece of code. Zod's own issues cannot
 * serve: a transform that adds one fails the whole parse.
 */
export type FieldIssue = { path: string; found: string; expected: string; used: string }

// One synchronous parse at a time: set by collectIssues, null otherwise (a plain parse notes nothing).
let collecting: { path: (string | number)[]; issues: FieldIssue[] } | null = null

export function collectIssues<T>(parse: () => T): { value: T; issues: FieldIssue[] } {
  const outer = collecting
  collecting = { path: [], issues: [] }
  try {
    return { value: parse(), issues: collecting.issues }
  } finally {
    collecting = outer
  }
}

/** Runs `parse` one path step deeper, so the issues it notes carry their field path. */
export function at<T>(step: string | number, parse: () => T): T {
  collecting?.path.push(step)
  try {
    return parse()
  } finally {
    collecting?.path.pop()
  }
}

/** ['dbServices', 0, 'name'] → 'dbServices[0].name' */
export function fieldPath(steps: readonly (string | number)[]): string {
  return steps.map((s, i) => (typeof s === 'number' ? `[${s}]` : i ? `.${s}` : s)).join('')
}

/** A value as the report shows it: JSON, cut to 120 characters. */
export function shownValue(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value)
  return json.length > 120 ? `${json.slice(0, 119)}…` : json
}

export function note(value: unknown, expected: string, used: string) {
  if (collecting) collecting.issues.push({ path: fieldPath(collecting.path), found: shownValue(value), expected, used })
}

/** Missing and null values are simply not given: never an issue. */
export const given = (v: unknown) => v !== undefined && v !== null

/** A tolerant leaf: `convert` never throws; a given value it could not use as it was is noted. */
export function leaf<T>(convert: (v: unknown) => T, usable: (v: unknown, out: T) => boolean, expected: string, used: (out: T) => string) {
  return z.unknown().transform((v) => {
    const out = convert(v)
    if (given(v) && !usable(v, out)) note(v, expected, used(out))
    return out
  })
}
