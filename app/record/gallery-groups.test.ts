import { describe, expect, test } from 'vitest'
import { parsePageRecord } from './schema.ts'
import { DEFAULT_GALLERY_TITLE, beforeAfterPairs, galleryGroups } from './gallery-groups.ts'

const photos = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `/img/${prefix}-${i + 1}.webp`)

describe('galleryGroups', () => {
  test('one group per landing, named after it and linked to its /gallery/{slug} page', () => {
    const record = parsePageRecord({
      landings: [
        { name: 'Cedar Fences', gallery: photos('cedar', 3) },
        { name: 'Custom Decks', gallery: photos('deck', 2) },
      ],
      gallery: photos('general', 4),
      stock: photos('stock', 2),
    })
    expect(galleryGroups(record)).toEqual([
      { name: 'Cedar Fences', images: photos('cedar', 3), href: '/gallery/cedar-fences' },
      { name: 'Custom Decks', images: photos('deck', 2), href: '/gallery/custom-decks' },
    ])
  })

  test('landings without a name or without photos do not count', () => {
    const record = parsePageRecord({
      landings: [
        { name: '', gallery: photos('x', 2) },
        { name: 'Empty', gallery: [] },
        { name: 'Patios', gallery: photos('patio', 1) },
      ],
    })
    expect(galleryGroups(record).map((g) => g.name)).toEqual(['Patios'])
  })

  test('with no landings, the general gallery under the gallery title', () => {
    const record = parsePageRecord({
      gallery: photos('general', 4),
      stock: photos('stock', 2),
      labels: { general: { titleGallery: 'Recent Projects' } },
    })
    expect(galleryGroups(record)).toEqual([{ name: 'Recent Projects', images: photos('general', 4) }])
  })

  test('with an empty gallery too, the stock images under a default title', () => {
    const record = parsePageRecord({ landings: [], gallery: [], stock: photos('stock', 2) })
    expect(galleryGroups(record)).toEqual([{ name: DEFAULT_GALLERY_TITLE, images: photos('stock', 2) }])
  })

  test('nothing at all gives no groups', () => {
    expect(galleryGroups(parsePageRecord({}))).toEqual([])
  })
})

describe('beforeAfterPairs', () => {
  test('keeps only pairs with both photos', () => {
    const record = parsePageRecord({
      beforeAfterGall: [
        { beforeImg: '/a.webp', afterImg: '/b.webp' },
        { beforeImg: '/c.webp', afterImg: '' },
        { beforeImg: 'javascript:alert(1)', afterImg: '/d.webp' },
      ],
    })
    expect(beforeAfterPairs(record)).toEqual([{ beforeImg: '/a.webp', afterImg: '/b.webp' }])
  })
})
