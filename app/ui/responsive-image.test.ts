import { expect, test } from 'vitest'
import { IMAGE_PLACEHOLDER, fallbackSrc, localImageSrc, parseLocalImage, variantCandidates, variantWidths } from './image-variants.ts'

const photo = { hash: 'a'.repeat(32), width: 1920, height: 1440, fallback: 'jpg' } as const

test('a record image becomes its largest variant URL, which names its size and fallback format', () => {
  const src = localImageSrc(photo)
  expect(src).toBe(`/img/${photo.hash}-1920x1440/1920.jpg`)
  expect(parseLocalImage(src)).toEqual(photo)
})

test('widths never exceed the source: a 500 px logo gets the ladder below it plus 500', () => {
  expect(variantWidths(500)).toEqual([160, 240, 320, 400, 480, 500])
  expect(variantWidths(100)).toEqual([100])
  expect(variantWidths(4032)).toContain(1920)
  expect(Math.max(...variantWidths(4032))).toBe(1920)
})

test('browsers without WebP get one fallback, at most 800 px wide (a phone at 2x) or the source itself', () => {
  expect(fallbackSrc(photo)).toBe(`/img/${photo.hash}-1920x1440/800.jpg`)
  expect(fallbackSrc({ ...photo, width: 500, height: 150, fallback: 'png' })).toBe(`/img/${photo.hash}-500x150/500.png`)
  expect(fallbackSrc({ ...photo, width: 100, height: 100 })).toBe(`/img/${photo.hash}-100x100/100.jpg`)
})

test('srcset candidates keep the aspect ratio', () => {
  const candidates = variantCandidates({ ...photo, fallback: 'png' }, 'webp')
  expect(candidates[0]).toEqual({ src: `/img/${photo.hash}-1920x1440/160.webp`, width: 160, height: 120 })
  expect(candidates.every((c) => c.src.endsWith('.webp'))).toBe(true)
})

test.each([
  IMAGE_PLACEHOLDER,
  'https://cdn.example.com/img/x.jpg',
  `/img/${'a'.repeat(31)}-10x10/10.jpg`,
  `/img/${photo.hash}-10x10/10.gif`,
  '/demo/images/deck-1.webp',
  '',
])('%s is not one of our variants', (src) => {
  expect(parseLocalImage(src)).toBeNull()
})
