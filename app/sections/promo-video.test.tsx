// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { FakeIntersectionObserver, installFakeIntersectionObserver, stubReducedMotion } from '#tests/fake-intersection-observer.ts'
import { PromoVideo } from './promo-video.tsx'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
beforeEach(installFakeIntersectionObserver)
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const ID = 'dQw4w9WgXcQ'
const renderVideo = () => render(<PromoVideo videoId={ID} poster="/demo/images/poster-promo.webp" companyName="Acme" />)

test('shows the poster in a fixed box until the video scrolls into view, then the titled player', () => {
  renderVideo()
  expect(document.querySelector('iframe')).toBeNull()
  const poster = document.querySelector('img')!
  expect(poster.getAttribute('src')).toBe('/demo/images/poster-promo.webp')
  expect([poster.getAttribute('width'), poster.getAttribute('height')]).toEqual(['1280', '720'])
  act(() => FakeIntersectionObserver.enterAll())
  const player = screen.getByTitle('Acme promotional video')
  expect(player.getAttribute('src')).toBe(
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1&mute=1&loop=1&playlist=dQw4w9WgXcQ&controls=0&playsinline=1',
  )
})

test('with reduced motion nothing plays by itself; the play button starts it', () => {
  stubReducedMotion(true)
  renderVideo()
  expect(FakeIntersectionObserver.instances).toHaveLength(0)
  expect(document.querySelector('iframe')).toBeNull()
  fireEvent.click(screen.getByRole('link', { name: 'Play video: Acme promotional video' }))
  expect(screen.getByTitle('Acme promotional video').tagName).toBe('IFRAME')
})

test('without a poster image the YouTube thumbnail stands in', () => {
  render(<PromoVideo videoId={ID} poster="" companyName="" />)
  expect(document.querySelector('img')!.getAttribute('src')).toBe('https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg')
})
