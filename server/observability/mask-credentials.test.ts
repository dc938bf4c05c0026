import { expect, test } from 'vitest'
import { maskCredentials } from './mask-credentials.js'

test('a password in any URL of a message is masked; the rest of the URL stays readable', () => {
  expect(maskCredentials('got "postgres://app:s3cret@db.internal:5432/site data"')).toBe(
    'got "postgres://app:***@db.internal:5432/site data"',
  )
  expect(maskCredentials('SMTP_URL smtps://mailer:p%40ss:word@smtp.example:465 refused')).toBe(
    'SMTP_URL smtps://mailer:***@smtp.example:465 refused',
  )
  expect(maskCredentials('postgres://app@db/site and https://example.com/a:b')).toBe('postgres://app@db/site and https://example.com/a:b')
})

test('a webhook signing secret is masked wherever it appears', () => {
  expect(maskCredentials('secret "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw" is too short')).toBe('secret "whsec_***" is too short')
})
