import { expect, test } from 'vitest'
import { mergePatch } from './merge-patch.ts'

test('a merge patch merges objects, removes keys set to null and replaces arrays and values (RFC 7386)', () => {
  const site = { hosts: ['a.example'], pageId: 'a', leads: { email: ['x@example.com'], webhooks: [] }, timeZone: 'UTC' }
  expect(mergePatch(site, { leads: { email: ['y@example.com'] }, timeZone: null, hosts: ['b.example'] })).toEqual({
    hosts: ['b.example'],
    pageId: 'a',
    leads: { email: ['y@example.com'], webhooks: [] },
  })
  expect(mergePatch(site, ['not', 'an', 'object'])).toEqual(['not', 'an', 'object'])
  expect(mergePatch('text', { a: { b: null, c: 1 } })).toEqual({ a: { c: 1 } })
  expect(site.timeZone).toBe('UTC') // the target is not changed in place
})
