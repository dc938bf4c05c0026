import { expect, test } from 'vitest'
import { classesOf, inlinePageCss, parseStylesheet, requiredClasses, rulesFor } from './page-css.server.ts'

test('a selector requires its classes, unescaped, but none in parentheses or attribute selectors', () => {
  expect(requiredClasses('.flex')).toEqual(['flex'])
  expect(requiredClasses('.md\\:flex')).toEqual(['md:flex'])
  expect(requiredClasses('.group:hover .group-hover\\:underline')).toEqual(['group', 'group-hover:underline'])
  expect(requiredClasses('.\\[\\&_a\\:hover\\]\\:bg-secondary a:hover')).toEqual(['[&_a:hover]:bg-secondary'])
  expect(requiredClasses('.bg-main\\/90')).toEqual(['bg-main/90'])
  expect(requiredClasses('.\\32 xl\\:p-4')).toEqual(['2xl:p-4'])
  expect(requiredClasses('.space-y-4>:not(:last-child,.hidden)')).toEqual(['space-y-4'])
  expect(requiredClasses(':is(:where(.peer):focus-visible~.peer-focus\\:ring) [data-knob]')).toEqual([])
  expect(requiredClasses('[data-state="a.b"].open')).toEqual(['open'])
  expect(requiredClasses('*,:before,::backdrop')).toEqual([])
  // Escapes that name no character read as U+FFFD, as a browser reads them, instead of failing the page.
  expect(requiredClasses('.a\\ffffff .b\\0 .c\\d800')).toEqual(['a\ufffd', 'b\ufffd', 'c\ufffd'])
})

test('the markup’s classes, as React escapes them in attributes', () => {
  const html =
    '<div class="flex  md:grid"><a class="[&amp;_a]:underline [&#x27;x&#x27;]:p-1" href="/">x</a><svg class="size-4"></svg></div>'
  expect([...classesOf(html)]).toEqual(['flex', 'md:grid', '[&_a]:underline', "['x']:p-1", 'size-4'])
})

const SHEET = [
  '/*! a licence */',
  '@layer theme,base;',
  '@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}',
  '@layer components;',
  '@layer utilities{.flex{display:flex}.grid{display:grid}.hidden,.sr-only{display:none}',
  '@media (width>=40rem){.sm\\:grid{display:grid}.sm\\:block{display:block}}',
  '@media print{.print\\:hidden{display:none}}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '@property --tw-x{syntax:"*";inherits:false}',
].join('')

test('only the rules the classes can use, inside the blocks that keep one, and every other at-rule', () => {
  const css = rulesFor(parseStylesheet(SHEET), new Set(['flex', 'sr-only', 'sm:grid']))
  expect(css).toBe(
    [
      '@layer theme,base;',
      '@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}',
      '@layer components;',
      '@layer utilities{.flex{display:flex}.hidden,.sr-only{display:none}',
      '@media (width>=40rem){.sm\\:grid{display:grid}}}',
      '@keyframes spin{to{transform:rotate(1turn)}}',
      '@property --tw-x{syntax:"*";inherits:false}',
    ].join(''),
  )
})

test('the stylesheet link gives way to the rules, disabled; a stylesheet that cannot be read leaves the page as it was', () => {
  const html = '<html><head><link rel="stylesheet" href="/assets/app-X1.css"/></head><body><p class="flex">x</p></body></html>'
  const sheet = parseStylesheet(SHEET)
  const asked: string[] = []
  const inlined = inlinePageCss(html, (href) => (asked.push(href), sheet))
  expect(asked).toEqual(['/assets/app-X1.css'])
  expect(inlined).toContain(
    '<head><style>@layer theme,base;@layer base{*,:before{box-sizing:border-box}html{line-height:1.5}}@layer components;@layer utilities{.flex{display:flex}}@keyframes',
  )
  expect(inlined).toContain('</style><link rel="stylesheet" href="/assets/app-X1.css" disabled=""/></head>')
  expect(inlinePageCss(html, () => undefined)).toBe(html)
  // A rule's text never ends the element early.
  const closing = parseStylesheet('.flex{content:"</style>"}')
  expect(inlinePageCss(html, () => closing).match(/<\/style/gi)).toHaveLength(1)
})
