// `npm test`: unit + server integration tests (Vitest), then browser tests (Playwright in Chromium).
// Ends with one summary line, "N passed, N failed", and a non-zero exit code when anything failed.
// Nothing is retried (playwright.config.ts): a test passes or fails on its first run. The end says how long each part took.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { chromiumPath } from '../e2e/chromium.js'
import { buildAll } from '../server/process/ensure-build.js'

const root = path.resolve(import.meta.dirname, '..')
const results = path.join(root, '.tmp/test-results')
fs.mkdirSync(results, { recursive: true })
/** @param {string} name */
const bin = (name) => path.join(root, 'node_modules/.bin', name)

/**
 * @param {string} label
 * @param {string} command
 * @param {string[]} args
 * @param {string} jsonFile the reporter's JSON, read back for the summary
 */
function run(label, command, args, jsonFile) {
  console.info(`\n▶ ${label}`)
  fs.rmSync(jsonFile, { force: true })
  const started = Date.now()
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } })
  const seconds = (Date.now() - started) / 1000
  return { status, seconds, report: fs.existsSync(jsonFile) ? JSON.parse(fs.readFileSync(jsonFile, 'utf8')) : null }
}

/** @param {number} seconds */
const minutes = (seconds) => `${Math.floor(seconds / 60)} min ${Math.round(seconds % 60)} s`

if (!chromiumPath() && !process.env.PLAYWRIGHT_BROWSERS_PATH) {
  console.error("No Chromium found. Install Debian's: `sudo apt-get install -y chromium` (or set CHROME_PATH to a Chrome/Chromium binary).")
  process.exit(1)
}

console.info('▶ building the production site')
const buildStarted = Date.now()
const built = buildAll(root, { stdio: ['ignore', 'ignore', 'inherit'] })
if (built.status !== 0) {
  console.error('The build failed: run `npm run build` to see why.')
  process.exit(1)
}
const buildSeconds = (Date.now() - buildStarted) / 1000
// The browser tests' server reuses this build.
process.env.E2E_SKIP_BUILD = '1'

const unitJson = path.join(results, 'vitest.json')
const unit = run(
  'unit and integration tests (vitest)',
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitJson}`],
  unitJson,
)

const e2eJson = path.join(results, 'playwright.json')
const e2e = spawnE2e()
function spawnE2e() {
  process.env.PLAYWRIGHT_JSON_OUTPUT_NAME = e2eJson
  return run('browser tests (playwright)', bin('playwright'), ['test', '--reporter=list,json'], e2eJson)
}

const unitPassed = unit.report?.numPassedTests ?? 0
const unitFailed = unit.report ? unit.report.numFailedTests : 1
const stats = e2e.report?.stats
const e2ePassed = stats?.expected ?? 0
const e2eFailed = stats ? stats.unexpected : 1
const skipped = (unit.report?.numPendingTests ?? 0) + (stats?.skipped ?? 0)
console.info(`\ntime: build ${minutes(buildSeconds)}, unit and integration ${minutes(unit.seconds)}, browser ${minutes(e2e.seconds)}`)
console.info(`unit: ${unitPassed} passed, ${unitFailed} failed; browser: ${e2ePassed} passed, ${e2eFailed} failed`)
console.info(`${unitPassed + e2ePassed} passed, ${unitFailed + e2eFailed} failed, ${skipped} skipped`)
process.exit(unit.status === 0 && e2e.status === 0 ? 0 : 1)
