import { expect, test } from 'vitest'
import { parsePageRecord } from './schema.ts'
import { hasFloatingMenu, widgetBlocks, widgetSettings } from './widget-settings.ts'

const phones = [
  { phone: '', name: 'Nobody' },
  { phone: '303-555-0142', name: 'Office' },
]
const principal = { name: 'Acme Fence Co', logo: '/logo.png', phones, location: [{ address: '1234 Main St, Denver, CO 80202', url: '' }] }
const on = (...names: string[]) => names.map((val) => ({ val, activo: true }))

test('each widget reads its own entry; chat and call use the phones that can be dialled, in E.164 form', () => {
  const record = parsePageRecord({ dbPrincipal: principal, simpleWidgets: on('WhatsappBtn', 'CallUsNow', 'Wheather', 'ModalColores') })
  expect(widgetSettings(record)).toEqual({
    chat: { businessName: 'Acme Fence Co', logo: '/logo.png', phone: '+13035550142' },
    visits: false,
    call: { phones: [{ phone: '303-555-0142', name: 'Office', dial: '+13035550142' }] },
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

test('a phone too short to dial is no phone: the call and chat widgets stay hidden, and the report says why', () => {
  const record = parsePageRecord({
    dbPrincipal: { name: 'Acme', phones: [{ phone: '555', name: 'Yard' }] },
    simpleWidgets: on('WhatsappBtn', 'CallUsNow'),
  })
  expect(widgetSettings(record)).toMatchObject({ chat: null, call: null })
  expect(widgetBlocks(record).call.reason).toEqual({
    field: 'dbPrincipal.phones',
    value: '["555"]',
    why: 'no number that can be dialled (10 digits with the area code, or + and the country code)',
    asked: true,
  })
})

test('only the phones that can be dialled are offered, 555 numbers included', () => {
  const record = parsePageRecord({
    dbPrincipal: {
      phones: [
        { phone: '555-0100', name: 'Old' },
        { phone: '555-555-5555', name: 'Demo' },
        { phone: '+1 (303) 555.0142', name: 'Office' },
      ],
    },
    simpleWidgets: on('WhatsappBtn', 'CallUsNow'),
  })
  expect(widgetSettings(record).chat?.phone).toBe('+15555555555')
  expect(widgetSettings(record).call?.phones.map((p) => p.dial)).toEqual(['+15555555555', '+13035550142'])
})
