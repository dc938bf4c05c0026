import { describe, expect, test } from 'vitest'
import { parsePageRecord } from './schema.ts'
import { COUNT_UP_DURATION_MS, countUpValue, decimalPlaces, formatCount, statisticsFor } from './statistics.ts'

const principal = (fields: Record<string, unknown>) => parsePageRecord({ dbPrincipal: fields }).dbPrincipal
const show = (fields: Record<string, unknown>) =>
  statisticsFor(principal(fields)).map((s) => `${s.label}: ${formatCount(s.value)}${s.suffix}`)

describe('statistics band rules (spec §9)', () => {
  test('years and miles, each with +, when both are given', () => {
    expect(show({ exprYears: 15, miles: 1500, location: [{ address: 'Denver, CO' }] })).toEqual([
      'Years Of Experience: 15+',
      'Miles Around Denver, CO: 1,500+',
      'Professionals: 100%',
      'On Time: 100%',
    ])
  })

  test('miles are around the FIRST address', () => {
    const stats = statisticsFor(principal({ exprYears: 3, miles: 40, location: [{ address: 'Aurora' }, { address: 'Boulder' }] }))
    expect(stats[1]!.label).toBe('Miles Around Aurora')
  })

  test.each([
    ['years missing', { miles: 50 }],
    ['miles missing', { exprYears: 10 }],
    ['both missing', {}],
    ['years unreadable', { exprYears: 'many', miles: 50 }],
    ['years zero', { exprYears: 0, miles: 50 }],
  ])('Best Service and Cost-Effectiveness at 100%% when %s', (_, fields) => {
    expect(show({ ...fields, location: [{ address: 'Denver' }] })).toEqual([
      'Best Service: 100%',
      'Cost-Effectiveness: 100%',
      'Professionals: 100%',
      'On Time: 100%',
    ])
  })

  test('numbers given as text in the record still count ("1,500")', () => {
    expect(show({ exprYears: '20', miles: '1,500', location: [{ address: 'Denver' }] }).slice(0, 2)).toEqual([
      'Years Of Experience: 20+',
      'Miles Around Denver: 1,500+',
    ])
  })

  test('without an address the miles label has no dangling space', () => {
    expect(statisticsFor(principal({ exprYears: 5, miles: 30 }))[1]!.label).toBe('Miles Around')
  })
})

describe('count-up number formatting', () => {
  test.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1,000'],
    [1500, '1,500'],
    [1234567, '1,234,567'],
    [2.5, '2.5'],
    [1234.5, '1,234.5'],
    [1234.25, '1,234.25'],
  ])('%d → %s (comma thousands, dot decimals)', (value, text) => {
    expect(formatCount(value)).toBe(text)
  })

  test('an in-between value keeps the decimals of the final one', () => {
    expect(formatCount(1234.5678, 1)).toBe('1,234.6')
    expect(formatCount(12.3, 0)).toBe('12')
  })

  test('decimal places come from the value, at most two', () => {
    expect([decimalPlaces(15), decimalPlaces(2.5), decimalPlaces(0.1 + 0.2), decimalPlaces(1.239)]).toEqual([0, 1, 1, 2])
  })
})

describe('count-up progression', () => {
  test('lasts five seconds', () => {
    expect(COUNT_UP_DURATION_MS).toBe(5000)
  })

  test('starts at 0, ends exactly on the target, never goes back or overshoots', () => {
    expect(countUpValue(1500, 0)).toBe(0)
    expect(countUpValue(1500, 1)).toBe(1500)
    expect(countUpValue(1500, 1.7)).toBe(1500)
    let previous = -1
    for (let t = 0; t <= 1; t += 0.01) {
      const v = countUpValue(1500, t)
      expect(v).toBeGreaterThanOrEqual(previous)
      expect(v).toBeLessThanOrEqual(1500)
      previous = v
    }
  })
})

test('counts are grouped by thousands and trimmed of trailing zeros', () => {
  expect([formatCount(1500), formatCount(1234.5), formatCount(1_000_000), formatCount(999), formatCount(-12345.67)]).toEqual([
    '1,500',
    '1,234.5',
    '1,000,000',
    '999',
    '-12,345.67',
  ])
  expect([decimalPlaces(2.5), decimalPlaces(2.5), decimalPlaces(2.499999), decimalPlaces(3), decimalPlaces(1e-9)]).toEqual([1, 1, 1, 0, 0])
})
