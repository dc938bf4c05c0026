import { digitsOnly, firstOf } from './contact-links.ts'
import type { PageRecord } from './schema.ts'
import { isWidgetActive } from './widgets.ts'

export type PanelName = 'chat' | 'visits' | 'call' | 'weather'

export interface PhoneEntry {
  phone: string
  name: string
}

/** What the floating widgets need from the record: each entry is null/false when its widget is off. */
export interface WidgetSettings {
  chat: { businessName: string; logo: string; phone: string } | null
  visits: boolean
  call: { phones: PhoneEntry[] } | null
  weather: boolean
  reviews: boolean
  palette: boolean
}

/** Widgets that need a phone or a place stay hidden without one: they would have nothing to offer. */
export function widgetSettings(record: PageRecord): WidgetSettings {
  const first = firstOf(record)
  const phones = record.dbPrincipal.phones.filter((p) => digitsOnly(p.phone))
  const on = (name: Parameters<typeof isWidgetActive>[1]) => isWidgetActive(record, name)
  return {
    chat:
      on('WhatsappBtn') && first.phone
        ? { businessName: record.dbPrincipal.name, logo: record.dbPrincipal.logo, phone: first.phone }
        : null,
    visits: on('VisitsCounter'),
    call: on('CallUsNow') && phones.length ? { phones } : null,
    weather: on('Wheather') && Boolean(first.address.trim() || first.mapUrl),
    reviews: on('ReviewTab'),
    palette: on('ModalColores'),
  }
}

export const hasFloatingMenu = (s: WidgetSettings) => Boolean(s.chat || s.visits || s.call || s.weather || s.reviews || s.palette)
