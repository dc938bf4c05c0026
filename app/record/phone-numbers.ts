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

/** A number that can be dialled: E.164 (`+13035550199`) and its extension apart (`12`, or ''). */
export interface DialableNumber {
  number: string
  ext: string
}

/**
 * The number in the text, read as dialled: an extension (`ext. 12`, `x12`, `#12`) kept apart from the
 * number, and the ways out of a country understood: `+`, the US's `011` (the library reads it as the
 * US's exit code) and `00`, the exit code of most of the world, read here as `+` (a US number never
 * starts with 0, so nothing that was dialable before changes). null when there is nothing to dial.
 */
export function readPhone(text: string): DialableNumber | null {
  const trimmed = text.trim()
  if (!trimmed) return null
  const spelled = trimmed.replace(/^([^+\d]*)00(?=[\s.-]*[1-9])/, '$1+')
  const number = parsePhoneNumberFromString(spelled, PHONE_COUNTRY)
  return number?.isPossible() ? { number: number.number, ext: number.ext ?? '' } : null
}

/** The number in E.164 form (`+13035550142`) when the text holds a number that can be dialled, else ''. */
export const dialNumber = (text: string): string => readPhone(text)?.number ?? ''

/**
 * What follows `tel:` (RFC 3966's global number): `+13035550199`, or `+13035550199;ext=12` with an
 * extension, so a phone dials the number and offers the extension instead of dialling its digits too.
 * '' when the text cannot be dialled. Every tel: link (the site's, the lead email's) is built from it.
 */
export const dialString = (text: string): string => globalNumber(readPhone(text))

/** A number read by `readPhone` as what follows `tel:` ('' for none). */
export function globalNumber(phone: DialableNumber | null): string {
  if (!phone) return ''
  return phone.ext ? `${phone.number};ext=${phone.ext}` : phone.number
}
