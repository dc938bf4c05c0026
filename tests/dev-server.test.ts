import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { chromium, type Browser, type Page, type WebSocket } from '@playwright/test'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { contentSecurityPolicy } from '#server/http/security-headers.server.ts'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { startUsing } from '../e2e/visitor.ts'

/**
 * `npm run dev` as a developer runs it (issue 31, decision 031): pages render under the production
 * CSP, an edit to a component reaches an open page by hot reload, and the server stops with a tab
 * open. The dev server runs in a throwaway copy of the checkout, so the edit never touches the
 * sources other tests build from.
 */

const root = path.resolve(import.meta.dirname, '..')
/** What the dev server reads; copied, since the test edits them. */
// docs/webhooks: the published webhook schema, which the console API's OpenAPI document includes.
const SOURCES = [
  'app',
  'server',
  'public',
  'demo',
  'docs/webhooks',
  'package.json',
  'vite.config.ts',
  'react-router.config.ts',
  'tsconfig.json',
]
/** Vite's caches (.vite, .vite-temp, React Router's .vite-child-compiler): the copy makes its own. */
const notLinked = (name: string) => name.startsWith('.vite') || name === '.cache'
/** The component edited: the header's call to action, hydrated on every page. */
const COMPONENT = 'app/layout/site-header.tsx'

/**
 * node_modules hard-linked (under a second): Vite serves only files under its root, so a symlink to
 * the checkout's would be refused (403 for React Router's entry.client.tsx), and a copy is half a
 * gigabyte. Nothing writes into these files; Vite's own cache is left out and made in the copy. The
 * copy lives in the checkout's .tmp/ so the links stay on one filesystem (a /tmp on tmpfs would not
 * take them); should they not, files are copied.
 */
function linkTree(from: string, to: string, skip = (_name: string) => false) {
  fs.mkdirSync(to, { recursive: true })
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (skip(entry.name)) continue
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    if (entry.isDirectory()) linkTree(source, target)
    else if (entry.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(source), target)
    else
      try {
        fs.linkSync(source, target)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error
        fs.copyFileSync(source, target)
      }
  }
}

/** `node server/process/start.js --dev` in `dir`, as `npm run dev` starts it (no NODE_ENV, not Vitest's environment). */
async function startDevServer(dir: string) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => name !== 'NODE_ENV' && !name.startsWith('VITEST')))
  const child = spawn(process.execPath, ['server/process/start.js', '--dev'], {
    cwd: dir,
    // The data folder outside the checkout, where Vite's file watcher does not look.
    env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: path.join(dir, '..', 'data'), DRAIN_SECONDS: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the dev server did not start:\n${output}`)), 90_000)
    child.stdout.on('data', () => {
      const port = /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1]
      if (port) {
        clearTimeout(timer)
        resolve(`http://127.0.0.1:${port}`)
      }
    })
    void exited.then((code) => reject(new Error(`the dev server exited (${code}):\n${output}`)))
  })
  return { url, output: () => output, exited, child }
}

/** The throwaway folder (.tmp/ is ignored by git, ESLint, Prettier and TypeScript): the copy, and the data folder beside it. */
let tmp: string
let dir: string
let dev: Awaited<ReturnType<typeof startDevServer>>
let browser: Browser
let page: Page
/** What the page reported: CSP violations (its own event and Chromium's console line), console errors, Vite's full reloads. */
const seen = { violations: [] as string[], errors: [] as string[], fullReloads: 0, sockets: [] as WebSocket[] }

