// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, expect, test } from 'vitest'
import { parsePageRecord } from '#app/record/schema.ts'
import { CoverageMap } from './coverage-map.server.tsx'

afterEach(cleanup)

const MAP = 'https://www.google.com/maps/embed?pb=denver'
function renderMap(count: number, titleMap = '') {
  const record = parsePageRecord({
    dbPrincipal: { miles: 50, location: Array.from({ length: count }, (_, i) => ({ address: `Town ${i + 1}`, url: i === 0 ? MAP : '' })) },
  })
  return render(
    <MemoryRouter>
      <CoverageMap locations={record.dbPrincipal.location} miles={record.dbPrincipal.miles} customTitle={titleMap} />
    </MemoryRouter>,
  )
}

test('heading names the miles and the first address', () => {
  renderMap(3)
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('We Cover 50 Miles Around Town 1')
})

test('a custom map title replaces the heading', () => {
  renderMap(3, 'Proudly Serving The Front Range')
  expect(screen.getByRole('heading', { level: 2 }).textContent).toBe('Proudly Serving The Front Range')
})

test.each([1, 2])('with %d location(s) there is no location list', (count) => {
  renderMap(count)
  expect(screen.queryByRole('list')).toBeNull()
  expect(screen.queryByRole('link', { name: 'Town 1' })).toBeNull()
})

test('with more than two locations each address links to /contact', () => {
  renderMap(3)
  const links = within(screen.getByRole('list')).getAllByRole('link')
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Town 1', '/contact'],
    ['Town 2', '/contact'],
    ['Town 3', '/contact'],
  ])
})

test('the first location’s map is embedded lazily at 500 px with a title', () => {
  renderMap(1)
  const frame = screen.getByTitle('Map of Town 1')
  expect(frame.tagName).toBe('IFRAME')
  expect(frame.getAttribute('src')).toBe(MAP)
  expect(frame.getAttribute('height')).toBe('500')
  expect(frame.getAttribute('loading')).toBe('lazy')
})

test('no map frame when the first location has no usable URL', () => {
  const record = parsePageRecord({ dbPrincipal: { location: [{ address: 'Town', url: 'javascript:alert(1)' }] } })
  render(
    <MemoryRouter>
      <CoverageMap locations={record.dbPrincipal.location} miles={null} customTitle="" />
    </MemoryRouter>,
  )
  expect(document.querySelector('iframe')).toBeNull()
})
