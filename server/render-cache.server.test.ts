import { expect, test } from 'vitest'
import { createRenderCache } from './render-cache.server.ts'

const a = { nonce: 'nonce-aaaaaaaaaaaaaaaa', csrfToken: 'token-aaaaaaaaaaaaaaaa' }
const b = { nonce: 'nonce-bbbbbbbbbbbbbbbb', csrfToken: 'token-bbbbbbbbbbbbbbbb' }

test('a cached page gets the new response its own nonce and token', () => {
  const cache = createRenderCache()
  cache.set('v1:/', 200, `<script nonce="${a.nonce}"></script><input value="${a.csrfToken}">`, a)
  expect(cache.get('v1:/', b)).toEqual({ status: 200, html: `<script nonce="${b.nonce}"></script><input value="${b.csrfToken}">` })
  expect(cache.get('v2:/', b)).toBeUndefined()
})

test('the least recently used page leaves first', () => {
  const cache = createRenderCache(2)
  cache.set('1', 200, 'one', a)
  cache.set('2', 200, 'two', a)
  cache.get('1', a)
  cache.set('3', 200, 'three', a)
  expect(cache.get('2', a)).toBeUndefined()
  expect(cache.get('1', a)?.html).toBe('one')
  expect(cache.size).toBe(2)
})
