import { expect, test } from 'vitest'
import { brandingBlock, homeReviewsWidget, homeTexts, imageAt, promoVideo, recordImages } from './home-content.ts'
import { parsePageRecord } from './schema.ts'

const video = (entries: unknown[]) => promoVideo(parsePageRecord({ videosPromo: entries }))

test('the promo video shows only when the FIRST videosPromo entry is active', () => {
  const on = { activo: true, link: 'https://youtu.be/dQw4w9WgXcQ', img: '/demo/images/poster-promo.webp' }
  const off = { ...on, activo: false }
  expect(video([on])).toEqual({ videoId: 'dQw4w9WgXcQ', poster: '/demo/images/poster-promo.webp' })
  expect(video([off, on])).toBeNull()
  expect(video([])).toBeNull()
  expect(video([{ activo: true, link: 'https://example.com/not-a-video' }])).toBeNull()
})

test('the branding block shows only when the FIRST brandingExtra entry is active, titled from the labels', () => {
  const on = { activo: true, link: 'https://example.com', img: 'https://example.com/logos.png' }
  expect(brandingBlock(parsePageRecord({ brandingExtra: [on] }))).toEqual({
    link: 'https://example.com/',
    img: on.img,
    title: 'Brands We Trust',
  })
  expect(brandingBlock(parsePageRecord({ brandingExtra: [on], labels: { general: { titleBranding: 'Our Partners' } } }))?.title).toBe(
    'Our Partners',
  )
  expect(brandingBlock(parsePageRecord({ brandingExtra: [{ ...on, activo: false }, on] }))).toBeNull()
})

test('home texts: first slogan and first home text, with fallbacks', () => {
  const record = parsePageRecord({
    dbSlogan: [{ slogan: 'Built right' }],
    dbHome: [{ text: 'Hero' }, { text: 'Circles' }],
    dbAbout: [{ text: 'A0' }, { text: 'A1' }],
  })
  expect(homeTexts(record)).toEqual({ slogan: 'Built right', heroText: 'Hero', circlesText: 'Circles' })
  expect(homeTexts(parsePageRecord({ dbPrincipal: { name: 'Acme' }, dbAbout: [{ text: 'A0' }, { text: 'A1' }] }))).toEqual({
    slogan: 'Acme',
    heroText: '',
    circlesText: 'A1',
  })
})

test('record images: gallery first, then service and landing pictures, then stock, without repeats; imageAt wraps', () => {
  const record = parsePageRecord({
    gallery: ['/g1.webp'],
    dbServices: [{ name: 'S', description: [{ img: '/s1.webp' }, { img: '/g1.webp' }] }],
    landings: [{ name: 'L', gallery: ['/l1.webp'] }],
    stock: ['/st.webp'],
  })
  expect(recordImages(record)).toEqual(['/g1.webp', '/s1.webp', '/l1.webp', '/st.webp'])
  expect(imageAt(record, 5)).toBe('/s1.webp')
  expect(imageAt(parsePageRecord({}), 2)).toBe('')
})

test('the home reviews block shows only when reviews.isHomeOnly is set (and names a widget)', () => {
  const reviews = (r: unknown) => homeReviewsWidget(parsePageRecord({ reviews: r }))
  expect(reviews({ activo: true, isHomeOnly: true, links: ['elfsight-app-1'] })).toBe('elfsight-app-1')
  expect(reviews({ activo: true, isHomeOnly: false, links: ['elfsight-app-1'] })).toBeNull()
  expect(reviews({ activo: true, isHomeOnly: true, links: [] })).toBeNull()
})
