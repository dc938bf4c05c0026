// A month of a contractor's website, as issue 37 is accepted: two sites in one SITES_FILE (one in Los Angeles,
// one in Chicago, in Spanish), every day of November 2026 lived by the real server with its clock set to that
// day (libfaketime), generated visitors through the real endpoints (the beacon, the estimate form) from Google
// ads, Facebook in four spellings, Nextdoor, Yelp and typed addresses, and an attack on the sources (made-up
// referrers from one visitor and from hundreds). Then December 1, 08:01 in Los Angeles: the server sends each
// contractor last month's report through a real SMTP server on loopback, once (started again, it sends
// nothing more). Prints each site's figures and which campaign brought the estimate requests; writes the
// emails, the share link's page and their screenshots (390 and 1366 px) to bench/results/results-month/.
//   npm run bench:results            BENCH_VISITORS (24 a day a site at most), BENCH_ATTACKERS (300)
import { execFile } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { chromium } from '@playwright/test'
import { runnerImport } from 'vite'
import { chromiumArgs, chromiumPath } from '../e2e/chromium.js'
import { ensureBuild, root } from '../server/process/ensure-build.js'

const VISITORS = Number(process.env.BENCH_VISITORS ?? 24)
const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 300)
const out = path.join(root, 'bench/results/results-month')
fs.mkdirSync(out, { recursive: true })

ensureBuild()
// The tests' own helpers: the server as a process, a real SMTP server, the clock set with libfaketime, a valid lead.
/** @param {string} file */
const load = async (file) => (await runnerImport(path.join(root, file), { configFile: false, logLevel: 'silent' })).module
const [{ startSite }, { startFakeSmtp }, { fakeTimeEnv }, { validLead }] = await Promise.all(
  ['tests/site-server.ts', 'tests/fake-smtp.ts', 'tests/faketime.ts', 'tests/contact-post.ts'].map(load),
)

/** @typedef {Awaited<ReturnType<typeof import('../tests/site-server.ts').startSite>>} Site */
/** @typedef {import('../server/results/results-report.ts').ResultsReport} Report */
/** @typedef {{ ip: string, ua: string }} Visitor */

