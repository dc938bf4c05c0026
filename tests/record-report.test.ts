import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import demo from '../demo/record.json'
import { recordReportSchema } from '#app/record/record-report.ts'
import { startFakeProvider } from './fake-provider.ts'
import { pngLogo, startImageHost } from './image-host.ts'
import { hostileRecords } from './records/hostile.ts'
import { mangled } from './records/mangled.ts'
import { handTyped } from './records/typed-by-hand.ts'
import { ensureBuilt, startSite } from './site-server.ts'

const root = path.resolve(import.meta.dirname, '..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'record-report-'))
let host: Awaited<ReturnType<typeof startImageHost>>
let provider: Awaited<ReturnType<typeof startFakeProvider>>
let demoProvider: Awaited<ReturnType<typeof startFakeProvider>>
let sitesFile: string
let site: Awaited<ReturnType<typeof startSite>>
let record: object

/** `npm run record -- …` as a real process: its exit status and output. */
function recordCli(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['PAGE_API_URL', 'PAGE_ID', 'SITES_FILE'].includes(k)))
  const child = spawn(process.execPath, ['server/cli/record.js', ...args], { cwd: root, env: { ...clean, ...env } })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) =>
    child.on('close', (status) => resolve({ status, stdout, stderr })),
  )
}

beforeAll(async () => {
  ensureBuilt()
  host = await startImageHost({ '/ok.png': { type: 'image/png', body: await pngLogo() } })
  // The record typed by hand (its service photo's host does not exist), with one photo that exists and one that answers 404.
  record = { ...handTyped, gallery: [host.url('/ok.png'), host.url('/missing.jpg')] }
  provider = await startFakeProvider({ kind: 'ok', record })
  demoProvider = await startFakeProvider({ kind: 'ok', record: demo })
  // Two sites in one process: each host's /healthz has its own record's counts.
  sitesFile = path.join(tmp, 'sites.json')
  fs.writeFileSync(
    sitesFile,
    JSON.stringify([
      { hosts: ['demo.test'], pageId: 'demo', pageApiUrl: demoProvider.url },
      { hosts: ['hand.test'], pageId: 'hand-typed', pageApiUrl: provider.url },
    ]),
  )
  // The photo host is on this machine: the operator allows it, as it would an internal image host.
  site = await startSite({ SITES_FILE: sitesFile, PAGE_API_URL: provider.url, OUTBOUND_ALLOW_ORIGINS: host.origin })
})
afterAll(async () => {
  await site?.stop()
  await provider?.close()
  await demoProvider?.close()
  await host?.close()
  fs.rmSync(tmp, { recursive: true, force: true })
})

test('the configured site (the embedded demo): everything shown, exit status 0', async () => {
  const { status, stdout } = await recordCli(['check'])
  expect(stdout).toContain('Counts: 0 hidden, 0 refused, 0 colours adjusted, 0 images failed')
  expect(stdout).toContain('ready       /demo/images/logo.webp (dbPrincipal.logo): webp')
  expect(stdout).toContain('Everything the record asks for is shown.')
  expect(status).toBe(0)
})

test('--site from SITES_FILE, --json: exit status 1, the JSON valid against the schema, the 404 photo failed', async () => {
  // A file of its own: the running site reads its sites file again whenever it changes.
  const sitesFile = path.join(tmp, 'cli-sites.json')
  fs.writeFileSync(
    sitesFile,
    JSON.stringify([
      { hosts: ['a.example'], pageId: 'other' },
      { hosts: ['b.example'], pageId: 'hand-typed' },
    ]),
  )
  const { status, stdout } = await recordCli(['check', '--site', 'hand-typed', '--json'], {
    SITES_FILE: sitesFile,
    PAGE_API_URL: provider.url,
    OUTBOUND_ALLOW_ORIGINS: host.origin,
  })
  expect(status).toBe(1)
  const report = recordReportSchema.parse(JSON.parse(stdout))
  expect(report.site).toBe('hand-typed')
  expect(report.counts).toEqual({ hidden: 17, refused: 9, adjusted: 4, imagesFailed: 2 })
  expect(report.images.find((i) => i.url === host.url('/missing.jpg'))).toEqual({
    url: host.url('/missing.jpg'),
    fields: ['gallery[1]'],
    status: 'failed',
    detail: 'HTTP 404',
  })
  expect(report.images.find((i) => i.url === host.url('/ok.png'))).toMatchObject({ status: 'ready', fields: ['gallery[0]'] })
  expect(report.fields.map((f) => f.path)).toContain('dbPrincipal.location[0].url')
})

