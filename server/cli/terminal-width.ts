/**
 * How many terminal columns a text takes, for the CLIs' tables: one per grapheme (a letter with its
 * accents, a flag, a family emoji are one), two for East Asian wide and fullwidth characters and for
 * emoji drawn as pictures. Names in Chinese or with emoji line up with the rest.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/** East Asian Wide (W) and Fullwidth (F) blocks (Unicode's EastAsianWidth.txt, in ranges). */
const WIDE: [number, number][] = [
  [0x1100, 0x115f],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x1f200, 0x1f2ff],
  [0x20000, 0x3fffd],
]
const EMOJI = /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u

function graphemeWidth(grapheme: string): number {
  if (EMOJI.test(grapheme)) return 2
  const code = grapheme.codePointAt(0)!
  if (code < 0x20 || /^\p{Mn}+$/u.test(grapheme)) return 0
  return WIDE.some(([from, to]) => code >= from && code <= to) ? 2 : 1
}

const graphemes = (text: string) => Array.from(segmenter.segment(text), (s) => s.segment)

export const textWidth = (text: string) => graphemes(text).reduce((n, g) => n + graphemeWidth(g), 0)

/** The text padded with spaces to `width` columns. */
export const padToWidth = (text: string, width: number) => text + ' '.repeat(Math.max(0, width - textWidth(text)))

/** The text in at most `width` columns: cut at a grapheme, with "…", then padded. */
export function fitToWidth(text: string, width: number): string {
  if (textWidth(text) <= width) return padToWidth(text, width)
  let out = ''
  for (const g of graphemes(text)) {
    if (textWidth(out) + graphemeWidth(g) > width - 1) break
    out += g
  }
  return padToWidth(`${out}…`, width)
}
