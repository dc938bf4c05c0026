import { absoluteUrl } from './absolute-url.ts'
import { dialedNumber } from './contact-links.ts'
import { firstPhone } from './record-phones.ts'
import type { PageRecord } from './schema.ts'

const DAYS = ['mo', 'tu', 'we', 'th', 'fr', 'sa', 'su'] as const
const dayCode = (word: string) => {
  const code = word.trim().slice(0, 2).toLowerCase()
  return (DAYS as readonly string[]).includes(code) ? code[0]!.toUpperCase() + code[1] : null
}

function to24h(time: string): string | null {
  const m = time.trim().match(/^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?m\.?$/i) ?? time.trim().match(/^(\d{1,2}):(\d{2})()$/)
  if (!m) return null
  let hour = Number(m[1])
  const minutes = m[2] ?? '00'
  const half = m[3]?.toLowerCase()
  if (hour > 24 || Number(minutes) > 59) return null
  if (half === 'p' && hour < 12) hour += 12
  if (half === 'a' && hour === 12) hour = 0
  return `${String(hour).padStart(2, '0')}:${minutes}`
}

/** "Mon – Sat" → ["Mon", "Sat"] (a hyphen, an en dash or "to"); each part trimmed. */
const splitRange = (text: string) => text.split(/-|–|to/i).map((part) => part.trim())

/** "Monday - Saturday" + "7:00 AM - 6:00 PM" → "Mo-Sa 07:00-18:00"; null when either is not parsable. */
export function openingHours(days: string, hours: string): string | null {
  const dayRange = splitRange(days).map(dayCode)
  const hourRange = splitRange(hours).map(to24h)
  if (dayRange.length < 1 || dayRange.length > 2 || dayRange.some((d) => !d)) return null
  if (hourRange.length !== 2 || hourRange.some((h) => !h)) return null
  return `${dayRange.join('-')} ${hourRange.join('-')}`
}

/** schema.org description of the business (no self-serving ratings), for search engines. */
export function businessJsonLd(record: PageRecord, siteUrl: string) {
  const p = record.dbPrincipal
  if (!p.name) return null
  // Only a number that can be dialled (record-phones.ts), in E.164 form.
  const phone = dialedNumber(firstPhone(record).view?.dial ?? '')
  const hours = openingHours(p.workdays[0]?.day ?? '', p.workHours[0]?.hour ?? '')
  const image = record.gallery[0] ?? record.dbServices[0]?.description[0]?.img
  const addresses = p.location.map((l) => l.address.trim()).filter(Boolean)
  return {
    '@context': 'https://schema.org',
    '@type': ['GeneralContractor', 'HomeAndConstructionBusiness'],
    name: p.name,
    url: absoluteUrl(siteUrl, '/'),
    ...(p.logo && { logo: absoluteUrl(siteUrl, p.logo) }),
    ...(image && { image: absoluteUrl(siteUrl, image) }),
    ...(phone && { telephone: phone }),
    ...(p.emails[0]?.email && { email: p.emails[0].email }),
    ...(addresses[0] && { address: addresses[0] }),
    ...(addresses.length && { areaServed: addresses.map((name) => ({ '@type': 'Place', name })) }),
    ...(hours && { openingHours: hours }),
    ...(p.paymentMethod && { paymentAccepted: p.paymentMethod }),
    ...(record.dbSlogan[0]?.slogan && { slogan: record.dbSlogan[0].slogan }),
    sameAs: record.dbSocialMedia.redes.map((r) => r.url).filter(Boolean),
  }
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the element. */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
