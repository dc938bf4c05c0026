import { describe, expect, test } from 'vitest'
import { rateLimitAddress } from './post-guards.server.ts'

describe('rateLimitAddress', () => {
  test('every address of one IPv6 /64 is one client, however it is written', () => {
    const group = rateLimitAddress('2001:db8:85a3:12::1')
    expect(group).toBe('2001:db8:85a3:12::/64')
    for (const spelling of ['2001:db8:85a3:12:ffff:ffff:ffff:ffff', '2001:0db8:85a3:0012:0000:0000:0000:0abc', '2001:DB8:85A3:12::beef'])
      expect(rateLimitAddress(spelling)).toBe(group)
    expect(rateLimitAddress('2001:db8:85a3:13::1')).not.toBe(group) // the next /64 is another client
  })

  test('IPv4 addresses count one by one, written as IPv4 or as IPv6', () => {
    expect(rateLimitAddress('203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitAddress('::ffff:203.0.113.7')).toBe('203.0.113.7')
    expect(rateLimitAddress('203.0.113.8')).not.toBe(rateLimitAddress('203.0.113.7'))
  })

  test('something that is no address is counted as it is', () => {
    expect(rateLimitAddress('unknown')).toBe('unknown')
  })
})
