/**
 * What may reach a log line. Logs are read by people and shipped to other systems, so nothing in
 * them may be a visitor's details, a secret in a URL, or a line break that forges another line.
 */

/** Control characters (line breaks included) as visible escapes: one event stays one line. */
export function escapeControl(text: string): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** A URL as a log may show it: scheme, host and path; never credentials or the query (tokens live there). */
export function urlForLog(url: string): string {
  try {
    const { origin, pathname } = new URL(url)
    return escapeControl(origin === 'null' ? '(not a web URL)' : origin + pathname)
  } catch {
    return url.startsWith('/') ? escapeControl(url.split('?')[0]!) : '(not a URL)'
  }
}
