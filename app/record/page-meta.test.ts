import { expect, test } from 'vitest'
import { metaDescription, pageTitle } from './page-meta.ts'
import { parsePageRecord } from './schema.ts'
import { themeCss } from './theme.ts'

test('page titles read "{page} | {company name}"', () => {
  expect(pageTitle('About', parsePageRecord({ dbPrincipal: { name: 'Acme Fence' } }).dbPrincipal.name)).toBe('About | Acme Fence')
  expect(pageTitle('About', parsePageRecord({}).dbPrincipal.name)).toBe('About')
})

test('the meta description is the first 150 characters of the first about text', () => {
  const text = 'x'.repeat(149) + 'yz' + 'more'
  expect(metaDescription(parsePageRecord({ dbAbout: [{ text }, { text: 'second' }] }))).toBe('x'.repeat(149) + 'y')
  expect(metaDescription(undefined)).toBe('')
})

test('the theme becomes CSS custom properties, hostile values replaced by defaults', () => {
  const css = themeCss(parsePageRecord({ styles: { mainColor: '#010203', btn: 'red}</style><script>' } }).styles)
  expect(css).toContain('--theme-main:#010203')
  expect(css).not.toContain('</style>')
  expect(css).toMatch(/^:root\{[^{}<>]+\}$/)
})
