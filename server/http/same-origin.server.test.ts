import { expect, test } from 'vitest'
import { isCrossOriginPost } from './same-origin.server.ts'

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name] })

test('Sec-Fetch-Site decides when the browser sends it', () => {
  expect(isCrossOriginPost(headers({ 'sec-fetch-site': 'same-origin' }), 'https://a.example')).toBe(false)
  expect(isCrossOriginPost(headers({ 'sec-fetch-site': 'none' }), 'https://a.example')).toBe(false)
  expect(isCrossOriginPost(headers({ 'sec-fetch-site': 'same-site' }), 'https://a.example')).toBe(true)
  expect(isCrossOriginPost(headers({ 'sec-fetch-site': 'cross-site', origin: 'https://a.example' }), 'https://a.example')).toBe(true)
})

test('without it, the Origin or else the Referer must be our own origin, scheme and port included', () => {
  expect(isCrossOriginPost(headers({ origin: 'http://a.example:8080' }), 'http://a.example:8080')).toBe(false)
  expect(isCrossOriginPost(headers({ origin: 'https://a.example' }), 'https://a.example')).toBe(false)
  expect(isCrossOriginPost(headers({ origin: 'http://a.example' }), 'https://a.example')).toBe(true)
  expect(isCrossOriginPost(headers({ origin: 'https://evil.example' }), 'https://a.example')).toBe(true)
  expect(isCrossOriginPost(headers({ origin: 'null' }), 'https://a.example')).toBe(true)
  expect(isCrossOriginPost(headers({ referer: 'https://A.example/contact' }), 'https://a.example')).toBe(false)
  expect(isCrossOriginPost(headers({ referer: 'https://b.example/x' }), 'https://a.example')).toBe(true)
  expect(isCrossOriginPost(headers({ origin: 'not a url' }), 'https://a.example')).toBe(true)
})

test('a request with none of these headers is not a browser being tricked', () => {
  expect(isCrossOriginPost(headers({}), 'https://a.example')).toBe(false)
})