beforeAll(async () => {
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true })
  tmp = fs.mkdtempSync(path.join(root, '.tmp', 'dev-server-'))
  dir = path.join(tmp, 'checkout')
  for (const name of SOURCES) fs.cpSync(path.join(root, name), path.join(dir, name), { recursive: true })
  linkTree(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), notLinked)
  dev = await startDevServer(dir)
  browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
  page = await browser.newPage()
  // The first visit makes Vite transform every module the page imports, one request each: on a busy
  // 2-core machine that alone has taken over 30 s (Playwright's default), so the bound is generous.
  page.setDefaultTimeout(150_000)
  await page.exposeFunction('reportCspViolation', (text: string) => seen.violations.push(text))
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${e.violatedDirective} ${e.blockedURI}`),
    ),
  )
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    if (/Content Security Policy/i.test(message.text())) seen.violations.push(message.text())
    seen.errors.push(message.text())
  })
  page.on('pageerror', (error) => seen.errors.push(error.message))
  page.on('websocket', (socket) => {
    seen.sockets.push(socket)
    socket.on('framereceived', (frame) => {
      if (String(frame.payload).includes('"type":"full-reload"')) seen.fullReloads++
    })
  })
}, 150_000)

afterAll(async () => {
  await browser?.close()
  if (dev && dev.child.exitCode === null && dev.child.signalCode === null) {
    dev.child.kill('SIGKILL')
    await dev.exited
  }
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true })
})

/** A visit: the page hydrated, the visitor's first key press brought every deferred block's code, the network is quiet. */
async function visit(route: string) {
  await page.goto(dev.url + route)
  await startUsing(page)
  await page.waitForLoadState('networkidle')
}

const hasMarker = () => page.evaluate(() => (window as unknown as { __noReload?: number }).__noReload === 1)

test('pages render under the production CSP, with no violation in the browser', async () => {
  // The first visits also let Vite's dependency optimizer find every package these pages import
  // (it reloads the page when it found new ones), so the hot-reload test below starts from a settled server.
  for (const route of ['/', '/contact', '/gallery'])
    await visit(route).catch((error: unknown) => {
      throw new Error(`${route} never settled; CSP violations: ${seen.violations.join(' | ') || 'none'}`, { cause: error })
    })
  expect(seen.violations).toEqual([])

  // The dev server adds nothing to the policy: the same directives as production, with its page's script hashes.
  const response = await fetch(dev.url + '/')
  const csp = response.headers.get('content-security-policy')!
  const hashes = csp.match(/'sha256-[^']+'/g) ?? []
  expect(hashes.length).toBeGreaterThan(0)
  expect(csp).toBe(contentSecurityPolicy(hashes))
}, 480_000)

test('an edit to a component reaches the open page by hot reload: no reload, no CSP violation, no console error', async () => {
  const cta = page.locator('header a.btn-primary').first()
  // A settled page: one visit during which Vite's dependency optimizer reloaded nothing.
  for (let attempt = 1; ; attempt++) {
    const reloads = seen.fullReloads
    await visit('/')
    if (seen.fullReloads === reloads) break
    if (attempt === 3) throw new Error('the dev server kept reloading the page')
  }
  await page.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 1)) // gone if the page reloads
  const before = (await cta.textContent())!
  seen.violations.length = 0
  seen.errors.length = 0
  seen.fullReloads = 0

  const file = path.join(dir, COMPONENT)
  const source = fs.readFileSync(file, 'utf8')
  const edited = source.replace('{cta.label}', "{cta.label}{' (hot)'}")
  expect(edited).not.toBe(source)
  fs.writeFileSync(file, edited)
  // Longer than the suite's bound: Vite transforms the edited module and the modules it brings again, then the
  // browser fetches them, all on a busy machine.
  await expect.poll(() => cta.textContent(), { timeout: 20_000 }).toBe(`${before} (hot)`)
  fs.writeFileSync(file, source)
  await expect.poll(() => cta.textContent(), { timeout: 20_000 }).toBe(before)

  expect(await hasMarker()).toBe(true)
  expect(seen.fullReloads).toBe(0)
  expect(seen.violations).toEqual([])
  expect(seen.errors).toEqual([])
}, 120_000)

test('Ctrl-C stops the dev server with a tab open (its hot-reload websocket does not hold the listener)', async () => {
  // The open page's Vite client is connected, to the page's own origin.
  const socket = seen.sockets.at(-1)
  expect(socket && !socket.isClosed() && new URL(socket.url()).host).toBe(new URL(dev.url).host)
  dev.child.kill('SIGINT')
  let timer: NodeJS.Timeout | undefined
  const code = await Promise.race([dev.exited, new Promise((resolve) => (timer = setTimeout(resolve, 20_000, 'still running')))])
  clearTimeout(timer)
  expect(code).toBe(0)
  expect(dev.output()).not.toContain('shutdown.cut')
})
