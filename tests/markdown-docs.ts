// Reading the README and docs/ as the tests that keep them true need it: pages, table rows, fenced
// blocks and the anchors GitHub makes of headings. Plain string work: the pages are ours and small.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** README.md and every Markdown page under docs/, as paths from the checkout's root. */
export function docPages(): string[] {
  const pages = ['README.md']
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = path.posix.join(dir, entry.name)
      if (entry.isDirectory()) walk(rel)
      else if (entry.name.endsWith('.md')) pages.push(rel)
    }
  }
  walk('docs')
  return pages
}

export const readPage = (rel: string) => readFileSync(path.join(root, rel), 'utf8')

/** The page without its fenced code blocks (a `#` or `|` inside one is code, not a heading or a table). */
export const outsideCode = (text: string) => text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '')

/** A `## heading` section of a page, up to the next `##` heading. */
export function section(text: string, heading: string): string {
  const start = text.indexOf(`\n## ${heading}\n`)
  if (start < 0) throw new Error(`no "## ${heading}" section`)
  const end = text.indexOf('\n## ', start + 1)
  return text.slice(start, end < 0 ? undefined : end)
}

/** Each fenced block: its info string and its lines. */
export function codeBlocks(text: string): { info: string; lines: string[] }[] {
  return [...text.matchAll(/^```([^\n]*)\n([\s\S]*?)^```$/gm)].map(([, info = '', body = '']) => ({
    info: info.trim(),
    lines: body.split('\n').slice(0, -1),
  }))
}

/** The cells of every table row (header and separator rows included), outside code blocks. */
export function tableRows(text: string): string[][] {
  return outsideCode(text)
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((cell) => cell.trim()),
    )
}

/** A row whose first cell is one backticked NAME_LIKE_THIS: a setting's row, as the docs write them. */
export function settingRows(text: string): { name: string; defaultCell: string }[] {
  return tableRows(text).flatMap(([first, second = '']) => {
    const name = /^`([A-Z][A-Z0-9_]*)`$/.exec(first ?? '')?.[1]
    return name ? [{ name, defaultCell: second }] : []
  })
}

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>()
  const result = new Set<string>()
  for (const [, heading = ''] of outsideCode(text).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const base = heading
      .replace(/`|\*\*|\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    result.add(count ? `${base}-${count}` : base)
  }
  return result
}
