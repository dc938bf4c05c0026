import { expect, test } from 'vitest'
import { mapRecordImages, recordImageUrls } from './record-images.ts'
import { parsePageRecord } from './schema.ts'

const img = (name: string) => `https://img.example.com/${name}.jpg`

/** One record with a picture in every image field the provider's records have. */
const record = parsePageRecord({
  dbPrincipal: { logo: img('logo'), favicon: img('favicon'), location: [{ address: 'x', url: 'https://maps.example.com/embed' }] },
  dbServices: [{ name: 'Fences', description: [{ text: 't', img: img('service') }] }],
  dbSocialMedia: {
    redes: [{ name: 'fb', url: 'https://facebook.com/x', image: img('social') }],
    directorios: [{ name: 'bbb', url: 'https://bbb.org/x', image: img('directory') }],
  },
  gallery: [img('gallery')],
  stock: [img('stock')],
  landings: [{ name: 'Decks', gallery: [img('landing')] }],
  beforeAfterGall: [{ beforeImg: img('before'), afterImg: img('after') }],
  videosPromo: [{ activo: true, link: 'abc', img: img('poster') }],
  brandingExtra: [{ activo: true, link: 'https://brand.example.com', img: img('branding') }],
  tiposPago: [{ activo: true, img: img('payment') }],
  gmb: { link: 'https://g.page/x', img: img('gmb') },
  linkPostEmail: 'https://relay.example.com/send',
  ytGallery: { linkCanalYT: 'https://youtube.com/@x', links: [] },
})

test('every image field of the record is listed, once, and no link is', () => {
  const names = [
    'logo',
    'favicon',
    'service',
    'social',
    'directory',
    'gallery',
    'stock',
    'landing',
    'before',
    'after',
    'poster',
    'branding',
    'payment',
    'gmb',
  ]
  expect(recordImageUrls(record).sort()).toEqual(names.map(img).sort())
  expect(recordImageUrls(parsePageRecord({ gallery: [img('a'), img('a')], stock: [img('a')] }))).toEqual([img('a')])
})

test('rewriting replaces every image URL and leaves links, texts and the original record alone', () => {
  const local = mapRecordImages(record, (url) => `/local/${url.split('/').pop()}`)
  expect(local.dbPrincipal.logo).toBe('/local/logo.jpg')
  expect(local.landings[0]!.gallery).toEqual(['/local/landing.jpg'])
  expect(local.beforeAfterGall[0]).toEqual({ beforeImg: '/local/before.jpg', afterImg: '/local/after.jpg' })
  expect(local.dbSocialMedia.redes[0]).toMatchObject({ url: record.dbSocialMedia.redes[0]!.url, image: '/local/social.jpg' })
  expect(local.dbPrincipal.location).toEqual(record.dbPrincipal.location)
  expect(local.brandingExtra[0]!.link).toBe(record.brandingExtra[0]!.link)
  expect(local.gmb.link).toBe(record.gmb.link)
  expect(local.linkPostEmail).toBe(record.linkPostEmail)
  expect(local.ytGallery).toEqual(record.ytGallery)
  expect(local.labels).toEqual(record.labels)
  expect(record.dbPrincipal.logo).toBe(img('logo'))
  expect(recordImageUrls(local).every((u) => u.startsWith('/local/'))).toBe(true)
})

test('empty image fields stay empty (no placeholder for a picture the record does not have)', () => {
  const local = mapRecordImages(parsePageRecord({ dbPrincipal: { logo: '' } }), () => '/placeholder')
  expect(local.dbPrincipal.logo).toBe('')
})
