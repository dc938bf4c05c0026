import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeAll, expect, test, vi } from 'vitest'
import { codeBlocks, docPages, readPage, root } from '#tests/markdown-docs.ts'

/*
 * Each command's usage is written once, in its module, and printed by `--help` and after a wrong option.
 * The docs show it as a block that starts with the command line:
 *
 *   $ npm run leads -- --help
 *   usage: npm run leads -- …
 *
 * and this test holds every such block to what the command prints. The commands are package.json's scripts
 * that run `node server/cli/NAME.js`, whose `main` is in server/cli/NAME-cli.ts: a new one is checked too.
 */

const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
const commands = Object.entries(scripts).flatMap(([script, line]) => {
  const name = /^node server\/cli\/([\w-]+)\.js$/.exec(line)?.[1]
  return name ? [{ script, module: `./${name}-cli.ts` }] : []
})

type Main = (argv: string[], env: NodeJS.ProcessEnv, write: (s: string) => void) => Promise<number>

const mains = new Map<string, Main>()
// Loading a command loads what it runs (sharp, the storage…): seconds on a busy machine, outside the tests' own bound.
beforeAll(async () => {
  for (const { module } of commands) mains.set(module, ((await import(/* @vite-ignore */ module)) as { main: Main }).main)
}, 60_000)

async function printedHelp(module: string): Promise<{ code: number; text: string }> {
  const main = mains.get(module)!
  let text = ''
  const stdout = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((text += String(chunk)), true))
  const code = await main(['--help'], {}, (s) => void (text += s))
  stdout.mockRestore()
  return { code, text }
}

/** Every `$ npm run NAME -- --help` block in the README and docs/: where it is and the text under it. */
const helpBlocks = docPages().flatMap((page) =>
  codeBlocks(readPage(page)).flatMap(({ lines: [first, ...rest] }) => {
    const script = /^\$ npm run ([\w:-]+) -- --help$/.exec(first ?? '')?.[1]
    return script ? [{ page, script, text: rest.map((line) => `${line}\n`).join('') }] : []
  }),
)

afterEach(() => void vi.restoreAllMocks())

test('the commands are found', () => {
  expect(commands.map(({ script }) => script)).toEqual(expect.arrayContaining(['leads', 'record', 'results', 'console']))
})

test.each(commands)('npm run $script -- --help prints its usage, exits 0, and the docs show exactly that', async ({ script, module }) => {
  const { code, text } = await printedHelp(module)
  expect(code).toBe(0)
  expect(text).toMatch(new RegExp(`^usage: npm run ${script} `))
  const shown = helpBlocks.filter((block) => block.script === script)
  expect(shown.length, `no "$ npm run ${script} -- --help" block in docs/`).toBeGreaterThan(0)
  for (const block of shown) expect(block.text, `the usage shown in ${block.page}`).toBe(text)
})

test('no docs page shows the help of a command that does not exist', () => {
  const names = new Set(commands.map(({ script }) => script))
  expect(helpBlocks.filter(({ script }) => !names.has(script)).map(({ page, script }) => `${script} in ${page}`)).toEqual([])
})
