import { expect, test } from 'vitest'
import { fitToWidth, padToWidth, textWidth } from './terminal-width.ts'

test('a text’s width in terminal columns: graphemes, East Asian wide characters and emoji count as drawn', () => {
  expect(textWidth('Ana Lopez')).toBe(9)
  expect(textWidth('王小明')).toBe(6)
  expect(textWidth('José')).toBe(4) // e + combining accent: one column
  expect(textWidth('Ana 👩‍👩‍👧')).toBe(6) // one family, two columns
  expect(textWidth('🇺🇸')).toBe(2)
  expect(textWidth('ｆｕｌｌ')).toBe(8)
})

test('cells pad and cut by width, never inside a grapheme', () => {
  expect(padToWidth('王小明', 8)).toBe('王小明  ')
  expect(fitToWidth('王小明先生你好', 7)).toBe('王小明…')
  expect(textWidth(fitToWidth('王小明先生你好', 7))).toBe(7)
  expect(fitToWidth('👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧', 5)).toBe('👩‍👩‍👧👩‍👩‍👧…') // 2 + 2 + 1 columns
  expect(fitToWidth('Ana', 5)).toBe('Ana  ')
})
