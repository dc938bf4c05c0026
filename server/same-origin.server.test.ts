import { expect, test } from 'vitest'
import { isCrossOriginPost } from './same-origin.server.ts'

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name] })

test('Sec-Fetch-Site decides when the browser sends it', () => {
  expect(isCrossOriginPost(headers({ 'sec-fetch-site': 'same-origin', host: 'a.example' }))).toBe(false)
  expect(isCrossOriginPost(headers({ 'sec-fetch-site': 'none', host: 'a.example' }))).toBe(false)
  expect(isCrossOriginPost(headers({ 'sec-fetch-site': 'same-site', host: 'a.example' }))).toBe(true)
  expect(isCrossOriginPost(headers({ 'sec-fetch-site': 'cross-site', host: 'a.example', origin: 'https://a.example' }))).toBe(true)
})

test('without it, the Origin or else the Referer must name this host', () => {
  expect(isCrossOriginPost(headers({ host: 'a.example:8080', origin: 'http://a.example:8080' }))).toBe(false)
  expect(isCrossOriginPost(headers({ host: 'a.example', origin: 'https://evil.example' }))).toBe(true)
  expect(isCrossOriginPost(headers({ host: 'a.example', origin: 'null' }))).toBe(true)
  expect(isCrossOriginPost(headers({ host: 'a.example', referer: 'https://A.example/contact' }))).toBe(false)
  expect(isCrossOriginPost(headers({ host: 'a.example', referer: 'https://b.example/x' }))).toBe(true)
})

test('a request with none of these headers is not a browser being tricked', () => {
  expect(isCrossOriginPost(headers({ host: 'a.example' }))).toBe(false)
})
