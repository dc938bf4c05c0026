import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { buildFileReader, firstPaintInliner } from './first-paint.server.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true })
})

/** A build/client folder with the given files of `assets/`. */
function clientFiles(files: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-paint-'))
  dirs.push(dir)
  fs.mkdirSync(path.join(dir, 'assets'))
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, 'assets', name), text)
  return dir
}

test('a build file is read and parsed once; a file that is not there is undefined', () => {
  const dir = clientFiles({ 'app-X1.css': '.grid{display:grid}' })
  const parsed: string[] = []
  const read = buildFileReader(dir, (text) => (parsed.push(text), text.length))
  expect(read('/assets/app-X1.css')).toBe(19)
  fs.rmSync(path.join(dir, 'assets/app-X1.css'))
  expect(read('/assets/app-X1.css')).toBe(19)
  expect(parsed).toHaveLength(1)
  expect(read('/assets/app-X2.css')).toBeUndefined()
})

test('a page gets its icons’ symbols and its rules, those of the symbols’ markup included', () => {
  const dir = clientFiles({
    'app-X1.css': '[hidden]:where(:not([hidden=until-found])){display:none!important}.size-4{width:1rem}.flex{display:flex}',
    'icon-sprite-Ab1.svg':
      '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="phone" viewBox="0 0 512 512"><path d="M1 1"/></symbol></svg>',
  })
  const html =
    '<html><head><link rel="stylesheet" href="/assets/app-X1.css"/></head><body><svg class="size-4"><use href="/assets/icon-sprite-Ab1.svg#phone"></use></svg></body></html>'
  const page = firstPaintInliner(dir)(html)
  expect(page).toContain('<style>[hidden]:where(:not([hidden=until-found])){display:none!important}.size-4{width:1rem}</style>')
  expect(page).toContain('<body><svg hidden="" width="0" height="0" aria-hidden="true"><symbol id="icon-phone"')
  expect(page).toContain('<use href="#icon-phone">')
})
