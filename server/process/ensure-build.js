import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { log } from '../observability/log.js'
import { StartupError } from '../observability/startup-error.js'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
/** @param {string} name a file of the server build */
export const serverBuild = (name) => path.join(root, 'build/server', name)

/** What the build is made from: a change to any of them (a `git pull`, an edit) makes the build stale. */
const SOURCES = ['app', 'server', 'public', 'package.json', 'vite.config.ts', 'react-router.config.ts']
/**
 * Not part of the build: editing a test does not make it stale, nor does `npm run typecheck` (React Router's typegen
 * writes the console's route types into app/console/.react-router).
 */
const NOT_BUILT = /\.test\.[jt]sx?$|[\\/]\.react-router([\\/]|$)/
/** The two React Router projects: the sites, and the agency's console (app/console, its own config; issue 35). */
const PROJECTS = [[], ['app/console']]
const BUILT = ['build/server/index.js', 'build/console/server/index.js']

/**
 * Builds both projects, one after the other (`npm run build`); the first failure stops it.
 * @param {string} dir
 * @param {import('node:child_process').SpawnSyncOptions} options
 */
export function buildAll(dir, options) {
  for (const project of PROJECTS) {
    const built = spawnSync(process.execPath, [path.join(dir, 'node_modules/@react-router/dev/bin.js'), 'build', ...project], {
      cwd: dir,
      ...options,
    })
    if (built.status !== 0) return built
  }
  return { status: 0, error: undefined, signal: null }
}

/**
 * Why the build under `dir` cannot be served as it is, or null when it can: there is none, or a
 * source (or a folder, so a deleted file counts) changed after either project's server build was written.
 */
export function staleReason(dir = root) {
  const builds = BUILT.map((file) => path.join(dir, file))
  if (!builds.every((file) => fs.existsSync(file))) return { why: 'no build found' }
  const builtAt = Math.min(...builds.map((file) => fs.statSync(file).mtimeMs))
  for (const source of SOURCES) {
    const top = path.join(dir, source)
    if (!fs.existsSync(top)) continue
    const entries = fs.statSync(top).isDirectory()
      ? ['.', ...fs.readdirSync(top, { recursive: true, encoding: 'utf8' })].map((entry) => path.join(top, entry))
      : [top]
    for (const file of entries) {
      if (NOT_BUILT.test(file)) continue
      if (fs.statSync(file).mtimeMs > builtAt)
        return { why: 'the sources changed since the last build', changed: path.relative(dir, file) || source }
    }
  }
  return null
}

/**
 * Builds the production site when there is no build or the sources changed since it was made (`npm start` after a `git pull`).
 * Throws a StartupError (server/observability/startup-error.js) when it cannot: `build/` is not writable here, or the build failed.
 */
export function ensureBuild(dir = root) {
  const stale = staleReason(dir)
  if (!stale) return
  canWriteBuild(dir, stale)
  log.info({ event: 'build.stale', reason: stale.why, changed: stale.changed }, `${stale.why}: rebuilding (npm run build)…`)
  const built = buildAll(dir, { stdio: ['ignore', process.stderr, 'inherit'] }) // stdout carries only JSON log lines
  if (built.status !== 0) {
    const how = built.error ? built.error.message : `exit code ${built.status ?? built.signal}; its output is above`
    throw new StartupError(`The build failed (${how}): fix what it reports, then run npm run build.`, { cause: built.error })
  }
}

/**
 * Whether this user can make the build in `dir` (a checkout owned by another user, a read-only image):
 * known before the build tool runs, so the operator reads one line instead of the tool's stack trace.
 * @param {string} dir
 * @param {NonNullable<ReturnType<typeof staleReason>>} stale
 */
function canWriteBuild(dir, stale) {
  const build = path.join(dir, 'build')
  try {
    fs.mkdirSync(build, { recursive: true })
    const probe = path.join(build, `.write-test-${process.pid}`)
    fs.writeFileSync(probe, '')
    fs.rmSync(probe)
  } catch (error) {
    const what = stale.changed
      ? `The build in ${dir} is older than its sources (${stale.changed}) and this user cannot rebuild it`
      : `There is no build in ${dir} and this user cannot make one`
    throw new StartupError(
      `${what} (${/** @type {Error} */ (error).message}): run npm run build as a user who may write ${build}, then start again.`,
      { cause: error },
    )
  }
}
