import { cssNamedColors } from './css-named-colors.ts'

/**
 * Guards for values that come from the untrusted page record. Each returns a safe
 * value or an empty/fallback one; none of them throws.
 */

/** http(s) URLs, or same-origin root-relative paths (the demo's own images). */
export function safeUrl(value: unknown): string {
  if (typeof value !== 'string') return ''
  const raw = value.trim()
  if (!raw) return ''
  if (raw.startsWith('/') && !raw.startsWith('//') && !raw.includes('\\')) {
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
    return /[\u0000-\u001f\s]/.test(raw) ? '' : raw
  }
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : ''
  } catch {
    return ''
  }
}

const NUMBER = String.raw`[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:%|deg)?`
// Every separator is a comma or a slash with optional spaces around it, or spaces alone: one way to read each.
const SEPARATOR = String.raw`(?:\s*,\s*|\s+)`
const ALPHA_SEPARATOR = String.raw`(?:\s*[,/]\s*|\s+)`
const FUNCTION_COLOR = new RegExp(
  String.raw`^(?:rgba?|hsla?)\(\s*${NUMBER}(?:${SEPARATOR}${NUMBER}){2}(?:${ALPHA_SEPARATOR}${NUMBER})?\s*\)$`,
  'i',
)
const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i
const NAMED = new Set(cssNamedColors.map((c) => c.name.toLowerCase()))

/** A CSS colour literal (hex, rgb[a], hsl[a] or a named colour); anything else is rejected. */
export function isCssColor(value: unknown): value is string {
  if (typeof value !== 'string') return false
  const v = value.trim()
  if (v.length > 64) return false
  return HEX_COLOR.test(v) || FUNCTION_COLOR.test(v) || NAMED.has(v.toLowerCase()) || v.toLowerCase() === 'transparent'
}

/** Strings and finite numbers become text; everything else is empty. */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return ''
}

/** "1,500", "15" or 15 → a finite non-negative number; anything else → null. */
export function toCount(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.replace(/[,\s+]/g, '')) : NaN
  return typeof value !== 'boolean' && (typeof value !== 'string' || value.trim() !== '') && Number.isFinite(n) && n >= 0 ? n : null
}

/** true, "true" and 1 are on; everything else is off. */
export function toFlag(value: unknown): boolean {
  return value === true || value === 1 || value === 'true'
}
