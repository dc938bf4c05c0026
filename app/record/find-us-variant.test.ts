import { describe, expect, test } from 'vitest'
import { parsePageRecord } from './schema.ts'
import { findUsVariant, linkableEntries } from './find-us-variant.ts'

describe('findUsVariant', () => {
  test('plain buttons when the record has no pictures for its links', () => {
    const record = parsePageRecord({
      gmb: { link: 'https://g.page/x' },
      dbSocialMedia: {
        directorios: [{ name: 'Angi', url: 'https://angi.com/x' }],
        redes: [{ name: 'Facebook', url: 'https://facebook.com/x', icon: 'facebook' }],
      },
    })
    expect(findUsVariant(record)).toBe('buttons')
  })

  test.each([
    ['the business profile', { gmb: { link: 'https://g.page/x', img: '/gmb.webp' } }],
    ['a directory', { dbSocialMedia: { directorios: [{ name: 'Angi', url: 'https://angi.com/x', image: '/angi.webp' }] } }],
    ['a social network', { dbSocialMedia: { redes: [{ name: 'Yelp', url: 'https://yelp.com/x', image: '/yelp.webp' }] } }],
  ])('the picture variant when %s has a picture', (_, raw) => {
    expect(findUsVariant(parsePageRecord(raw))).toBe('images')
  })

  test('a picture without a link to put it on does not count', () => {
    expect(
      findUsVariant(parsePageRecord({ gmb: { img: '/gmb.webp' }, dbSocialMedia: { directorios: [{ name: 'Angi', image: '/a.webp' }] } })),
    ).toBe('buttons')
  })
})

test('linkableEntries drops entries without a URL and names nameless ones by their host', () => {
  const record = parsePageRecord({
    dbSocialMedia: {
      directorios: [{ name: '', url: 'https://www.bbb.org/x' }, { name: 'No link' }, { name: 'Angi', url: 'https://angi.com' }],
    },
  })
  expect(linkableEntries(record.dbSocialMedia.directorios).map((e) => e.label)).toEqual(['bbb.org', 'Angi'])
})
