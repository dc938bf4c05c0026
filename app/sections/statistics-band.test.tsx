// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, expect, test } from 'vitest'
import { parsePageRecord } from '#app/record/schema.ts'
import { StatisticsBand } from './statistics-band.tsx'

afterEach(cleanup)

const principal = (fields: Record<string, unknown>) => parsePageRecord({ dbPrincipal: fields }).dbPrincipal
const readout = () =>
  within(screen.getByRole('region', { name: 'Company statistics' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent!.replace(/^.*?([\d,.]+[+%])(?=[A-Z])/, '$1 '))

test('years and miles when the record gives both', () => {
  render(<StatisticsBand principal={principal({ exprYears: 12, miles: 1500, location: [{ address: 'Denver, CO' }] })} />)
  expect(readout()).toEqual(['12+ Years Of Experience', '1,500+ Miles Around Denver, CO', '100% Professionals', '100% On Time'])
})

test('Best Service and Cost-Effectiveness when experience years are missing', () => {
  render(<StatisticsBand principal={principal({ miles: 40, location: [{ address: 'Denver' }] })} />)
  expect(readout()).toEqual(['100% Best Service', '100% Cost-Effectiveness', '100% Professionals', '100% On Time'])
})

test('the server HTML holds every final value', () => {
  const html = renderToString(<StatisticsBand principal={principal({ exprYears: 12, miles: 1500, location: [{ address: 'Denver' }] })} />)
  for (const value of ['12+', '1,500+', '100%']) expect(html).toContain(`data-count-up="${value}"`)
})
