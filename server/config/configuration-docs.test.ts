import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { z } from 'zod'
import { docPages, outsideCode, readPage, root, section, settingRows } from '#tests/markdown-docs.ts'
import { envSchema } from './env.server.ts'

/*
 * docs/configuration.md's table is the list of settings, and it cannot drift from the code. A setting is
 * a variable the tradesite process acts on: every variable the environment parser accepts, every one the
 * server's code reads from the environment itself (LOG_LEVEL), and every `${NAME:-default}` of the
 * `npm start` script. The shipped Caddyfile's and compose file's variables are docs/deploying.md's table.
 * Each is found in the code here, so a setting added anywhere is checked without touching this test.
 */

/** Names the tools set, not settings of ours: Node's and Vite's. */
const NOT_OURS = new Set(['NODE_ENV', 'NODE_OPTIONS', 'DEV', 'PROD', 'SSR', 'MODE', 'BASE_URL'])

const sourceFiles = (dir: string): string[] =>
  readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.posix.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(rel)
    return /\.(ts|tsx|js|mjs)$/.test(entry.name) && !/\.test\./.test(entry.name) ? [rel] : []
  })

/** Every `process.env.NAME` (or `env.NAME`, `source.NAME`, `env['NAME']`) the code under `dirs` reads: by default the server's and the site's. */
function namesReadInCode(dirs = ['server', 'app']): Map<string, string> {
  const found = new Map<string, string>()
  for (const file of dirs.flatMap(sourceFiles)) {
    for (const [, dotted, bracketed] of readFileSync(path.join(root, file), 'utf8').matchAll(
      /\b(?:process\.env|env|source)(?:\.([A-Z][A-Z0-9_]*)\b|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g,
    )) {
      const name = dotted ?? bracketed ?? ''
      if (!NOT_OURS.has(name) && !found.has(name)) found.set(name, file)
    }
  }
  return found
}

/** `${NAME:-default}` in the `npm start` script: the variables it turns into Node's and glibc's settings. */
function startScriptSettings(): Map<string, string> {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
  return new Map([...(scripts.start ?? '').matchAll(/\$\{([A-Z][A-Z0-9_]*):-([^}]*)\}/g)].map(([, name = '', value = '']) => [name, value]))
}

/** The parser's own default of a variable, when it is a plain value a table cell can show. */
function parserDefault(field: z.ZodType): string | undefined {
  if (!(field instanceof z.ZodDefault)) return undefined
  const value: unknown = field.def.defaultValue
  return typeof value === 'number' || typeof value === 'string' ? String(value) : undefined
}

/** The variables of the shipped deploy/ files, with their defaults: Caddy's `{$NAME:default}`, compose's `${NAME…}`. */
function deploySettings(): Map<string, string> {
  const uncommented = (file: string) => readFileSync(path.join(root, file), 'utf8').replace(/^\s*#.*$/gm, '')
  const found = new Map<string, string>()
  for (const [, name = '', value = ''] of uncommented('deploy/Caddyfile').matchAll(/\{\$([A-Z][A-Z0-9_]*)(?::([^}]*))?\}/g))
    found.set(name, value)
  for (const [, name = ''] of uncommented('deploy/compose.yaml').matchAll(/\$\{([A-Z][A-Z0-9_]*)/g))
    if (!found.has(name)) found.set(name, '')
  return found
}

const serverSettings = () => {
  const settings = new Map<string, string | undefined>()
  for (const [name, field] of Object.entries(envSchema.shape)) settings.set(name, parserDefault(field))
  for (const name of namesReadInCode().keys()) if (!settings.has(name)) settings.set(name, undefined)
  for (const [name, value] of startScriptSettings()) settings.set(name, value)
  return settings
}

const configuration = readPage('docs/configuration.md')
const documented = new Map(settingRows(configuration).map((row) => [row.name, row.defaultCell]))

test('every setting the server reads is a row of docs/configuration.md, with the default the code has', () => {
  const settings = serverSettings()
  const where = namesReadInCode()
  const missing = [...settings.keys()].filter((name) => !documented.has(name))
  expect
    .soft(
      missing.map((name) => `${name} (${where.get(name) ?? 'server/config/env.server.ts or package.json'})`),
      'undocumented settings',
    )
    .toEqual([])
  const wrongDefaults = [...settings]
    .filter(
      ([name, value]) => value !== undefined && value !== '' && documented.has(name) && !documented.get(name)?.includes(`\`${value}\``),
    )
    .map(([name, value]) => `${name}: the code's default is \`${value}\`, the page says ${documented.get(name)}`)
  expect(wrongDefaults).toEqual([])
})

test('docs/configuration.md names no setting the server does not read', () => {
  const known = new Set([...serverSettings().keys(), ...deploySettings().keys()])
  expect
    .soft(
      [...documented.keys()].filter((name) => !known.has(name)),
      'rows of settings that do not exist',
    )
    .toEqual([])
  // Prose too: a NAME_LIKE_THIS anywhere in the Settings section is a setting of ours or of the shipped files.
  const named = new Set(outsideCode(section(configuration, 'Settings')).match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+_?(?![\w*])/g))
  expect(
    [...named].filter((name) => !known.has(name)),
    'names on the page that are no setting',
  ).toEqual([])
})

test("the shipped Caddyfile's and compose file's variables are docs/deploying.md's table, with their defaults", () => {
  const server = serverSettings()
  const deploy = [...deploySettings()].filter(([name]) => !server.has(name))
  const rows = new Map(settingRows(readPage('docs/deploying.md')).map((row) => [row.name, row.defaultCell]))
  expect([...rows.keys()].sort()).toEqual(deploy.map(([name]) => name).sort())
  for (const [name, value] of deploy) if (value) expect(rows.get(name), name).toContain(`\`${value}\``)
})

test('every setting has exactly one row in all the docs', () => {
  const rows = docPages().flatMap((page) => settingRows(readPage(page)).map(({ name }) => `${name} in ${page}`))
  const names = rows.map((row) => row.split(' ')[0])
  expect(rows.filter((_, i) => names.indexOf(names[i]) !== i)).toEqual([])
})

// Decision records are history: they name the constants of their day, and are not held to today's code.
test('a NAME_LIKE_THIS in the README and docs/ (outside code and decisions) is a setting, or a variable the tests, benches or scripts read', () => {
  const known = new Set([
    ...serverSettings().keys(),
    ...deploySettings().keys(),
    ...namesReadInCode(['tests', 'e2e', 'bench', 'scripts']).keys(),
    ...NOT_OURS,
  ])
  const pages = docPages().filter((page) => !page.startsWith('docs/decisions/'))
  const unknown = pages.flatMap((page) =>
    [...new Set(outsideCode(readPage(page)).match(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+_?(?![\w*])/g))]
      .filter((name) => !known.has(name))
      .map((name) => `${name} in ${page}`),
  )
  expect(unknown, 'names no code reads').toEqual([])
})
