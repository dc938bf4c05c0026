import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
/** @param {string} name a file of the server build */
export const serverBuild = (name) => path.join(root, 'build/server', name)

/** Builds the production site when no build exists yet (so `npm start` works right after `npm install`). */
export function ensureBuild() {
  if (fs.existsSync(serverBuild('index.js'))) return
  console.info('No build found: building the site first (npm run build)…')
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
