// One site with 10 leads, then 100 000 (issue 44), in each storage: a SQLite file and a throwaway PostgreSQL. Prints
// how long the console's Leads page takes on its first and its last page at 10 leads, then on its first, a middle and
// its last page at 100 000 (keyset pages and a kept total, no count of every lead: each should cost what it does at 10,
// but for rendering 25 leads instead of 10), each with the server's CPU time a view (steadier than the duration on a
// busy machine; PostgreSQL's own work is not in it), the Sites page (deliveries waiting or failed, from the partial
// index), the CSV export of every lead with the server's CPU time for it and its resident memory before and at its
// peak during the export (streamed: it should stay flat), and the machine's load average. Figures only (a shared
// 2-core machine); the bar is 300 ms for a page. BENCH_LEADS, BENCH_RUNS, BENCH_PORT change it.
//   npm run bench:console-leads
import { createHash, randomBytes } from 'node:crypto'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import { benchDatabase, benchPort, cpuSeconds, startSite } from './serve.js'

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 10)
/** The small site the big one is compared with (issue 44: "as fast as one with 10"). */
const FEW = 10
const port = benchPort(3330)
const consolePort = port + 1
const MINUTE = 60_000
const start = Date.now() - LEADS * MINUTE // one lead a minute, the last one now

const typed = JSON.stringify({
  firstName: 'Ana',
  lastName: 'Lopez',
  email: 'ana@example.com',
  phone: '(720) 555-0101',
  address: '12 Birch Lane',
  service: 'Decks',
  contactWays: ['phone'],
  message: 'The back deck has two soft boards near the stairs; could someone look at it this month?',
})

/**
 * Leads `from`…`to` (1-based, one a minute from `start`) and their deliveries (relay and a webhook each, one webhook in
 * 1 000 given up, the last 50 waiting until next week) as SQL both backends run: a counting CTE, the numbers inlined.
 * The old relay columns' lease never ends, so the migrations' trigger adds no relay delivery of its own.
 * @param {number} from @param {number} to @param {(text: string) => string} json how the backend writes a JSON literal
 */
const fillSql = (from, to, json) => [
  `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${to})
   INSERT INTO leads (id, idempotency_key, page_id, site, created_at, lead_json, relay_body_json, relay_url, state, attempts,
     queued_at, next_attempt_at, claimed_until, delivered_at)
   SELECT 'bench-' || i, 'bench-' || i, 'demo', 'demo', ${start} + CAST(i AS bigint) * ${MINUTE}, ${json(typed)}, ${json('{}')},
     'https://relay.invalid/', 'delivered', 1, ${start}, ${start}, 9007199254740991, ${start} FROM n`,
  `INSERT INTO lead_deliveries (id, lead_id, kind, position, target, state, attempts, queued_at, next_attempt_at, delivered_at)
   SELECT id, id, 'relay', 0, 'https://relay.invalid/', 'delivered', 1, created_at, created_at, created_at FROM leads
   WHERE true ON CONFLICT DO NOTHING`,
  `INSERT INTO lead_deliveries (id, lead_id, kind, position, target, state, attempts, queued_at, next_attempt_at, delivered_at)
   SELECT id || '-hook', id, 'webhook', 1, 'https://hooks.invalid/',
     CASE WHEN created_at > ${start + (LEADS - 50) * MINUTE} THEN 'pending' WHEN created_at % ${1000 * MINUTE} = 0 THEN 'failed' ELSE 'delivered' END,
     1, created_at, created_at + 7 * 24 * 3600000, NULL FROM leads WHERE true ON CONFLICT DO NOTHING`,
]

/** An admin with a session the bench knows the token of; answers the cookie. @param {(sql: string) => unknown} run */
function admin(run) {
  const token = randomBytes(32).toString('base64url')
  const hash = createHash('sha256').update(token).digest('base64url')
  run(`INSERT INTO console_people (id, email, role, sites, created_at) VALUES ('bench', 'bench@agency.example', 'admin', '[]', ${start})`)
  run(
    `INSERT INTO console_sessions (id_hash, person_id, passkey_id, created_at, last_seen_at) VALUES ('${hash}', 'bench', NULL, ${Date.now()}, ${Date.now()})`,
  )
  return `tradesite-console=${token}`
}

/**
 * A GET of the console as the bench's admin: status, time, bytes, and the server's peak RSS while it answered.
 * @param {string} cookie @param {string} pathname @param {() => number} rss
 * @returns {Promise<{ ms: number, status: number | undefined, bytes: number, peakMb: number }>}
 */
const timed = (cookie, pathname, rss) =>
  new Promise((resolve, reject) => {
    const begin = performance.now()
    let peakMb = rss()
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rss())), 20)
    http
      .get(
        { host: '127.0.0.1', port: consolePort, path: pathname, agent: false, headers: { host: `localhost:${consolePort}`, cookie } },
        (res) => {
          let bytes = 0
          res.on('data', (d) => (bytes += d.length))
          res.on('end', () => {
            clearInterval(sampler)
            resolve({ ms: performance.now() - begin, status: res.statusCode, bytes, peakMb: Math.max(peakMb, rss()) })
          })
        },
      )
      .on('error', reject)
  })

