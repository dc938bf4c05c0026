// The site the browser tests run against: a fresh build, the embedded demo, a fresh data folder.
import fs from 'node:fs'
import path from 'node:path'
import { buildAll } from '../server/process/ensure-build.js'

const port = process.env.PORT ?? '3100'
const dataDir = path.resolve(`.tmp/e2e-data-${port}`)
fs.rmSync(dataDir, { recursive: true, force: true })
if (!process.env.E2E_SKIP_BUILD) {
  const built = buildAll(process.cwd(), { stdio: ['ignore', 'ignore', 'inherit'] })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
process.env.DATA_DIR = dataDir
// Every browser test posts from 127.0.0.1; the real limits have their own server tests (tests/contact.test.ts,
// tests/results.test.ts): every page view sends a results beacon, the suite sends several hundred in 10 minutes.
process.env.CONTACT_RATE_LIMIT = '1000'
process.env.VISITS_RATE_LIMIT = '100000'
process.env.RESULTS_RATE_LIMIT = '100000'
delete process.env.PAGE_API_URL
await import('../server/process/start.js')
