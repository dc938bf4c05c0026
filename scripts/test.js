// `npm test`: unit + server integration tests (Vitest), then browser tests (Playwright in Chromium).
// Ends with one summary line, "N passed, N failed", and a non-zero exit code when anything failed.
// Nothing is retried (playwright.config.ts): a test passes or fails on its first run. The end says how long each part took.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
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
const failures = [...vitestFailures(unit.report), ...playwrightFailures(e2e.report)]
if (failures.length > 0) {
  // Repeated at the end because CI keeps only the tail of this output.
  console.info(`\nfailed:`)
  for (const failure of failures) console.info(failure)
}
console.info(`\ntime: build ${minutes(buildSeconds)}, unit and integration ${minutes(unit.seconds)}, browser ${minutes(e2e.seconds)}`)
console.info(`unit: ${unitPassed} passed, ${unitFailed} failed; browser: ${e2ePassed} passed, ${e2eFailed} failed`)
console.info(`${unitPassed + e2ePassed} passed, ${unitFailed + e2eFailed} failed, ${skipped} skipped`)
process.exit(unit.status === 0 && e2e.status === 0 ? 0 : 1)

/** The first lines of a failure message: enough to name the cause, short enough for a log's tail. @param {string | undefined} message */
function firstLines(message) {
  return stripVTControlCharacters(message ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !/node_modules|<anonymous>/.test(line))
    .slice(0, 6)
    .map((line) => `    ${line.slice(0, 300)}`)
    .join('\n')
}

/** @param {any} report Vitest's JSON reporter output */
function vitestFailures(report) {
  if (!report) return ['  vitest wrote no report']
  return report.testResults.flatMap((/** @type {any} */ file) => {
    const where = path.relative(root, file.name)
    const failed = file.assertionResults.filter((/** @type {any} */ test) => test.status === 'failed')
    // A file can fail with no failed test (a hook, an import): its message says why.
    if (failed.length === 0) return file.status === 'failed' ? [`  ${where}\n${firstLines(file.message)}`] : []
    return failed.map((/** @type {any} */ test) => `  ${where} › ${test.fullName}\n${firstLines(test.failureMessages?.[0])}`)
  })
}

/** @param {any} report Playwright's JSON reporter output */
function playwrightFailures(report) {
  if (!report) return ['  playwright wrote no report']
  /** @type {string[]} */
  const lines = []
  /** @param {any} suite */
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests)
        if (test.status === 'unexpected' || test.status === 'flaky')
          lines.push(`  ${spec.file}:${spec.line} › ${spec.title}\n${firstLines(test.results.at(-1)?.error?.message)}`)
    for (const child of suite.suites ?? []) walk(child)
  }
  for (const suite of report.suites) walk(suite)
  for (const error of report.errors ?? []) lines.push(`  playwright\n${firstLines(error.message)}`)
  return lines
}
