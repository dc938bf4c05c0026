import { expect, test } from 'vitest'
import { parsePageRecord } from './schema.ts'
import {
  HOME_INTRO_SERVICES,
  SERVICE_CARDS,
  SERVICE_SIDE_LINKS,
  cardServices,
  introServices,
  serviceImage,
  serviceSummary,
  sideServiceLinks,
} from './service-lists.ts'

const services = (n: number) =>
  parsePageRecord({ dbServices: Array.from({ length: n }, (_, i) => ({ name: `Service ${i + 1}` })) }).dbServices

test('the limits are the spec’s: 6 intro names, 8 cards, 13 side links', () => {
  expect([HOME_INTRO_SERVICES, SERVICE_CARDS, SERVICE_SIDE_LINKS]).toEqual([6, 8, 13])
})

test('the home intro takes the FIRST six services, in order, linked to their pages', () => {
  expect(introServices(services(11))).toEqual([1, 2, 3, 4, 5, 6].map((i) => ({ name: `Service ${i}`, to: `/service-${i}` })))
  expect(introServices(services(4))).toHaveLength(4)
})

test('the home cards take the first eight services', () => {
  expect(cardServices(services(11)).map((s) => s.name)).toEqual([1, 2, 3, 4, 5, 6, 7, 8].map((i) => `Service ${i}`))
})

test('the side panel lists at most thirteen services', () => {
  expect(sideServiceLinks(services(20))).toHaveLength(13)
  expect(sideServiceLinks(services(13))).toHaveLength(13)
  expect(sideServiceLinks(services(5))).toHaveLength(5)
})

test('services whose name makes no link are skipped, not counted', () => {
  const list = parsePageRecord({
    dbServices: [{ name: '' }, { name: '***' }, ...Array.from({ length: 7 }, (_, i) => ({ name: `S${i}` }))],
  }).dbServices
  expect(introServices(list).map((s) => s.name)).toEqual(['S0', 'S1', 'S2', 'S3', 'S4', 'S5'])
})

test('a service’s picture and lead text come from its first description entry that has one', () => {
  const [service] = parsePageRecord({
    dbServices: [
      {
        name: 'Decks',
        description: [
          { text: '  ', img: '' },
          { text: 'Built to last.', img: '/demo/images/deck-1.webp' },
        ],
      },
    ],
  }).dbServices
  expect(serviceImage(service!)).toBe('/demo/images/deck-1.webp')
  expect(serviceSummary(service!)).toBe('Built to last.')
})