test('--file with --html: a hostile record is named, refused and escaped; the page runs nothing', async () => {
  const file = path.join(tmp, 'hostile.json')
  const html = path.join(tmp, 'report.html')
  fs.writeFileSync(file, JSON.stringify(hostileRecords(demo)[0]![1]))
  const { status, stdout } = await recordCli(['check', '--file', file, '--html', html, '--no-fetch'])
  expect(status).toBe(1)
  expect(stdout).toContain(
    'styles.mainColor = "red;}</style><script>window.__xss=1</script><style>body{display:none": expected a CSS colour (#hex, rgb(), hsl() or a name); used the theme\'s #1f4e79',
  )
  const page = fs.readFileSync(html, 'utf8')
  expect(page).toContain(`content="default-src 'none'; img-src data:; style-src 'unsafe-inline'"`)
  // Only the record's text is there, as text: no tag or attribute of its own.
  expect(page).not.toMatch(/<script|<svg|<img src=x|<img[^>]*onerror|<style>body/i)
  expect(page).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;')
})

test('--file, a record mangled by hand: every substitution, unknown key and the phone too short to dial, in the JSON, the text and the HTML', async () => {
  const file = path.join(tmp, 'mangled.json')
  const html = path.join(tmp, 'mangled.html')
  fs.writeFileSync(file, JSON.stringify(mangled))
  const json = await recordCli(['check', '--file', file, '--json', '--no-fetch'])
  expect(json.status).toBe(1)
  const report = recordReportSchema.parse(JSON.parse(json.stdout))
  // Each line's path, given and used are spelled out in app/record/record-report.test.ts; here, that all of them reach each rendering.
  expect(report.substituted).toHaveLength(23)
  expect(report.fields.map((f) => f.path)).toEqual(['dbPrincipal.phones[2].phone', 'labels.general'])
  expect(report.unknownKeys.map((u) => u.path)).toEqual(['dbPrincipal.phones[0]', 'dbPrincipal', '(top level)'])

  const { status, stdout } = await recordCli(['check', '--file', file, '--html', html, '--no-fetch'])
  expect(status).toBe(1)
  const page = fs.readFileSync(html, 'utf8')
  const escape = (t: string) =>
    t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;')
  for (const f of [...report.fields, ...report.substituted]) {
    expect(stdout).toContain(`  ${f.path} = ${f.found}: expected ${f.expected}; used ${f.used}`)
    expect(page).toContain(`<td data-label="Field"><code>${escape(f.path)}</code></td>`)
    expect(page).toContain(`<code>${escape(f.found)}</code>`)
  }
  expect(stdout).toContain(
    '  dbPrincipal.phones[2].phone = "555": expected a phone number to dial: 10 digits with the area code, or + and the country code; used the text as typed, with no call link',
  )
  expect(stdout).toContain('  (top level): "_id", "dbServies" (did you mean "dbServices"?), "Gallery" (did you mean "gallery"?)')
  expect(page).toContain(escape('"licenced" (did you mean "licensed"?)'))
})

test('a usage mistake: exit status 2 and the usage line', async () => {
  const { status, stderr } = await recordCli(['check', '--site'])
  expect(status).toBe(2)
  expect(stderr).toContain('usage: npm run record -- check')
})

/** The site's /healthz as one host sees it. */
function healthOf(host: string) {
  const { port } = new URL(site.url)
  return new Promise<{ recordReport: unknown }>((resolve, reject) => {
    http
      .get({ agent: false, host: '127.0.0.1', port, path: '/healthz', headers: { Host: host } }, (res) => {
        let text = ''
        res.setEncoding('utf8').on('data', (d) => (text += d))
        res.on('end', () => resolve(JSON.parse(text)))
      })
      .on('error', reject)
  })
}

test("the site keeps each version's counts: /healthz for its host and one log line once the photos were tried", async () => {
  // Longer than the suite's bound: the counts include the photos that failed, known once each was tried.
  await expect
    .poll(async () => (await healthOf('hand.test')).recordReport, { timeout: 30_000 })
    .toEqual({ hidden: 17, refused: 9, adjusted: 4, imagesFailed: 2 })
  expect((await healthOf('demo.test')).recordReport).toEqual({ hidden: 0, refused: 0, adjusted: 0, imagesFailed: 0 })
  // Once every picture of both sites was tried: the demo's five dozen encodes take a while on a busy machine.
  const reportLine = () => site.logLines().find((line) => line.event === 'record.report' && line.site === 'hand-typed')
  await expect.poll(reportLine, { timeout: 90_000 }).toMatchObject({ hidden: 17, refused: 9, adjusted: 4, imagesFailed: 2 })
  expect(reportLine()!.msg).toMatch(
    /^\[record\] hand-typed: version \w+: 17 hidden, 9 refused, 4 colours adjusted, 2 images failed \(details: npm run record -- check --site hand-typed\)$/,
  )
}, 150_000)
