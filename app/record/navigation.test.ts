import { expect, test } from 'vitest'
import { footerNavigation, mainNavigation } from './navigation.ts'
import { parsePageRecord } from './schema.ts'

const labels = (items: { label: string }[]) => items.map((i) => i.label)
const base = {
  dbServices: [{ name: 'Wood Fence' }, { name: 'Deck Building' }],
  landings: [{ name: 'Cedar Fences' }],
}

test('the plain menu has the five fixed entries and no dropdowns', () => {
  const items = mainNavigation(parsePageRecord(base))
  expect(labels(items)).toEqual(['Home', 'About', 'Services', 'Gallery', 'Contact'])
  expect(items.every((i) => !i.children)).toBe(true)
})

test('autoGntLandingFromService adds the services dropdown; customLinks the landings one', () => {
  const items = mainNavigation(parsePageRecord({ ...base, autoGntLandingFromService: true, customLinks: true }))
  expect(items[2]?.children).toEqual([
    { label: 'Wood Fence', to: '/wood-fence' },
    { label: 'Deck Building', to: '/deck-building' },
  ])
  expect(items[3]?.children).toEqual([{ label: 'Cedar Fences', to: '/gallery/cedar-fences' }])
})

test('Our Videos and Reviews come before Contact under their conditions', () => {
  const both = parsePageRecord({ ytGallery: { linkCanalYT: 'https://youtube.com/@x' }, reviews: { activo: true, isHomeOnly: false } })
  expect(labels(mainNavigation(both))).toEqual(['Home', 'About', 'Services', 'Gallery', 'Our Videos', 'Reviews', 'Contact'])
  const homeOnly = parsePageRecord({ reviews: { activo: true, isHomeOnly: true } })
  expect(labels(mainNavigation(homeOnly))).not.toContain('Reviews')
  const inactive = parsePageRecord({ reviews: { activo: false, isHomeOnly: false } })
  expect(labels(mainNavigation(inactive))).not.toContain('Reviews')
})

test('the footer gets Reviews before Contact only when the ReviewTab widget is active', () => {
  expect(labels(footerNavigation(parsePageRecord({})))).toEqual(['Home', 'About', 'Services', 'Gallery', 'Contact'])
  const on = parsePageRecord({
    simpleWidgets: [
      { val: 'WhatsappBtn', activo: false },
      { val: 'ReviewTab', activo: true },
    ],
  })
  expect(labels(footerNavigation(on))).toEqual(['Home', 'About', 'Services', 'Gallery', 'Reviews', 'Contact'])
  const off = parsePageRecord({ simpleWidgets: [{ val: 'ReviewTab', activo: false }] })
  expect(labels(footerNavigation(off))).not.toContain('Reviews')
})
