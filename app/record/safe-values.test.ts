import { describe, expect, test } from 'vitest'
import { isCssColor, safeUrl, toCount, toFlag, toText } from './safe-values.ts'

describe('safeUrl', () => {
  test.each([
    ['https://example.com/a b', 'https://example.com/a%20b'],
    ['  http://example.com  ', 'http://example.com/'],
    ['/demo/images/x.webp', '/demo/images/x.webp'],
  ])('accepts %p', (input, output) => expect(safeUrl(input)).toBe(output))

  test.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,x',
    'vbscript:x',
    '//evil.example',
    '/\\evil.example',
    'ftp://x.example',
    'mailto:a@b.c',
    '/a\nb',
    'not a url',
    '',
    5,
    null,
  ])('rejects %p', (input) => expect(safeUrl(input)).toBe(''))
})

describe('isCssColor', () => {
  test.each([
    '#fff',
    '#FFFFFF',
    '#ffffff80',
    'rgb(1,2,3)',
    'rgba(1, 2, 3, .5)',
    'hsl(10 20% 30%)',
    'hsla(10,20%,30%,0.4)',
    'rebeccapurple',
    'transparent',
  ])('accepts %p', (value) => expect(isCssColor(value)).toBe(true))
  test.each(['#ff', 'red;', 'var(--x)', 'url(x)', 'rgb(1,2,3);color:red', 'notacolor', '', 12, '#fff}body{'])('rejects %p', (value) =>
    expect(isCssColor(value)).toBe(false),
  )
})

test('toText keeps strings and finite numbers only', () => {
  expect([toText('a'), toText(3), toText(NaN), toText({}), toText(null)]).toEqual(['a', '3', '', '', ''])
})

test('toCount reads numbers and numeric strings', () => {
  expect([toCount(12), toCount('1,500'), toCount('15+'), toCount(''), toCount('x'), toCount(-3), toCount(true), toCount(null)]).toEqual([
    12,
    1500,
    15,
    null,
    null,
    null,
    null,
    null,
  ])
})

test('toFlag is on only for true, "true" and 1', () => {
  expect([toFlag(true), toFlag('true'), toFlag(1), toFlag('yes'), toFlag(0), toFlag(null)]).toEqual([true, true, true, false, false, false])
})

test('100 KB colour strings built to backtrack are answered at once (linear patterns)', () => {
  expect(isCssColor(`rgb(${'1'.repeat(100_000)}`)).toBe(false)
  expect(isCssColor(`rgb(1${' '.repeat(100_000)}x`)).toBe(false)
  expect(isCssColor(`rgb(1,${' ,'.repeat(50_000)}`)).toBe(false)
  expect(isCssColor(`hsl(1.${'1'.repeat(100_000)}.`)).toBe(false)
  expect(isCssColor('rgb(12 34 56)')).toBe(true)
  expect(isCssColor('rgba(12, 34, 56 / 50%)')).toBe(true)
})
