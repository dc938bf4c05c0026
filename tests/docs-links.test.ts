import { existsSync, statSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { anchors, docPages, outsideCode, readPage, root } from '#tests/markdown-docs.ts'

/*
 * Every link from the README or a docs/ page to a file of the repository leads somewhere: the file or
 * folder exists, and its #anchor is a heading of that page. Links to other sites are not followed (the
 * suite runs offline); a link into the repository written as a github.com URL would escape this, so
 * the pages link relatively.
 */

const pages = docPages()

/** `[text](target)` and `![alt](target)`, outside code; reference-style links are not used in these pages. */
const linksOf = (text: string) =>
  [
    ...outsideCode(text)
      .replace(/`[^`\n]*`/g, '')
      .matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g),
  ].map(([, target = '']) => target)

test('the pages are found', () => {
  expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/configuration.md', 'docs/decisions/100-console.md']))
})

test('every relative link and #anchor between the README and the docs resolves', () => {
  const dead: string[] = []
  for (const page of pages) {
    for (const target of linksOf(readPage(page))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue // https:, mailto:: another site's
      const [file, anchor] = target.split('#') as [string, string | undefined]
      const resolved = file ? path.posix.normalize(path.posix.join(path.posix.dirname(page), decodeURI(file))) : page
      const absolute = path.join(root, resolved)
      if (resolved.startsWith('..') || !existsSync(absolute)) dead.push(`${page}: ${target} (no ${resolved})`)
      else if (anchor !== undefined) {
        if (statSync(absolute).isDirectory() || !resolved.endsWith('.md'))
          dead.push(`${page}: ${target} (an anchor into something not a page)`)
        else if (!anchors(readPage(resolved)).has(anchor)) dead.push(`${page}: ${target} (no heading "${anchor}" in ${resolved})`)
      }
    }
  }
  expect(dead).toEqual([])
})

test('every docs page says first who it is for', () => {
  const pagesByReader = pages.filter((page) => /^docs\/[^/]+\.md$/.test(page))
  expect(pagesByReader.filter((page) => !readPage(page).startsWith('For: '))).toEqual([])
})