// The provider: the demo's record, made each contractor's own (name, colours, language).
const demo = JSON.parse(fs.readFileSync(path.join(root, 'demo/record.json'), 'utf8'))
/** @type {Record<string, unknown>} */
const records = {
  ironwood: {
    ...demo,
    dbPrincipal: { ...demo.dbPrincipal, name: 'Ironwood Fence & Deck' },
    styles: { ...demo.styles, mainColor: '#24573a' },
  },
  cumbre: {
    ...demo,
    dbPrincipal: { ...demo.dbPrincipal, name: 'Cumbre Concreto y Patios' },
    styles: { ...demo.styles, mainColor: '#7c2d12' },
    labels: { ...demo.labels, formLabel: { ...demo.labels.formLabel, isenglish: false } },
  },
}
const provider = http.createServer((req, res) => {
  const id = /^\/api\/paginas\/([\w-]+)$/.exec(req.url ?? '')?.[1]
  const record = id ? records[id] : undefined
  res.writeHead(record ? 200 : 404, { 'Content-Type': 'application/json' }).end(JSON.stringify(record ?? {}))
})
await /** @type {Promise<void>} */ (new Promise((resolve) => provider.listen(0, '127.0.0.1', () => resolve())))
const smtp = await startFakeSmtp()

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-results-month-'))
const sitesFile = path.join(dir, 'sites.json')
const sites = [
  { id: 'ironwood', host: 'ironwood.test', timeZone: 'America/Los_Angeles', email: ['owner@ironwood.test'] },
  { id: 'cumbre', host: 'cumbre.test', timeZone: 'America/Chicago', email: ['duena@cumbre.test', 'oficina@cumbre.test'] },
]
fs.writeFileSync(
  sitesFile,
  JSON.stringify(
    sites.map((s) => ({ hosts: [s.host], pageId: s.id, siteUrl: `https://${s.host}`, timeZone: s.timeZone, reports: { email: s.email } })),
  ),
)
const env = {
  SITES_FILE: sitesFile,
  PAGE_API_URL: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (provider.address()).port}/api`,
  TRUST_PROXY: '127.0.0.1',
  SMTP_URL: smtp.url,
  MAIL_FROM: 'Agency Reports <reports@agency.test>',
  LOG_LEVEL: 'debug',
}
const dataDir = path.join(dir, 'data')

// A seeded generator: the same month every run.
let seed = 37
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31
/** @template T @param {[number, T][]} weighted @returns {T} */
const pick = (weighted) => {
  let r = random() * weighted.reduce((n, [w]) => n + w, 0)
  return /** @type {[number, T]} */ (weighted.find(([w]) => (r -= w) < 0) ?? weighted.at(-1))[1]
}
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36'
const DESKTOP = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36'
/** Where a visitor comes from: a referrer's host (empty: typed) and the landing address's query. */
/** @type {[number, [string, string]][]} */
const ARRIVALS = [
  [25, ['www.google.com', '?utm_source=google&utm_medium=cpc&utm_campaign=fall-fences']],
  [22, ['www.google.com', '']],
  [18, ['', '']],
  [5, ['l.facebook.com', '?utm_source=facebook&utm_medium=paid&utm_campaign=spring-decks']],
  [5, ['m.facebook.com', '?utm_source=facebook&utm_medium=paid&utm_campaign=spring-decks']],
  [3, ['lm.facebook.com', '']],
  [2, ['facebook.com', '']],
  [8, ['nextdoor.com', '']],
  [7, ['m.yelp.com', '']],
  [3, ['www.bing.com', '']],
  [2, ['google.co.uk', '']],
]
const PAGES = ['/services', '/gallery', '/reviews', '/contact', '/about']

let requests = 0
let visitorNumber = 0
/**
 * One visitor's visit: a view from where it came, a second page perhaps, taps, a form started, an estimate request sent.
 * @param {Site} site @param {string} host @param {{ referrer: string, query: string, device: 'phone' | 'desktop' }} arrival
 */
async function visit(site, host, { referrer, query, device }) {
  const n = ++visitorNumber
  const who = { ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, ua: `${device === 'phone' ? PHONE : DESKTOP} v${n}` }
  /** @param {object} event */
  const beacon = (event) => send(site, host, '/api/results', JSON.stringify(event), 'text/plain', who)
  await beacon({ a: 'view', p: '/', r: referrer, q: query })
  const page = PAGES[Math.floor(random() * PAGES.length)]
  if (random() < 0.55) await beacon({ a: 'view', p: page, r: host })
  if (random() < 0.18) await beacon({ a: 'phone', p: page })
  if (random() < 0.05) await beacon({ a: 'chat', p: page })
  if (random() < 0.05) await beacon({ a: 'map', p: page })
  if (random() < 0.22) {
    await beacon({ a: 'form', p: page, f: 'modal' })
    if (random() < 0.55) {
      const form = new URLSearchParams({
        ...validLead,
        service: 'Deck Building',
        contactWays: 'phone',
        place: 'modal',
        submissionId: `bench-${n}-lead-0001`,
      })
      await send(site, host, '/contact', form.toString(), 'application/x-www-form-urlencoded', who)
    }
  }
}
/** @param {Site} site @param {string} host @param {string} pathname @param {string} body @param {string} type @param {Visitor} visitor */
async function send(site, host, pathname, body, type, { ip, ua }) {
  requests++
  const answer = await site.request(host, pathname, {
    method: 'POST',
    body,
    headers: { 'Content-Type': type, 'Sec-Fetch-Site': 'same-origin', 'X-Forwarded-For': ip, 'User-Agent': ua },
  })
  if (answer.status >= 300) throw new Error(`${pathname} answered ${answer.status}: ${answer.text.slice(0, 200)}`)
}
/** @param {(() => Promise<void>)[]} jobs */
const inBatches = async (jobs, size = 6) => {
  for (let i = 0; i < jobs.length; i += size) await Promise.all(jobs.slice(i, i + size).map((job) => job()))
}

const started = performance.now()
process.stdout.write('November 2026, one day at a time ')
for (let day = 1; day <= 30; day++) {
  // Noon in Los Angeles (14:00 in Chicago); the server's clock runs on from there.
  const site = await startSite({ ...env, ...fakeTimeEnv(`2026-11-${String(day).padStart(2, '0')}T20:00:00Z`) }, dataDir)
  try {
    /** @type {(() => Promise<void>)[]} */
    const jobs = []
    for (const { host } of sites) {
      const weekend = [0, 6].includes(new Date(Date.UTC(2026, 10, day)).getUTCDay())
      const count = Math.round(VISITORS * (weekend ? 0.5 : 0.7 + 0.3 * random()))
      for (let v = 0; v < count; v++) {
        const [referrer, query] = pick(ARRIVALS)
        jobs.push(() => visit(site, host, { referrer, query, device: random() < 0.7 ? 'phone' : 'desktop' }))
      }
    }
    if (day === 3) {
      // The attack: 60 made-up referrers from one visitor, and one from each of ATTACKERS others, on both sites.
      for (const { host } of sites) {
        const one = { ip: '203.0.113.66', ua: `${DESKTOP} attacker` }
        for (let i = 0; i < 60; i++)
          jobs.push(() =>
            send(site, host, '/api/results', JSON.stringify({ a: 'view', p: '/', r: `spam-${i}.example` }), 'text/plain', one),
          )
        for (let i = 0; i < ATTACKERS; i++) {
          const who = { ip: `198.18.${i >> 8}.${i & 255}`, ua: `${PHONE} x${i}` } // a browser's user agent: crawlers are not counted at all
          const event = { a: 'view', p: '/', r: `made-up-${i}.example`, q: `?utm_campaign=fake-${i}` }
          jobs.push(() => send(site, host, '/api/results', JSON.stringify(event), 'text/plain', who))
        }
      }
    }
    await inBatches(jobs)
  } finally {
    await site.stop()
  }
  process.stdout.write('.')
}
const trafficSeconds = (performance.now() - started) / 1000
console.log(` ${requests} requests in ${trafficSeconds.toFixed(0)} s`)

/** Resolves once the server says it has looked at both sites' November (sent, or known sent). @param {Site} site */
async function settled(site) {
  for (const until = Date.now() + 60_000; ; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const done = new Set(site.logLines().flatMap((l) => (l.event === 'results.report-settled' ? [l.site] : [])))
    if (sites.every((s) => done.has(s.id))) return
    if (Date.now() > until) throw new Error(`the reports were not settled:\n${site.output().slice(-3000)}`)
  }
}
// December 1, 08:01 in Los Angeles (10:01 in Chicago): both reports are due; the server is started twice.
const first = await startSite({ ...env, ...fakeTimeEnv('2026-12-01T16:01:00Z') }, dataDir)
await settled(first).finally(() => first.stop())
const again = await startSite({ ...env, ...fakeTimeEnv('2026-12-01T16:30:00Z') }, dataDir)
let shared
try {
  await settled(again)
  // The share link, as the agency prints it, and its page as the contractor opens it (November, on the site's own host).
  const cli = await promisify(execFile)(process.execPath, ['server/cli/results.js', '--link', '--site', 'ironwood'], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
  })
  const link = new URL(cli.stdout.trim())
  const page = await again.request('ironwood.test', `${link.pathname}?month=2026-11`)
  shared = {
    link: link.toString(),
    status: page.status,
    headers: page.headers,
    html: page.text,
    port: new URL(again.url).port,
    path: link.pathname,
  }
  fs.writeFileSync(path.join(out, 'share-ironwood.html'), page.text)
  // The JSON report, for the figures below.
  const json = await promisify(execFile)(process.execPath, ['server/cli/results.js', '--month', '2026-11', '--json'], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dataDir, ...fakeTimeEnv('2026-12-01T16:31:00Z') },
  })
  fs.writeFileSync(path.join(out, 'reports.json'), json.stdout)
} finally {
  await again.stop()
}

/** @type {Report[]} */
const reports = JSON.parse(fs.readFileSync(path.join(out, 'reports.json'), 'utf8'))
console.log(`\nemails received: ${smtp.messages.length} (one per site expected, the server started twice on December 1)`)
for (const mail of smtp.messages) {
  const site = sites.find((s) => mail.envelopeTo.includes(s.email[0] ?? '')) ?? { id: 'unknown' }
  console.log(
    `  to ${mail.envelopeTo.join(', ')}: "${mail.subject}", ${Math.round(mail.raw.length / 1024)} KiB, ${mail.attachments.length} picture(s)`,
  )
  fs.writeFileSync(path.join(out, `email-${site.id}.html`), String(mail.html)) // mailparser put the cid: pictures in as data URIs
  fs.writeFileSync(path.join(out, `email-${site.id}.txt`), mail.text ?? '')
}
for (const report of reports) {
  const t = report.totals
  console.log(
    `\n${report.site} (${report.timeZone}), ${report.month}: ${t.visitors.month} visitors, ${t.views.month} views, ${t.estimates.month} estimate requests, ${t.phone.month} calls`,
  )
  const real = report.sources.filter((s) => !/^(made-up|spam)-/.test(s.name) && !s.name.startsWith('('))
  console.log(`  sources kept: ${report.sources.length} (${real.length} real): ${real.map((s) => `${s.name} ${s.visitors}`).join(', ')}`)
  const other = report.sources.find((s) => s.name === '(other)')
  console.log(`  "(other)": ${other?.visitors ?? 0} visitors (the attack's, pushed out), ${other?.estimates ?? 0} estimate requests`)
  console.log('  estimate requests by campaign:')
  for (const c of report.campaigns.utm_campaign.filter((c) => c.estimates))
    console.log(`    ${c.name.padEnd(16)} ${c.estimates} (${c.visitors} visitors, ${c.phone} calls)`)
}
console.log(
  `\nshare link ${shared.link}: HTTP ${shared.status}, Cache-Control ${shared.headers['cache-control']}, X-Robots-Tag ${shared.headers['x-robots-tag']}`,
)

// Screenshots: the emails and the share link's page (through the server, on the site's own host name), phone and desktop.
const browser = await chromium.launch({
  executablePath: chromiumPath(),
  args: [...chromiumArgs, `--host-resolver-rules=MAP ironwood.test 127.0.0.1`],
})
try {
  const shots = [...sites.map((s) => [`email-${s.id}`, `file://${path.join(out, `email-${s.id}.html`)}`]), ['share-ironwood', null]]
  const server = await startSite({ ...env, ...fakeTimeEnv('2026-12-01T17:00:00Z') }, dataDir)
  try {
    for (const [name, url] of shots)
      for (const width of [390, 1366]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } })
        await page.goto(url ?? `http://ironwood.test:${new URL(server.url).port}${shared.path}?month=2026-11`)
        await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true })
        const wide = await page.evaluate(() => document.documentElement.scrollWidth)
        console.log(`  ${name} at ${width} px: ${wide > width ? `TOO WIDE (${wide} px)` : 'fits'}`)
        await page.close()
      }
  } finally {
    await server.stop()
  }
} finally {
  await browser.close()
}
console.log(`\nwritten to ${path.relative(root, out)}/`)
await smtp.close()
provider.close()
fs.rmSync(dir, { recursive: true, force: true })
