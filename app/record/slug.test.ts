import { expect, test } from 'vitest'
import { canonicalSlug, findBySlug, specSlug } from './slug.ts'

test('the spec slug lower-cases and replaces only the first space', () => {
  expect(specSlug('Wood Fence Installation')).toBe('wood-fence installation')
  expect(specSlug('Decks')).toBe('decks')
})

test('the canonical slug hyphenates every run of other characters', () => {
  expect(canonicalSlug('Wood Fence Installation')).toBe('wood-fence-installation')
  expect(canonicalSlug('  Gates & Access!  ')).toBe('gates-access')
  expect(canonicalSlug('Patio Café')).toBe('patio-cafe')
  expect(canonicalSlug('%%%')).toBe('')
})

test('findBySlug matches both forms and says which one it was', () => {
  const items = [{ name: 'Deck Building' }, { name: 'Wood Fence Installation' }]
  expect(findBySlug(items, 'wood-fence-installation')).toEqual({ item: items[1], canonical: 'wood-fence-installation', isCanonical: true })
  expect(findBySlug(items, 'wood-fence%20installation')).toEqual({
    item: items[1],
    canonical: 'wood-fence-installation',
    isCanonical: false,
  })
  expect(findBySlug(items, 'wood-fence')).toBeNull()
  expect(findBySlug(items, '%E0%A4%A')).toBeNull()
})
