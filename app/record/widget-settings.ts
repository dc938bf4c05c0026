import { firstOf } from './contact-links.ts'
import { notShown, shown, type Shown } from './block-status.ts'
import { firstPhone, phoneViews, type PhoneView } from './record-phones.ts'
import type { PageRecord, WidgetName } from './schema.ts'
import { isWidgetActive } from './widgets.ts'

export type PanelName = 'chat' | 'visits' | 'call' | 'weather'

/** A phone the call widget offers: as typed, its name, and the number it dials (E.164). */
export type PhoneEntry = PhoneView

/** What the floating widgets need from the record: each entry is null/false when its widget is off. */
export interface WidgetSettings {
  /** `phone`: the number the chat app is opened with (E.164). */
  chat: { businessName: string; logo: string; phone: string } | null
  visits: boolean
  call: { phones: PhoneEntry[] } | null
  weather: boolean
  reviews: boolean
  palette: boolean
}

type WidgetBlocks = {
  chat: Shown<NonNullable<WidgetSettings['chat']>>
  call: Shown<NonNullable<WidgetSettings['call']>>
} & Record<'visits' | 'weather' | 'reviews' | 'palette', Shown<true>>

/**
 * Each floating widget, or why it is not shown. Widgets that need a phone or a place stay hidden without
 * one: they would have nothing to offer. A phone that cannot be dialled (record-phones.ts) is no phone here.
 */
export function widgetBlocks(record: PageRecord): WidgetBlocks {
  const first = firstOf(record)
  const phones = phoneViews(record).filter((p) => p.dial)
  const phone = firstPhone(record)
  function widget<T>(name: WidgetName, needs: () => Shown<T>): Shown<T> {
    if (!isWidgetActive(record, name)) return notShown('simpleWidgets', name, `${name} is not active`, false)
    return needs()
  }
  return {
    chat: widget('WhatsappBtn', () =>
      phone.reason
        ? { view: null, reason: phone.reason }
        : shown({ businessName: record.dbPrincipal.name, logo: record.dbPrincipal.logo, phone: phone.view.dial }),
    ),
    visits: widget('VisitsCounter', () => shown(true as const)),
    call: widget('CallUsNow', () => (phone.reason ? { view: null, reason: phone.reason } : shown({ phones }))),
    weather: widget('Wheather', () =>
      first.address.trim() || first.mapUrl
        ? shown(true as const)
        : notShown(
            'dbPrincipal.location[0]',
            record.dbPrincipal.location[0] ?? null,
            'no address or map link to take the weather at',
            true,
          ),
    ),
    reviews: widget('ReviewTab', () => shown(true as const)),
    palette: widget('ModalColores', () => shown(true as const)),
  }
}

/** What the floating widgets need from the record (widgetBlocks without the reasons). */
export function widgetSettings(record: PageRecord): WidgetSettings {
  const b = widgetBlocks(record)
  return {
    chat: b.chat.view,
    visits: Boolean(b.visits.view),
    call: b.call.view,
    weather: Boolean(b.weather.view),
    reviews: Boolean(b.reviews.view),
    palette: Boolean(b.palette.view),
  }
}

export const hasFloatingMenu = (s: WidgetSettings) => Boolean(s.chat || s.visits || s.call || s.weather || s.reviews || s.palette)
