import type { PageRecord } from './schema.ts'

export const digitsOnly = (phone: string) => phone.replace(/\D/g, '')

/** tel: link with the spec's +1 prefix; a number already carrying the 1 keeps a single one. */
export function telHref(phone: string): string {
  const digits = digitsOnly(phone)
  return `tel:+1${digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits}`
}

export const mailtoHref = (email: string) => `mailto:${email.trim()}`

/** The chat app link for a phone: every dash removed, country code 1 added. */
export function whatsappHref(phone: string, text?: string): string {
  const base = `https://wa.me/1${digitsOnly(phone)}`
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
    phone: p.phones.find((x) => digitsOnly(x.phone))?.phone ?? '',
    email: p.emails.find((x) => x.email.trim())?.email.trim() ?? '',
    address: p.location[0]?.address ?? '',
    mapUrl: p.location[0]?.url ?? '',
    workday: p.workdays[0]?.day ?? '',
    workHour: p.workHours[0]?.hour ?? '',
    slogan: record.dbSlogan[0]?.slogan ?? '',
    about: record.dbAbout[0]?.text ?? '',
  }
}
