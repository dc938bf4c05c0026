import { describe, expect, test } from 'vitest'
import { callToAction } from './contact-links.ts'
import {
  aboutView,
  contactView,
  findUsView,
  footerView,
  headerTop,
  headView,
  homeView,
  layoutView,
  serviceDetailView,
} from './page-views.ts'
import { parsePageRecord } from './schema.ts'

const description = (n: number) => `Description of service ${n}, long enough to matter. `.repeat(4)
const record = parsePageRecord({
  dbPrincipal: {
    name: 'Acme Fence',
    phones: [{ phone: '720-555-0199', name: 'Office' }],
    location: [{ address: 'Denver', url: 'https://maps.example/x' }],
  },
  dbAbout: [{ text: 'a'.repeat(300), list: ['Licensed'] }],
  dbServices: Array.from({ length: 14 }, (_, i) => ({
    name: `Service ${i + 1}`,
    description: [{ text: description(i + 1), img: `/img/${i}.webp`, lists: ['x'] }],
  })),
  gallery: ['/img/g1.webp'],
  simpleWidgets: [{ val: 'WhatsappBtn', activo: true }],
})

test('the layout view carries what the header, widgets and form need in the browser, not the services or the footer', () => {
  const layout = layoutView(record)
  const sent = JSON.stringify(layout)
  expect(sent).not.toContain('Description of service')
  expect(sent).not.toContain('a'.repeat(181))
  expect(layout.form.services).toHaveLength(6)
  expect(layout.widgets.chat).toEqual({ businessName: 'Acme Fence', logo: '', phone: '+17205550199' })
  expect(layout.phone).toBe('+17205550199')
})

test('the footer view: six service links and the first about text cut at 181 characters', () => {
  const footer = footerView(record)
  expect(footer.services.map((s) => s.to)).toEqual(['/service-1', '/service-2', '/service-3', '/service-4', '/service-5', '/service-6'])
  expect(footer.about).toBe(`${'a'.repeat(181)}…`)
})

test('the head view holds the theme, JSON-LD and meta, with the description cut at 150 characters', () => {
  const head = headView(record, 'https://acme.example')
  expect(head.meta).toEqual({ company: 'Acme Fence', description: 'a'.repeat(150), image: '/img/g1.webp' })
  expect(JSON.parse(head.jsonLd)).toMatchObject({ name: 'Acme Fence', url: 'https://acme.example/' })
  expect(head.themeCss).toMatch(/^:root\{/)
})

test('home cards are the first eight services with their picture and first text, nothing more', () => {
  const { cards, intro } = homeView(record)
  expect(cards.services).toHaveLength(8)
  expect(cards.services[0]).toEqual({ name: 'Service 1', to: '/service-1', image: '/img/0.webp', summary: description(1).trim() })
  expect(intro).toHaveLength(6)
})

test('the about view has the two about texts and the values, and no other record field', () => {
  expect(Object.keys(aboutView(record)).sort()).toEqual(['first', 'images', 'name', 'second', 'values'])
})

describe('a phone too short to dial ("555")', () => {
  const short = parsePageRecord({
    dbPrincipal: { name: 'Acme', phones: [{ phone: '555', name: 'Office' }] },
    dbServices: [{ name: 'Decks' }],
    simpleWidgets: [
      { val: 'WhatsappBtn', activo: true },
      { val: 'CallUsNow', activo: true },
    ],
  })
  const office = { phone: '555', name: 'Office', dial: '' }

  test('is shown as text where the pages list phones, never with a number to dial', () => {
    expect(headerTop(short).phone).toEqual(office)
    expect(footerView(short).phones).toEqual([office])
    expect(contactView(short).cards.phones).toEqual([office])
    expect(serviceDetailView(short, short.dbServices[0]!).side.phones).toEqual([office])
  })

  test('gets no call button, no widget, no chat-app link, no JSON-LD telephone; the header button links to /contact', () => {
    const layout = layoutView(short)
    expect(layout.phone).toBe('')
    expect(callToAction({ phone: layout.phone }).href).toBe('/contact')
    expect(layout.widgets).toMatchObject({ chat: null, call: null })
    expect(homeView(short).hero.phone).toBeNull()
    expect(homeView(short).trailing.phone).toBeNull()
    expect(findUsView(short)).toMatchObject({ phone: null, chatHref: '' })
    expect(JSON.parse(headView(short, 'https://a.example').jsonLd)).not.toHaveProperty('telephone')
    expect(JSON.stringify([layout, homeView(short), findUsView(short), headView(short, 'https://a.example')])).not.toContain('+1555')
  })

  test('a later phone that can be dialled is the one called; the header bar shows it', () => {
    const both = parsePageRecord({ dbPrincipal: { phones: [{ phone: '555' }, { phone: '(303) 555-0142', name: 'Cell' }] } })
    const cell = { phone: '(303) 555-0142', name: 'Cell', dial: '+13035550142' }
    expect(layoutView(both).phone).toBe('+13035550142')
    expect(headerTop(both).phone).toEqual(cell)
    expect(homeView(both).hero.phone).toEqual(cell)
    expect(findUsView(both).chatHref).toBe('https://wa.me/13035550142')
    expect(footerView(both).phones.map((p) => p.dial)).toEqual(['', '+13035550142'])
  })
})