/** The machine's load, said beside the figures it weighs on (a shared machine). */
const load = () =>
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`

const median = (/** @type {number[]} */ list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN

/**
 * The site's Leads page with its 10 oldest leads, then with all of them (the same pages should cost the same), and the export.
 * @param {'SQLite' | 'PostgreSQL'} name @param {Record<string, string>} env
 * @param {(dataDir: string, from: number, to: number) => Promise<void>} fill @param {(dataDir: string) => Promise<string>} signIn
 */
async function bench(name, env, fill, signIn) {
  const site = await startSite(port, { env: { CONSOLE_PORT: String(consolePort), ...env } })
  try {
    const cookie = await signIn(site.dataDir)
    /** @param {string} label @param {string} pathname */
    const measure = async (label, pathname) => {
      const first = await timed(cookie, pathname, site.rssMb)
      if (first.status !== 200) throw new Error(`${pathname}: ${first.status}`)
      const times = []
      const cpuBefore = cpuSeconds(site.pid)
      for (let i = 0; i < RUNS; i++) times.push((await timed(cookie, pathname, site.rssMb)).ms)
      const cpuMs = ((cpuSeconds(site.pid) - cpuBefore) * 1000) / RUNS
      console.log(
        `  ${label}: first ${first.ms.toFixed(0)} ms, then median ${median(times).toFixed(0)} ms, the server's CPU ${cpuMs.toFixed(0)} ms a view (${RUNS} runs)`,
      )
    }
    await fill(site.dataDir, 1, FEW)
    console.log(`${name}, ${FEW} leads (${load()}):`)
    await measure('Leads, first page', '/sites/demo/leads')
    await measure('Leads, last page', '/sites/demo/leads?oldest=1')
    const began = Date.now()
    await fill(site.dataDir, FEW + 1, LEADS)
    console.log(`${name}, ${LEADS} leads (stored in ${((Date.now() - began) / 1000).toFixed(1)} s):`)
    const middle = LEADS / 2
    await measure('Leads, first page', '/sites/demo/leads')
    await measure('Leads, a middle page', `/sites/demo/leads?older=${start + middle * MINUTE}.bench-${middle}`)
    await measure('Leads, last page', '/sites/demo/leads?oldest=1')
    await measure('Sites page', '/sites')
    const before = site.rssMb()
    const cpuBefore = cpuSeconds(site.pid)
    const csv = await timed(cookie, '/sites/demo/leads.csv', site.rssMb)
    if (csv.status !== 200) throw new Error(`leads.csv: ${csv.status}`)
    console.log(
      `  CSV export: ${csv.ms.toFixed(0)} ms (the server's CPU ${(cpuSeconds(site.pid) - cpuBefore).toFixed(1)} s), ${(csv.bytes / 1024 / 1024).toFixed(1)} MiB; RSS ${before.toFixed(0)} MB before, peak ${csv.peakMb.toFixed(0)} MB; ${load()}`,
    )
  } finally {
    await site.stop()
  }
}

/** @param {string} file */
const sqlite = (file) => {
  const db = new Database(file)
  db.pragma('busy_timeout = 5000')
  return db
}
await bench(
  'SQLite',
  {},
  async (dataDir, from, to) => {
    const db = sqlite(path.join(dataDir, 'leads.sqlite'))
    db.transaction(() => fillSql(from, to, (text) => `'${text.replaceAll("'", "''")}'`).forEach((sql) => db.exec(sql)))()
    db.exec('ANALYZE')
    db.close()
  },
  async (dataDir) => {
    const db = sqlite(path.join(dataDir, 'leads.sqlite'))
    const cookie = admin((sql) => db.exec(sql))
    db.close()
    return cookie
  },
)

const { server, databaseUrl } = await benchDatabase()
/** @param {string[]} statements */
const runAll = async (statements) => {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    for (const sql of statements) await db.query(sql)
  } finally {
    await db.end()
  }
}
try {
  await bench(
    'PostgreSQL',
    { DATABASE_URL: databaseUrl },
    (_, from, to) =>
      runAll([
        ...fillSql(from, to, (text) => `CAST('${text.replaceAll("'", "''")}' AS json)`),
        'VACUUM (ANALYZE) leads',
        'VACUUM (ANALYZE) lead_deliveries',
      ]),
    async () => {
      /** @type {string[]} */
      const statements = []
      const cookie = admin((sql) => statements.push(sql))
      await runAll(statements)
      return cookie
    },
  )
} finally {
  server.stop()
}
console.log('bar: 300 ms a page, memory flat during the export (shared 2-core machine: figures are indicative)')
