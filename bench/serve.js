// Starts the production site for a benchmark: built when needed, embedded demo, a throwaway data folder.
import { execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureBuild, root } from '../server/ensure-build.js'

/** Resident memory of a process in MB (Linux: /proc; elsewhere ps). */
export function rssMb(pid) {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024
  } catch {
    return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' })) / 1024
  }
}

/** `env` adds to (or overrides) the demo set-up, e.g. a PAGE_API_URL of a local provider. */
export async function startSite(port, env = {}) {
  ensureBuild()
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'))
  const child = spawn(process.execPath, ['server/start.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PAGE_API_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  await new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('listening on') && resolve())
    child.on('exit', (code) => reject(new Error(`site exited with ${code}`)))
  })
  return { url: `http://127.0.0.1:${port}`, rssMb: () => rssMb(child.pid), stop: () => child.kill('SIGTERM') }
}

export const demoRoutes = ['/', '/about', '/services', '/wood-fence-installation', '/gallery', '/gallery/cedar-fences', '/reviews', '/our-videos', '/contact', '/find-us-on']
