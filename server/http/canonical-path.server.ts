/**
 * One spelling per page. `/About`, `/about/`, `//about`, `/%61bout` and `/x/../about` all name
 * `/about`; the gate answers them with a redirect to that spelling, so a page is rendered and
 * cached once, whatever a link or a crawler wrote.
 */

const UNRESERVED = /^[\w.~-]$/

/** The canonical spelling of a request path, or null when it is not a path at all (bad escapes, control characters). */
export function canonicalPath(raw: string): string | null {
  if (!raw.startsWith('/')) return null
  let decoded = ''
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i]!
    const code = char.charCodeAt(0)
    if (code <= 0x20 || code === 0x7f) return null
    if (char !== '%') {
      decoded += char
      continue
    }
    const hex = raw.slice(i + 1, i + 3)
    if (!/^[\da-f]{2}$/i.test(hex)) return null
    const value = String.fromCharCode(parseInt(hex, 16))
    if (parseInt(hex, 16) < 0x20 || value === '\u007f') return null
    // Unreserved characters mean the same escaped or not (RFC 3986 §2.3); the rest stay escaped, in upper case.
    decoded += UNRESERVED.test(value) ? value : `%${hex.toUpperCase()}`
    i += 2
  }
  const segments: string[] = []
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(segment)
  }
  const path = `/${segments.join('/')}`
  // Pages are lower-case; a file's name (it has an extension: Vite's hashed chunks, pictures) keeps its case.
  if (segments.at(-1)?.includes('.')) return path
  // Escapes were upper-cased above: only their hex digits must survive the lower-casing.
  return path.toLowerCase().replace(/%[\da-f]{2}/g, (escape) => escape.toUpperCase())
}
