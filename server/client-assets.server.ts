import fs from 'node:fs'

// The production server bundle lives in build/server/assets/; the browser's files in build/client/.
const clientDir = new URL('../../client/', import.meta.url)
const cache = new Map<string, string | undefined>()

/** The text of a built browser asset ('/assets/app-….css'), read once; undefined when there is none (dev). */
export function clientAssetText(href: string): string | undefined {
  if (!cache.has(href)) {
    let text: string | undefined
    try {
      text = fs.readFileSync(new URL(`.${href}`, clientDir), 'utf8')
    } catch {
      text = undefined
    }
    cache.set(href, text)
  }
  return cache.get(href)
}
