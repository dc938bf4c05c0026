// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, test } from 'vitest'
import { parsePageRecord } from '#app/record/schema.ts'
import { ServiceRows, firstRowPicture } from './service-rows.server.tsx'

afterEach(cleanup)

const entry = (n: number) => ({ text: `Text ${n}`, img: `/demo/images/p${n}.webp`, lists: [`Point ${n}`] })
const services = parsePageRecord({
  dbServices: [
    { name: 'Wood Fence', description: [entry(1), entry(2), entry(3)] },
    { name: 'Decks', description: [entry(4), entry(5)] },
  ],
}).dbServices

const renderRows = (list: typeof services) =>
  render(
    <MemoryRouter>
      <ServiceRows services={list} />
    </MemoryRouter>,
  )

test('one row per description entry, each with its text, bullet list and image', () => {
  renderRows(services)
  const rows = document.querySelectorAll('[data-image-side]')
  expect(rows).toHaveLength(5)
  expect([...rows].map((r) => r.querySelector('p')!.textContent)).toEqual(['Text 1', 'Text 2', 'Text 3', 'Text 4', 'Text 5'])
  expect([...rows].map((r) => r.querySelector('li')!.textContent)).toEqual(['Point 1', 'Point 2', 'Point 3', 'Point 4', 'Point 5'])
  expect([...rows].every((r) => r.querySelector('img'))).toBe(true)
})

test('the picture alternates sides from row to row, across services', () => {
  renderRows(services)
  const sides = [...document.querySelectorAll('[data-image-side]')].map((r) => r.getAttribute('data-image-side'))
  expect(sides).toEqual(['left', 'right', 'left', 'right', 'left'])
})

test('each service is headed by its name and links to its page', () => {
  renderRows(services)
  expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Wood Fence', 'Decks'])
  expect(screen.getByRole('link', { name: /More about Wood Fence/ }).getAttribute('href')).toBe('/wood-fence')
})

test("the page's first row, wherever it is, is the one picture asked for first, and firstRowPicture names it", () => {
  const nameOnlyFirst = parsePageRecord({
    dbServices: [{ name: 'Gates', description: [] }, ...services.map(({ name, description }) => ({ name, description }))],
  }).dbServices
  for (const list of [services, nameOnlyFirst]) {
    renderRows(list)
    const first = document.querySelectorAll('img[fetchpriority="high"]')
    expect(first).toHaveLength(1)
    expect(first[0]!.getAttribute('src')).toBe(firstRowPicture(list))
    expect(firstRowPicture(list)).toBe('/demo/images/p1.webp')
    cleanup()
  }
  const withoutPicture = parsePageRecord({ dbServices: [{ name: 'Gates', description: [{ text: 'No photo', lists: [] }] }] }).dbServices
  expect(firstRowPicture(withoutPicture)).toBeFalsy()
})
