import { expect, test } from 'vitest'
import { absoluteUrl } from './absolute-url.ts'

test.each([
  ['https://acme.example', '/', 'https://acme.example/'],
  ['https://acme.example', '/services/deck-repair', 'https://acme.example/services/deck-repair'],
  ['https://acme.example', '/demo/images/logo.webp', 'https://acme.example/demo/images/logo.webp'],
  ['https://acme.example/', '/sitemap.xml', 'https://acme.example/sitemap.xml'],
  ['http://localhost:3000', '/about', 'http://localhost:3000/about'],
])('%s joined with %s is %s', (siteUrl, path, url) => {
  expect(absoluteUrl(siteUrl, path)).toBe(url)
})

test('absolute URLs, protocol-relative ones and empty values are left as given', () => {
  expect(absoluteUrl('https://acme.example', 'https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png')
  expect(absoluteUrl('https://acme.example', '//cdn.example/logo.png')).toBe('//cdn.example/logo.png')
  expect(absoluteUrl('https://acme.example', '')).toBe('')
})

test('without a site URL a path stays as the record gave it', () => {
  expect(absoluteUrl(undefined, '/images/logo.png')).toBe('/images/logo.png')
  expect(absoluteUrl('', '/images/logo.png')).toBe('/images/logo.png')
})
