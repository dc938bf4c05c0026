// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react'
import { renderToString } from 'react-dom/server'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { CountUp } from './count-up.tsx'
import { FakeIntersectionObserver, installFakeIntersectionObserver, stubReducedMotion } from '#tests/fake-intersection-observer.ts'

Object.assign(globalThis, { IS_REACT_ACT_ENVIRONMENT: true })

beforeEach(() => {
  installFakeIntersectionObserver()
  vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] })
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const moving = () => document.querySelector('[data-count-up]')!.textContent

test('the server HTML carries the final value (crawlers, no JavaScript)', () => {
  const html = renderToString(<CountUp value={1500} suffix="+" />)
  expect(html).toContain('data-count-up="1,500+"')
  expect(html.match(/1,500\+/g)!.length).toBeGreaterThanOrEqual(3)
  expect(html).not.toMatch(/>0\+</)
})

test('counts up from 0 once in view and lands on the final value after 5 s', () => {
  render(<CountUp value={1500} suffix="+" />)
  expect(moving()).toBe('0+')
  act(() => vi.advanceTimersByTime(6000))
  expect(moving()).toBe('0+') // not in view yet: nothing moves
  act(() => FakeIntersectionObserver.enterAll())
  const shownNumber = () => Number(moving()!.replace(/[,+]/g, ''))
  act(() => vi.advanceTimersByTime(1000))
  const afterOneSecond = shownNumber()
  expect(afterOneSecond).toBeGreaterThan(0)
  expect(afterOneSecond).toBeLessThan(1500 * 0.6) // a fifth of the way through a 5 s run
  act(() => vi.advanceTimersByTime(1500))
  expect(shownNumber()).toBeGreaterThan(afterOneSecond)
  expect(shownNumber()).toBeLessThan(1500)
  act(() => vi.advanceTimersByTime(2600))
  expect(moving()).toBe('1,500+')
})

test('screen readers get only the final value, never the moving digits', () => {
  render(<CountUp value={100} suffix="%" />)
  act(() => FakeIntersectionObserver.enterAll())
  act(() => vi.advanceTimersByTime(1000))
  const readable = [...document.querySelectorAll('span')].filter((s) => !s.closest('[aria-hidden="true"]') && s.children.length === 0)
  expect(readable.map((s) => s.textContent)).toEqual(['100%'])
  expect(screen.getByText('100%', { selector: '.sr-only' })).toBeTruthy()
})

test('with reduced motion the final value shows at once and never animates', () => {
  stubReducedMotion(true)
  render(<CountUp value={1500} suffix="+" />)
  expect(moving()).toBe('1,500+')
  expect(FakeIntersectionObserver.instances).toHaveLength(0)
})
