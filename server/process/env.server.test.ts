import { expect, test } from 'vitest'
import os from 'node:os'
import { originName, parseEnv } from './env.server.ts'

test('OUTBOUND_ALLOW_ORIGINS keeps the origin of each listed URL; RECORD_MAX_MB defaults to 5', () => {
  const env = parseEnv({ OUTBOUND_ALLOW_ORIGINS: ' http://10.0.0.5:8025/relay , https://images.internal ' })
  expect(env.OUTBOUND_ALLOW_ORIGINS).toEqual(['http://10.0.0.5:8025', 'https://images.internal'])
  expect(env.RECORD_MAX_MB).toBe(5)
  expect(parseEnv({}).OUTBOUND_ALLOW_ORIGINS).toEqual([])
})

test('a non-http origin or a bad cap stops the start with the variable named', () => {
  expect(() => parseEnv({ OUTBOUND_ALLOW_ORIGINS: 'http://ok.internal,file:///etc', RECORD_MAX_MB: '0' })).toThrow(
    /OUTBOUND_ALLOW_ORIGINS[\s\S]*RECORD_MAX_MB|RECORD_MAX_MB[\s\S]*OUTBOUND_ALLOW_ORIGINS/,
  )
})

test('an origin is named by ORIGIN_NAME, else by this machine and its port (its process id when the port is random)', () => {
  expect(originName(parseEnv({ ORIGIN_NAME: ' origin-1 ' }))).toBe('origin-1')
  expect(originName(parseEnv({ PORT: '3001' }))).toBe(`${os.hostname()}:3001`)
  expect(originName(parseEnv({ PORT: '0' }))).toBe(`${os.hostname()}:pid${process.pid}`)
})
