import { parsePhoneNumberFromString } from 'libphonenumber-js/min'

/**
 * Whether a phone typed in the record can be dialled, decided once for every view that links it
 * (tel: links, the call and chat widgets, the chat-app link, JSON-LD) and for the record report.
 *
 * The test is the number's length, not its assignment: a number is dialable when it is *possible* for
 * its country (10 digits after +1 for the spec's country, the US), as libphonenumber-js reads it with
 * its smallest metadata. So `555` or `555-0100` (too short to dial from a phone) are not, while
 * `303-555-0142` and `555-555-5555` are: agencies put 555 numbers in demos and staging records, and an
 * unassigned area code is not ours to judge. Spaces, dots, dashes, parentheses, a leading 1 or +1 and
 * text around the number (`Office: 303-555-0142`) are read as the number; a number written with `+`
 * and another country code is judged for that country.
 *
 * Server-side only: the library is ~25 KiB compressed, more than the browser's budget has left. The
 * views send the browser the number already decided (`dial`), never the rule.
 */

/** The spec's country: numbers without a `+` are read as US numbers (country code 1). */
export const PHONE_COUNTRY = 'US'

/** What the record report says a phone should be. */
export const PHONE_EXPECTED = 'a phone number to dial: 10 digits with the area code, or + and the country code'

/** The number in E.164 form (`+13035550142`) when the text holds a number that can be dialled, else ''. */
export function dialNumber(text: string): string {
  const trimmed = text.trim()
  if (!trimmed) return ''
  const number = parsePhoneNumberFromString(trimmed, PHONE_COUNTRY)
  return number?.isPossible() ? number.number : ''
}
