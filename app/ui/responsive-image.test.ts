import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import {
  IMAGE_PLACEHOLDER,
  coverSizes,
  VEIL_RESOLUTION,
  fallbackSrc,
  localImageSrc,
  parseLocalImage,
  portraitCandidates,
  portraitSource,
  portraitWidth,
  variantCandidates,
  variantWidths,
} from './image-variants.ts'
import { ResponsiveImage } from './responsive-image.tsx'

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

test('a cover picture in a box of fixed shape is drawn wider than its box when the box is proportionally taller', () => {
  const landscape = { width: 1200, height: 800 }
  // A 3:2 photo in a square circle is drawn 1.5 × the circle's width; in a 3:2 box, at the box's width.
  expect(
    coverSizes(
      [
        { media: '(min-width: 1024px)', width: '400px', aspect: 1 },
        { width: '70vw', aspect: 1 },
      ],
      landscape,
    ),
  ).toBe('(min-width: 1024px) 600px, 105vw')
  expect(coverSizes([{ width: '600px', aspect: 3 / 2 }], landscape)).toBe('600px')
  // A portrait photo fills a landscape box by its width: the box's width as it is.
  expect(coverSizes([{ width: '100vw', aspect: 16 / 9 }], { width: 1920, height: 2560 })).toBe('100vw')
  // Anything but plain px or vw is left to the browser to multiply.
  expect(coverSizes([{ width: 'min(100vw - 32px, 448px)', aspect: 1 }], landscape)).toBe('calc(min(100vw - 32px, 448px) * 1.5)')
  expect(coverSizes([{ width: '300px', aspect: 4 / 3 }], { width: 1000, height: 667 })).toBe('338px')
})

test('a cover picture in a box of a given height is drawn as wide as that height asks, or as the box', () => {
  expect(coverSizes([{ width: '100vw', height: '100vh' }], { width: 1200, height: 800 })).toBe('max(100vw, 100vh * 1.5)')
  // The shape is rounded up, never down: a size a hair short could pick a candidate one step too small.
  expect(coverSizes([{ width: '112px', height: '10rem' }], { width: 4032, height: 3024 })).toBe('max(112px, 10rem * 1.334)')
  // A picture seen through a veil asks for its veil's share of that width (never less), which the browser multiplies out.
  for (const veil of ['overlay', 'backdrop'] as const) {
    const veiled = coverSizes([{ width: '100vw', height: '100vh' }], { width: 1200, height: 800 }, veil)
    expect(veiled).toMatch(/^calc\(max\(100vw, 100vh \* 1\.5\) \* 0\.\d+\)$/)
    const share = Number(/\* (0\.\d+)\)$/.exec(veiled)![1])
    expect(share).toBeGreaterThanOrEqual(VEIL_RESOLUTION[veil])
    expect(share).toBeLessThan(VEIL_RESOLUTION[veil] + 0.001)
  }
  // A veiled picture's box that borrows another's to share its file asks for exactly what that one asks for.
  const borrowed = { width: 'calc(100vw - 2rem)', aspect: 3 / 2 }
  expect(coverSizes([{ ...borrowed, unveiled: true }], { width: 1200, height: 800 }, 'overlay')).toBe(
    coverSizes([borrowed], { width: 1200, height: 800 }),
  )
})

test('a landscape or square picture also has a portrait crop, as tall as it; a logo, a badge or a portrait photo has none', () => {
  expect(portraitWidth(1920, 1440)).toBe(960)
  expect(portraitWidth(1200, 800)).toBe(533)
  expect(portraitWidth(1000, 1000)).toBe(667)
  expect(portraitWidth(1920, 2560)).toBeUndefined() // a 3:4 portrait: its crop would be 11 % narrower
  expect(portraitWidth(400, 120)).toBeUndefined() // a crop 90 px wide could not fill a phone
})

test("a picture with a crop says so in its URL's key, and its crop's variants sit beside the others", () => {
  const cropped = { ...photo, portrait: 960 }
  const src = localImageSrc(cropped)
  expect(src).toBe(`/img/${photo.hash}-1920x1440p960/1920.jpg`)
  expect(parseLocalImage(src)).toEqual(cropped)
  expect(portraitCandidates(cropped).at(-1)).toEqual({ src: `/img/${photo.hash}-1920x1440p960/p960.webp`, width: 960 })
  expect(portraitCandidates(photo)).toEqual([])
})

test("the crop serves a phone's screen-wide box taller than the crop's shape, drawn as wide as the box's height asks", () => {
  const hero = { ...photo, width: 1200, height: 800, portrait: 600 } // a 3:4 crop, for round figures
  // The home page's hero, 42rem tall: the crop covers it on any screen up to 31.5rem wide.
  expect(portraitSource([{ width: '100vw', height: '42rem' }], hero)).toEqual({
    media: '(max-width: 31.5rem)',
    sizes: 'max(100vw, 42rem * 0.75)',
  })
  // The crop's own shape, rounded down for the media (past it the crop would be drawn by its width), up for sizes.
  expect(portraitSource([{ width: '100vw', height: '42rem' }], { ...hero, portrait: 533 })).toEqual({
    media: '(max-width: 27.982rem)',
    sizes: 'max(100vw, 42rem * 0.667)',
  })
  // A full-screen backdrop: by the screen's shape; veiled, a share of it.
  const backdrop = portraitSource([{ width: '100vw', height: '100vh' }], hero, 'backdrop')!
  expect(backdrop.media).toBe('(max-aspect-ratio: 3/4)')
  expect(backdrop.sizes).toMatch(/^calc\(max\(100vw, 100vh \* 0\.75\) \* 0\.3\d*\)$/)
  // Only the phone's layout (the last box, without media of its own) counts; wider layouts keep the picture.
  expect(
    portraitSource(
      [
        { media: '(min-width: 1024px)', width: '100vw', height: '18rem' },
        { width: '100vw', height: '30rem' },
      ],
      hero,
    )?.media,
  ).toBe('(max-width: 22.5rem)')
  expect(portraitSource([{ media: '(max-width: 640px)', width: '100vw', height: '40rem' }], hero)).toBeUndefined()
  // No crop, a box of fixed proportions, a box narrower than the screen, or a height a media query cannot state: none.
  expect(portraitSource([{ width: '100vw', height: '42rem' }], { ...hero, portrait: undefined })).toBeUndefined()
  expect(portraitSource([{ width: '100vw', aspect: 1 }], hero)).toBeUndefined()
  expect(portraitSource([{ width: '50vw', height: '42rem' }], hero)).toBeUndefined()
  expect(portraitSource([{ width: '100vw', height: 'min(42rem, 80vh)' }], hero)).toBeUndefined()
})

test("a caller's undefined leaves the picture's own loading and priority, where a value overrides them", () => {
  const src = localImageSrc(photo)
  const img = (props: Record<string, unknown>) =>
    /<img [^>]*>/.exec(renderToStaticMarkup(createElement(ResponsiveImage, { src, alt: '', width: 1920, height: 1440, ...props })))![0]
  expect(img({ priority: true, fetchPriority: undefined, loading: undefined })).toMatch(/loading="eager" fetchPriority="high"/)
  const lazy = img({ fetchPriority: undefined })
  expect(lazy).toMatch(/loading="lazy"/)
  expect(lazy).not.toMatch(/fetchPriority/)
  expect(img({ loading: 'eager', fetchPriority: 'low' })).toMatch(/loading="eager" fetchPriority="low"/)
})
