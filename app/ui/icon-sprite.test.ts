import fs from 'node:fs'
import { expect, test } from 'vitest'
import { iconSprite, spriteFile } from '../../scripts/build-icon-sprite.mjs'

test('the committed icon sprite is the one icon-names.json describes (run node scripts/build-icon-sprite.mjs after changing it)', () => {
  expect(fs.readFileSync(spriteFile, 'utf8')).toBe(iconSprite())
})

test('every icon of the sprite is a symbol with its own viewBox and path', () => {
  const sprite = iconSprite({ phone: 'faPhone', facebook: 'faFacebook' })
  expect(sprite).toMatch(/<symbol id="phone" viewBox="0 0 \d+ \d+"><path d="M[^"]+"\/><\/symbol>/)
  expect(sprite).toMatch(/<symbol id="facebook" viewBox/)
  expect(() => iconSprite({ nope: 'faNoSuchIcon' })).toThrow(/nope → faNoSuchIcon/)
})
