import { expect, test } from 'vitest'
import { demoSrcSet } from './responsive-image.tsx'

test('a demo photo gets its 600 px variant in the srcset', () => {
  expect(demoSrcSet('/demo/images/deck-1.webp')).toBe('/demo/images/deck-1-600.webp 600w, /demo/images/deck-1.webp 1200w')
})

test.each([
  'https://cdn.example.com/demo/images/deck-1.webp',
  '/demo/images/deck-1.jpg',
  '/demo/images/deck-1-600.webp',
  '/images/deck-1.webp',
  '/demo/images/sub/deck.webp',
  '',
])('no srcset for %s (no known variant)', (src) => {
  expect(demoSrcSet(src)).toBeUndefined()
})
