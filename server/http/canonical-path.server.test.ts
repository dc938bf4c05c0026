import { expect, test } from 'vitest'
import { canonicalPath } from './canonical-path.server.ts'

test('every spelling of a page becomes one path', () => {
  for (const spelling of [
    '/about',
    '/About',
    '/ABOUT/',
    '//about',
    '/about//',
    '/%61bout',
    '/%61%62out',
    '/x/../about',
    '/./about',
    '/../about',
  ])
    expect(canonicalPath(spelling), spelling).toBe('/about')
  expect(canonicalPath('/')).toBe('/')
  expect(canonicalPath('//')).toBe('/')
  expect(canonicalPath('/Gallery//Backyard-Fence/')).toBe('/gallery/backyard-fence')
})

test('escapes of reserved and non-ASCII characters stay escaped, in upper case', () => {
  expect(canonicalPath('/deck-%26%20patio')).toBe('/deck-%26%20patio')
  expect(canonicalPath('/concreto-%c3%b1')).toBe('/concreto-%C3%B1')
  expect(canonicalPath('/a%2fb')).toBe('/a%2Fb')
})

test("a file's name keeps its case (hashed chunks, the dev server's dependencies); a page's does not", () => {
  expect(canonicalPath('/assets/entry.client-B3xYz9.js')).toBe('/assets/entry.client-B3xYz9.js')
  expect(canonicalPath('/assets//shell-Ab.js')).toBe('/assets/shell-Ab.js')
  expect(canonicalPath('/node_modules/.vite/deps/react-4hkZzRew.js')).toBe('/node_modules/.vite/deps/react-4hkZzRew.js')
  expect(canonicalPath('/Gallery/Cedar')).toBe('/gallery/cedar')
})

test('what is not a path is refused', () => {
  for (const bad of ['about', '/%zz', '/%4', '/a%00b', '/a%0Ab', '/a\nb', '/a b', '*'])
    expect(canonicalPath(bad), JSON.stringify(bad)).toBeNull()
})

test('100 KB of slashes, dots or escapes is handled in linear time', () => {
  expect(canonicalPath('/'.repeat(100_000))).toBe('/')
  expect(canonicalPath('/..'.repeat(33_000))).toBe('/')
  expect(canonicalPath(`/${'%61'.repeat(33_000)}`)).toBe(`/${'a'.repeat(33_000)}`)
  expect(canonicalPath(`/${'%'.repeat(100_000)}`)).toBeNull()
})
