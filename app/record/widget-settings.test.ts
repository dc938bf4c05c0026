import { expect, test } from 'vitest'
import { parsePageRecord } from './schema.ts'
import { hasFloatingMenu, widgetSettings } from './widget-settings.ts'

const phones = [
  { phone: '', name: 'Nobody' },
  { phone: '303-555-0142', name: 'Office' },
]
const principal = { name: 'Acme Fence Co', logo: '/logo.png', phones, location: [{ address: '1234 Main St, Denver, CO 80202', url: '' }] }
const on = (...names: string[]) => names.map((val) => ({ val, activo: true }))

test('each widget reads its own entry; chat and call use the phones that have digits', () => {
  const record = parsePageRecord({ dbPrincipal: principal, simpleWidgets: on('WhatsappBtn', 'CallUsNow', 'Wheather', 'ModalColores') })
  expect(widgetSettings(record)).toEqual({
    chat: { businessName: 'Acme Fence Co', logo: '/logo.png', phone: '303-555-0142' },
    visits: false,
    call: { phones: [{ phone: '303-555-0142', name: 'Office' }] },
    weather: true,
    reviews: false,
    palette: true,
  })
})

test('without a phone or a place, the widgets that need one stay off, and so does the menu', () => {
  const record = parsePageRecord({ dbPrincipal: { name: 'Acme' }, simpleWidgets: on('WhatsappBtn', 'CallUsNow', 'Wheather') })
  const settings = widgetSettings(record)
  expect(settings).toEqual({ chat: null, visits: false, call: null, weather: false, reviews: false, palette: false })
  expect(hasFloatingMenu(settings)).toBe(false)
  expect(hasFloatingMenu({ ...settings, reviews: true })).toBe(true)
})
