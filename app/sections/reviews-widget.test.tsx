// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { FakeIntersectionObserver, installFakeIntersectionObserver } from '#tests/fake-intersection-observer.ts'
import { HomeReviews } from './home-reviews.tsx'
import { ELFSIGHT_PLATFORM_SRC, ReviewsWidget } from './reviews-widget.tsx'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })
beforeEach(installFakeIntersectionObserver)
afterEach(() => {
  cleanup()
  document.querySelectorAll('script').forEach((s) => s.remove())
  vi.unstubAllGlobals()
})

const platformScripts = () => document.querySelectorAll(`script[src="${ELFSIGHT_PLATFORM_SRC}"]`)

test('renders the widget element with the record’s class name', () => {
  render(<ReviewsWidget widgetClass="elfsight-app-1234" />)
  expect(document.querySelector('.elfsight-app-1234')).not.toBeNull()
})

test('loads the platform script only when the widget nears the view, and only once', () => {
  render(
    <>
      <ReviewsWidget widgetClass="elfsight-app-1" />
      <ReviewsWidget widgetClass="elfsight-app-2" />
    </>,
  )
  expect(platformScripts()).toHaveLength(0)
  act(() => FakeIntersectionObserver.enterAll())
  expect(platformScripts()).toHaveLength(1)
})

test('a hostile class name stays an attribute value', () => {
  render(<ReviewsWidget widgetClass={'x" onload="alert(1)'} />)
  expect(document.querySelector('[onload]')).toBeNull()
})

test('the home reviews block has a heading and the widget, and nothing without a widget', () => {
  const { rerender } = render(<HomeReviews title="" widgetClass="elfsight-app-9" />)
  expect(document.querySelector('h2')!.textContent).toBe('What Our Customers Say')
  expect(document.querySelector('.elfsight-app-9')).not.toBeNull()
  rerender(<HomeReviews title="Reviews" widgetClass="" />)
  expect(document.querySelector('section')).toBeNull()
})
