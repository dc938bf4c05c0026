import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from 'vitest'
import { root, staleReason } from '#server/process/ensure-build.js'

/** A project folder with sources and a build, every file dated `at` (seconds since the epoch). */
function project(at: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stale-'))
  const files = [
    'app/routes/home.tsx',
    'server/app.ts',
    'public/favicon.ico',
    'package.json',
    'vite.config.ts',
    'build/server/index.js',
    'build/console/server/index.js',
  ]
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true })
    fs.writeFileSync(path.join(dir, file), '')
  }
  for (const file of [...files, 'app/routes', 'app', 'server', 'public', 'build/server', 'build/console/server'])
    fs.utimesSync(path.join(dir, file), at, at)
  return dir
}
const T = 1_700_000_000

test('a build is stale when there is none, or when a source, a folder or the package file changed after it', () => {
  expect(staleReason(fs.mkdtempSync(path.join(os.tmpdir(), 'stale-')))).toEqual({ why: 'no build found' })
  const dir = project(T)
  fs.utimesSync(path.join(dir, 'build/server/index.js'), T + 10, T + 10)
  fs.utimesSync(path.join(dir, 'build/console/server/index.js'), T - 10, T - 10)
  expect(staleReason(dir)).toMatchObject({ changed: 'app' }) // the console's build is older than the sources
  fs.utimesSync(path.join(dir, 'build/console/server/index.js'), T + 10, T + 10)
  expect(staleReason(dir)).toBeNull()

  fs.utimesSync(path.join(dir, 'app/routes/home.tsx'), T + 20, T + 20)
  expect(staleReason(dir)).toEqual({ why: 'the sources changed since the last build', changed: 'app/routes/home.tsx' })
  fs.utimesSync(path.join(dir, 'app/routes/home.tsx'), T, T)

  fs.rmSync(path.join(dir, 'public/favicon.ico')) // a deleted file shows on its folder
  expect(staleReason(dir)).toMatchObject({ changed: 'public' })
  fs.utimesSync(path.join(dir, 'public'), T, T)

  fs.utimesSync(path.join(dir, 'package.json'), T + 20, T + 20)
  expect(staleReason(dir)).toMatchObject({ changed: 'package.json' })
  fs.utimesSync(path.join(dir, 'package.json'), T, T)

  // A test beside the code is not built: editing it leaves the build fresh.
  fs.writeFileSync(path.join(dir, 'server/app.test.ts'), '')
  fs.utimesSync(path.join(dir, 'server/app.test.ts'), T + 20, T + 20)
  fs.utimesSync(path.join(dir, 'server'), T, T)
  expect(staleReason(dir)).toBeNull()

  // Nor are the console's route types `npm run typecheck` writes beside it.
  fs.mkdirSync(path.join(dir, 'app/console/.react-router/types'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'app/console/.react-router/types/+routes.ts'), '')
  fs.utimesSync(path.join(dir, 'app/console/.react-router/types/+routes.ts'), T + 20, T + 20)
  for (const folder of ['app/console/.react-router/types', 'app/console/.react-router'])
    fs.utimesSync(path.join(dir, folder), T + 20, T + 20)
  for (const folder of ['app/console', 'app']) fs.utimesSync(path.join(dir, folder), T, T)
  expect(staleReason(dir)).toBeNull()
})

test('npm start after a source changed rebuilds first and says why (a real process, with a stand-in for the build tool)', () => {
  const dir = project(T)
  // The stand-in writes the build as `react-router build` would: the site's, or the console's (`build app/console`).
  const bin = path.join(dir, 'node_modules/@react-router/dev/bin.js')
  fs.mkdirSync(path.dirname(bin), { recursive: true })
  fs.writeFileSync(
    bin,
    `require('fs').writeFileSync(process.argv[3] ? 'build/console/server/index.js' : 'build/server/index.js', 'built ' + process.argv.slice(2).join(' '))`,
  )
  fs.writeFileSync(path.join(dir, 'node_modules/@react-router/dev/package.json'), '{"type": "commonjs"}')
  fs.utimesSync(path.join(dir, 'server/app.ts'), T + 20, T + 20) // a `git pull` brought a newer file

  const start = () =>
    spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `import('${root}/server/process/ensure-build.js').then((m) => m.ensureBuild(${JSON.stringify(dir)}))`],
      {
        encoding: 'utf8',
      },
    )
  const first = start()
  expect(first.status).toBe(0)
  const line = JSON.parse(first.stdout.trim())
  expect(line).toMatchObject({
    event: 'build.stale',
    changed: 'server/app.ts',
    msg: 'the sources changed since the last build: rebuilding (npm run build)…',
  })
  expect(fs.readFileSync(path.join(dir, 'build/server/index.js'), 'utf8')).toBe('built build')
  expect(fs.readFileSync(path.join(dir, 'build/console/server/index.js'), 'utf8')).toBe('built build app/console')
  // Built now: the next start serves it as it is.
  const second = start()
  expect(second.status).toBe(0)
  expect(second.stdout).toBe('')
})
