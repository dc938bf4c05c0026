// The README's two pictures, taken as a newcomer would see them: `npm start`'s embedded demo with the
// console on (CONSOLE_PORT), an admin invited by `npm run console -- invite` and signed in with a passkey
// (Chromium's virtual authenticator), a visitor who browsed and asked for an estimate.
//   node scripts/readme-screenshots.mjs [outDir]   (default docs/screenshots/readme; builds first when needed)
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'

const outDir = process.argv[2] ?? 'docs/screenshots/readme'
/**
 * A screenshot as a WebP a README can carry (a tenth of the PNG's bytes, the text still sharp).
 * @param {import('@playwright/test').Page} page
 * @param {string} name
 */
const save = async (page, name) => {
  await sharp(await page.screenshot())
    .webp({ quality: 85 })
    .toFile(path.join(outDir, `${name}.webp`))
  process.stdout.write(`${outDir}/${name}.webp\n`)
}
const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address())
      server.close(() => resolve(port))
    })
  })

const [port, consolePort] = [await freePort(), await freePort()]
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  CONSOLE_PORT: String(consolePort),
  DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'readme-shots-')),
  DRAIN_SECONDS: '0',
}
const server = spawn(process.execPath, ['server/process/start.js'], { env, stdio: ['ignore', 'pipe', 'inherit'] })
await new Promise((resolve, reject) => {
  let output = ''
  server.stdout.on('data', (chunk) => (output += chunk) && /listening on/.test(output) && resolve(undefined))
  server.once('exit', (code) => reject(new Error(`the server exited (${code})`)))
})

const site = `http://localhost:${port}`
const invited = spawnSync(process.execPath, ['server/cli/console.js', 'invite', 'you@agency.example', '--role', 'admin'], {
  env,
  encoding: 'utf8',
})
const invitation = invited.stdout.match(/https?:\/\/\S+\/invitations\/\S+/)?.[0]
if (!invitation) throw new Error(`no invitation link:\n${invited.stdout}${invited.stderr}`)

const browser = await chromium.launch({ executablePath: chromiumPath(), args: chromiumArgs })
try {
  fs.mkdirSync(outDir, { recursive: true })
  const viewport = { width: 1366, height: 800 }

  // A visitor: a few pages (each counted), then an estimate request.
  // A browser's own user agent: headless Chromium's says so, and crawlers are not counted.
  const userAgent = (await browser.newBrowserCDPSession().then((cdp) => cdp.send('Browser.getVersion'))).userAgent.replace('Headless', '')
  const visitor = await browser.newContext({ viewport, userAgent })
  await visitor.addInitScript(() => sessionStorage.setItem('tradesite:estimate-modal-seen', '1'))
  await visitor.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => route.abort())
  const page = await visitor.newPage()
  for (const route of ['/services', '/gallery', '/contact', '/']) {
    await page.goto(site + route, { waitUntil: 'networkidle' })
    await page.keyboard.press('Shift') // the first key starts the page's script, which counts the view
    await page.waitForSelector('html[data-hydrated]')
  }
  await page.waitForLoadState('networkidle')
  await save(page, 'site-home')
  const lead = await visitor.request.post(`${site}/contact`, {
    form: {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'grace@example.com',
      phone: '303-555-0199',
      address: '7 Compiler Court',
      service: 'Deck Building',
      contactWays: 'phone',
      message: 'A composite deck, 12 × 16 ft.',
    },
    headers: { Origin: site, 'Sec-Fetch-Site': 'same-origin' },
    maxRedirects: 0,
  })
  if (lead.status() >= 400) throw new Error(`the estimate request was refused: ${lead.status()}`)

  // The agency's admin: the invitation, a passkey, the Sites page.
  const admin = await browser.newContext({ viewport: { width: 1366, height: 560 } })
  const consolePage = await admin.newPage()
  const cdp = await admin.newCDPSession(consolePage)
  await cdp.send('WebAuthn.enable')
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  })
  await consolePage.goto(invitation)
  await consolePage.getByLabel('Name this passkey').fill('Work laptop')
  await consolePage.getByRole('button', { name: 'Create your passkey' }).click()
  await consolePage.waitForURL('**/sites')
  await save(consolePage, 'console-sites')
} finally {
  await browser.close()
  const exited = new Promise((resolve) => server.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
  fs.rmSync(env.DATA_DIR, { recursive: true, force: true })
}
