import { notShown, shown, type Shown } from './block-status.ts'
import { dialString } from './phone-numbers.ts'
import type { PageRecord } from './schema.ts'

/**
 * The record's phones as the pages show them: the text as typed, its name, and what to dial (phone-numbers.ts'
 * `dialString`: E.164, with `;ext=N` when the text has an extension). A phone whose `dial` is '' is shown as text, never as a tel: link, and never
 * offered by a call button, the call or chat widget, the chat-app link or JSON-LD.
 */
export type PhoneView = { phone: string; name: string; dial: string }

export const phoneView = ({ phone, name }: { phone: string; name: string }): PhoneView => ({ phone, name, dial: dialString(phone) })

/** Every phone entry with something typed, in record order. */
export const phoneViews = (record: PageRecord): PhoneView[] => record.dbPrincipal.phones.filter((p) => p.phone.trim()).map(phoneView)

/** The first phone that can be dialled (header, call buttons, chat, JSON-LD), or why there is none. */
export function firstPhone(record: PageRecord): Shown<PhoneView> {
  const phones = phoneViews(record)
  const first = phones.find((p) => p.dial)
  if (first) return shown(first)
  const typed = phones.map((p) => p.phone)
  return typed.length
    ? notShown('dbPrincipal.phones', typed, 'no number that can be dialled (10 digits with the area code, or + and the country code)', true)
    : notShown('dbPrincipal.phones', typed, 'no phone number', false)
}

/** The phone in the bar above the header: the first that can be dialled, else the first typed (shown as text). */
export const headerPhone = (record: PageRecord): PhoneView | null => firstPhone(record).view ?? phoneViews(record)[0] ?? null
