import type { PageRecord } from './schema.ts'

export const digitsOnly = (phone: string) => phone.replace(/\D/g, '')

/**
 * The number in international form (+ country code + digits), the format behind tel: links and the
 * chat-app link. The spec's country code is 1, added once: a number written with a leading + already
 * names its country, and 11 digits starting with 1 already carry the 1. '' when the text holds no
 * digits. Whether a number can be dialled at all is decided on the server (phone-numbers.ts): the
 * views hand these functions only numbers that can, already in E.164 form (`dial`).
 */
export function internationalPhone(phone: string): string {
  const digits = digitsOnly(phone)
  if (!digits) return ''
  const hasCountryCode = phone.trim().startsWith('+') || (digits.length === 11 && digits.startsWith('1'))
  return `+${hasCountryCode ? '' : '1'}${digits}`
}

/** A number phone-numbers.ts decided (`dial`: E.164, maybe `;ext=N`), taken as it is. */
const DECIDED = /^\+\d{4,15}(;ext=\d{1,10})?$/

/** The number part of a decided `dial`, without its extension (chat apps and JSON-LD have no place for one). */
export const dialedNumber = (dial: string) => dial.split(';')[0] ?? ''

/** A tel: link: a decided `dial` as it is (its extension kept apart, RFC 3966), else the digits read as above. */
export const telHref = (phone: string) => `tel:${DECIDED.test(phone) ? phone : internationalPhone(phone)}`

/** A map search for an address: opens the phone's map app (or the map site) on it. */
export const mapSearchHref = (address: string) => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address.trim())}`

export const mailtoHref = (email: string) => `mailto:${email.trim()}`

/** The chat app link for a phone: every dash removed, country code 1 added (once). */
export function whatsappHref(phone: string, text?: string): string {
  // wa.me takes the international number without its +.
  const base = `https://wa.me/${internationalPhone(dialedNumber(phone)).slice(1)}`
  return text ? `${base}?text=${encodeURIComponent(text)}` : base
}

export const DEFAULT_CTA_LABEL = 'free estimate'

/** Header call-to-action: the phone when given, else the given link, else /contact. */
export function callToAction(options: { phone?: string; link?: string; label?: string }) {
  const { phone, link, label } = options
  const href = phone && digitsOnly(phone) ? telHref(phone) : link || '/contact'
  return { href, label: label || DEFAULT_CTA_LABEL }
}

export function firstOf(record: PageRecord) {
  const p = record.dbPrincipal
  return {
    email: p.emails.find((x) => x.email.trim())?.email.trim() ?? '',
    address: p.location[0]?.address ?? '',
    mapUrl: p.location[0]?.url ?? '',
    workday: p.workdays[0]?.day ?? '',
    workHour: p.workHours[0]?.hour ?? '',
    slogan: record.dbSlogan[0]?.slogan ?? '',
    about: record.dbAbout[0]?.text ?? '',
  }
}
