import { expect, test } from 'vitest'
import { inlinePageIcons, parseSprite } from './page-icons.server.ts'

const SPRITE =
  '<svg xmlns="http://www.w3.org/2000/svg" fill="currentColor"><symbol id="phone" viewBox="0 0 512 512"><path d="M1 1"/></symbol>' +
  '<symbol id="xmark" viewBox="0 0 384 512"><path d="M2 2"/><path d="M3 3"/></symbol><symbol id="star" viewBox="0 0 576 512"><path d="M4 4"/></symbol></svg>\n'
const HREF = '/assets/icon-sprite-Ab1.svg'
const icon = (name: string, href = HREF) =>
  `<svg class="size-4" fill="currentColor" aria-hidden="true"><use href="${href}#${name}"></use></svg>`

test('a sprite is read as its symbols, by icon name', () => {
  const sprite = parseSprite(SPRITE)
  expect([...sprite.keys()]).toEqual(['phone', 'xmark', 'star'])
  expect(sprite.get('xmark')).toBe('<symbol id="xmark" viewBox="0 0 384 512"><path d="M2 2"/><path d="M3 3"/></symbol>')
})

test('the page’s icons point at its own symbols, each used one once, first in the body', () => {
  const html = `<html><head></head><body class="x"><header>${icon('phone')}${icon('xmark')}</header><main>${icon('phone')}</main></body></html>`
  const asked = new Set<string>()
  const inlined = inlinePageIcons(html, (href) => (asked.add(href), parseSprite(SPRITE)))
  expect([...asked]).toEqual([HREF])
  expect(inlined).toBe(
    '<html><head></head><body class="x"><svg hidden="" width="0" height="0" aria-hidden="true">' +
      '<symbol id="icon-phone" viewBox="0 0 512 512"><path d="M1 1"/></symbol>' +
      '<symbol id="icon-xmark" viewBox="0 0 384 512"><path d="M2 2"/><path d="M3 3"/></symbol></svg>' +
      `<header>${icon('phone').replace(`${HREF}#`, '#icon-')}${icon('xmark').replace(`${HREF}#`, '#icon-')}</header>` +
      `<main>${icon('phone').replace(`${HREF}#`, '#icon-')}</main></body></html>`,
  )
})

test('an icon the sprite lacks, or of a sprite that cannot be read, stays a request for the file', () => {
  const html = `<body>${icon('phone')}${icon('unknown')}</body>`
  const inlined = inlinePageIcons(html, () => parseSprite(SPRITE))
  expect(inlined).toContain(icon('unknown'))
  expect(inlined).toContain('<use href="#icon-phone">')
  expect(inlinePageIcons(html, () => undefined)).toBe(html)
  expect(inlinePageIcons(`<body>${icon('unknown')}</body>`, () => parseSprite(SPRITE))).toBe(`<body>${icon('unknown')}</body>`)
  // A second sprite file's icon of the same name cannot take the first one's id.
  const two = inlinePageIcons(`<body>${icon('phone')}${icon('phone', '/assets/other-Cd2.svg')}</body>`, () => parseSprite(SPRITE))
  expect(two).toContain(icon('phone', '/assets/other-Cd2.svg'))
  expect(two.match(/<symbol /g)).toHaveLength(1)
})
