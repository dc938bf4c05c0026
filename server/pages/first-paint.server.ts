import fs from 'node:fs'
import path from 'node:path'
import { inlinePageCss, parseStylesheet } from './page-css.server.ts'
import { inlinePageIcons, parseSprite } from './page-icons.server.ts'

/**
 * What a page's first paint needs from the build's files, put in the page (INLINE_PAGE_ASSETS): the
 * icons it draws (page-icons.server.ts), then the stylesheet rules its markup uses (page-css.server.ts).
 */
export function firstPaintInliner(clientFiles: string): (html: string) => string {
  const stylesheet = buildFileReader(clientFiles, parseStylesheet)
  const sprite = buildFileReader(clientFiles, parseSprite)
  return (html) => inlinePageCss(inlinePageIcons(html, sprite), stylesheet)
}

/**
 * A build file of `clientFiles` (build/client) by its URL, read and parsed once; undefined when it is
 * not there. Only URLs the pages name are asked for (their stylesheet, their sprite): the map stays that small.
 */
export function buildFileReader<T>(clientFiles: string, parse: (text: string) => T): (href: string) => T | undefined {
  const parsed = new Map<string, T | undefined>()
  return (href) => {
    if (!parsed.has(href)) {
      const file = path.join(clientFiles, href)
      parsed.set(href, fs.existsSync(file) ? parse(fs.readFileSync(file, 'utf8')) : undefined)
    }
    return parsed.get(href)
  }
}
