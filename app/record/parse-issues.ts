import { z } from 'zod'
import { nearestKey } from './nearest-key.ts'

/**
 * Every place one parse did not use exactly what the record gave. Noted by the tolerant schema itself
 * (schema.ts) while `collectIssues` runs it, so the rules that change a value and the report that names
 * the change are one piece of code. Zod's own issues cannot serve: a transform that adds one fails the
 * whole parse.
 *
 * - `refused`: a value the site could not use (wrong type, refused URL or colour, a non-object entry);
 * - `converted`: a value of another JSON type the site converted and used (`42` where text goes → "42");
 * - `null`: a `null` the site replaced (its default, an empty list, an entry dropped). A key that is
 *   simply absent is not noted: the record gave nothing. A `null` is given, and only a number field
 *   keeps it as it is ("no number");
 * - `dropped`: an empty entry left out of a list (`""` among the gallery's pictures);
 * - `unknown keys`: the keys of one object the schema does not know, ignored, each with the nearest
 *   known key when one is close (`dbServies` → `dbServices`).
 */
export type IssueKind = 'refused' | 'converted' | 'null' | 'dropped' | 'unknown keys'
export type UnknownKey = { key: string; suggestion: string | null }
export type FieldIssue = {
  kind: IssueKind
  path: string
  found: string
  expected: string
  used: string
  /** Only for `unknown keys`: each key named, in record order, and how many more there were. */
  keys?: UnknownKey[]
  more?: number
}

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

/** How many issues the running parse has noted so far (0 when none runs). */
export const notedSoFar = () => collecting?.issues.length ?? 0

/** The record's own top level, as a path. */
export const TOP_LEVEL = '(top level)'

/** ['dbServices', 0, 'name'] → 'dbServices[0].name'; [] → '(top level)' */
export function fieldPath(steps: readonly (string | number)[]): string {
  return steps.length ? steps.map((s, i) => (typeof s === 'number' ? `[${s}]` : i ? `.${s}` : s)).join('') : TOP_LEVEL
}

/** A value as the report shows it: JSON, cut to 120 characters. */
export function shownValue(value: unknown): string {
  const json = JSON.stringify(value) ?? String(value)
  return json.length > 120 ? `${json.slice(0, 119)}…` : json
}

export function note(value: unknown, expected: string, used: string, kind: Exclude<IssueKind, 'unknown keys'> = 'refused') {
  if (collecting) collecting.issues.push({ kind, path: fieldPath(collecting.path), found: shownValue(value), expected, used })
}

/** At most this many unknown keys of one object are named (a hostile record may hold thousands). */
export const UNKNOWN_KEYS_NAMED = 50
const cut = (text: string, length: number) => (text.length > length ? `${text.slice(0, length - 1)}…` : text)

/**
 * The keys of one object the schema does not know: one issue for all of them, each with its nearest
 * known key (the first 50 keys, each cut to 60 characters; `found` says how many more there were).
 */
export function noteUnknownKeys(unknown: readonly string[], known: readonly string[]) {
  if (!collecting || !unknown.length) return
  const keys = unknown.slice(0, UNKNOWN_KEYS_NAMED).map((key) => ({ key: cut(key, 60), suggestion: nearestKey(key, known) }))
  const more = unknown.length - keys.length
  collecting.issues.push({
    kind: 'unknown keys',
    path: fieldPath(collecting.path),
    found: cut(keys.map((k) => JSON.stringify(k.key)).join(', '), 120) + (more ? ` and ${more} more` : ''),
    expected: 'keys the site knows',
    used: 'ignored',
    keys,
    more,
  })
}

/** What a tolerant leaf does with what it was given (undefined: the key is absent, nothing was given). */
type LeafOptions<T> = {
  /** The value was of the leaf's own type: used as it was, not converted (a string for text). */
  exact?: (v: unknown, out: T) => boolean
  /** The leaf keeps a null as null (a number field's "no number"): nothing was replaced. */
  keepsNull?: boolean
  /** How the report shows a converted value (its JSON unless said). */
  converted?: (out: T) => string
}

/**
 * A tolerant leaf: `convert` never throws. A given value it could not use is noted `refused`, one it
 * converted from another type `converted`, a null it replaced `null`.
 */
export function leaf<T>(
  convert: (v: unknown) => T,
  usable: (v: unknown, out: T) => boolean,
  expected: string,
  used: (out: T) => string,
  { exact = () => true, keepsNull = false, converted = shownValue }: LeafOptions<T> = {},
) {
  return z.unknown().transform((v) => {
    const out = convert(v)
    if (v === null) {
      if (!keepsNull) note(v, expected, used(out), 'null')
    } else if (v !== undefined) {
      if (!usable(v, out)) note(v, expected, used(out))
      else if (!exact(v, out)) note(v, expected, converted(out), 'converted')
    }
    return out
  })
}
