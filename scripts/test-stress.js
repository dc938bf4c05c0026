// `npm run test:stress`: the unit and integration tests (Vitest) with two CPU-burning processes beside them, as on a
// 2-core CI machine busy with other work. A test that fails here but passes alone waits on timing, not on its
// event: docs/development.md, "Tests on a busy machine". Arguments after `--` go to vitest
// (`npm run test:stress -- --project integration`, or a file). Ends with "N passed, N failed" and the time taken.
import { fork, spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildAll } from '../server/process/ensure-build.js'

const BURNERS = 2

// A burner: spins in slices, and between slices ends as soon as its parent is gone (the IPC channel closes when the
// parent exits, even when it is killed with SIGKILL and runs no handler of its own).
if (process.argv[2] === '--burn') {
  process.on('disconnect', () => process.exit(0))
  const slice = () => {
    for (const until = Date.now() + 100; Date.now() < until;);
    setImmediate(slice)
  }
  slice()
} else {
  const root = path.resolve(import.meta.dirname, '..')
  const results = path.join(root, '.tmp/test-results')
  const json = path.join(results, 'stress.json')
  fs.mkdirSync(results, { recursive: true })
  fs.rmSync(json, { force: true })

  // Built before the burners start: the tests' time is what is measured, and a stale build would be rebuilt by the
  // first integration test anyway.
  console.info('▶ building the production site')
  if (buildAll(root, { stdio: ['ignore', 'ignore', 'inherit'] }).status !== 0) {
    console.error('The build failed: run `npm run build` to see why.')
    process.exit(1)
  }

  const burners = Array.from({ length: BURNERS }, () => fork(import.meta.filename, ['--burn'], { stdio: 'ignore' }))
  const stopBurners = () => {
    for (const burner of burners) if (burner.exitCode === null && burner.signalCode === null) burner.kill('SIGKILL')
  }
  process.on('exit', stopBurners)

  console.info(
    `▶ unit and integration tests (vitest) beside ${BURNERS} CPU-burning processes (pids ${burners.map((b) => b.pid).join(', ')})`,
  )
  const started = Date.now()
  const vitest = spawn(
    path.join(root, 'node_modules/.bin/vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`, ...process.argv.slice(2)],
    // Its own process group: a signal to this script ends vitest with its workers and the servers they started.
    { cwd: root, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' }, detached: true },
  )
  // Ctrl-C, SIGTERM or SIGHUP to this script: passed on to vitest's whole group, and the burners stop (they also stop by
  // themselves when this process is gone, however it ended).
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      stopBurners()
      try {
        process.kill(-(/** @type {number} */ (vitest.pid)), signal)
      } catch {
        // the group is gone already
      }
    })
  }
  vitest.on('exit', (code, signal) => {
    stopBurners()
    const seconds = Math.round((Date.now() - started) / 1000)
    const report = fs.existsSync(json) ? JSON.parse(fs.readFileSync(json, 'utf8')) : null
    const passed = report?.numPassedTests ?? 0
    const failed = report ? report.numFailedTests : 1
    console.info(`\ntime: ${Math.floor(seconds / 60)} min ${seconds % 60} s beside ${BURNERS} CPU burners`)
    console.info(`${passed} passed, ${failed} failed, ${report?.numPendingTests ?? 0} skipped`)
    process.exit(code === 0 && !signal ? 0 : 1)
  })
}
