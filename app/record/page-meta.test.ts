import { expect, test } from 'vitest'
import { headMeta, metaDescription, pageMeta, pageTitle } from './page-meta.ts'
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

test('the head meta: company name, description and the first gallery photo, else the logo', () => {
  const record = parsePageRecord({ dbPrincipal: { name: ' Acme Fence ', logo: '/logo.webp' }, dbAbout: [{ text: 'Fences since 1999.' }] })
  expect(headMeta(record)).toEqual({ company: 'Acme Fence', description: 'Fences since 1999.', image: '/logo.webp' })
  expect(headMeta(parsePageRecord({ gallery: ['https://img.example/a.jpg'], dbPrincipal: { logo: '/logo.webp' } })).image).toBe(
    'https://img.example/a.jpg',
  )
})

const root = {
  id: 'root',
  pathname: '/',
  loaderData: { siteUrl: 'https://acme.example', head: { meta: { company: 'Acme Fence', description: 'Fences.', image: '/img/a.webp' } } },
}

test('a page names its canonical URL and an absolute preview image', () => {
  expect(pageMeta('About', [root, { id: 'routes/about', pathname: '/about' }])).toEqual([
    { title: 'About | Acme Fence' },
    { name: 'description', content: 'Fences.' },
    { name: 'robots', content: 'index,follow' },
    { tagName: 'link', rel: 'canonical', href: 'https://acme.example/about' },
    { property: 'og:url', content: 'https://acme.example/about' },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: 'About | Acme Fence' },
    { property: 'og:description', content: 'Fences.' },
    { property: 'og:site_name', content: 'Acme Fence' },
    { property: 'og:image', content: 'https://acme.example/img/a.webp' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: 'About | Acme Fence' },
    { name: 'twitter:description', content: 'Fences.' },
  ])
})

test('a failed page (404) is not indexed and names no URL, so every 404 of a route is one page', () => {
  const meta = pageMeta('Page Not Found', [root, { id: 'routes/not-found', pathname: '/nope', error: new Error('404') }])
  expect(meta).toContainEqual({ name: 'robots', content: 'noindex' })
  expect(meta).not.toContainEqual(expect.objectContaining({ rel: 'canonical' }))
  expect(meta).not.toContainEqual(expect.objectContaining({ property: 'og:url' }))
})

test('without a picture the preview card is the small one', () => {
  const meta = pageMeta('About', [
    { ...root, loaderData: { siteUrl: 'https://acme.example', head: { meta: { company: '', description: '', image: '' } } } },
  ])
  expect(meta).toContainEqual({ name: 'twitter:card', content: 'summary' })
  expect(meta).not.toContainEqual(expect.objectContaining({ property: 'og:image' }))
  expect(meta).toContainEqual({ title: 'About' })
})

test('the theme becomes CSS custom properties, hostile values replaced by defaults', () => {
  const css = themeCss(parsePageRecord({ styles: { mainColor: '#010203', btn: 'red}</style><script>' } }).styles)
  expect(css).toContain('--theme-main:#010203')
  expect(css).not.toContain('</style>')
  expect(css).toMatch(/^:root\{[^{}<>]+\}$/)
})
