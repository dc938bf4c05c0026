import { expect, test } from 'vitest'
import { escapeControl, urlForLog } from './log-safe.server.ts'

test('a URL in a log keeps its origin and path, never credentials, query or fragment', () => {
  expect(urlForLog('https://user:secret@relay.example:8443/hook/abc?token=s3cret#x')).toBe('https://relay.example:8443/hook/abc')
  expect(urlForLog('/demo/images/logo.png?v=1')).toBe('/demo/images/logo.png')
  expect(urlForLog('javascript:alert(1)')).toBe('(not a web URL)')
  expect(urlForLog('not a url')).toBe('(not a URL)')
})

test('a line break cannot forge another log line', () => {
  expect(escapeControl('a\nfake [leads] line\r\u2028')).toBe('a\\u000afake [leads] line\\u000d\\u2028')
  expect(urlForLog('/x\n[record] forged')).toBe('/x\\u000a[record] forged')
})
