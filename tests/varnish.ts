import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, spawnListening } from './spawn-listening.ts'

const shipped = path.resolve(import.meta.dirname, '../deploy/varnish')
// Debian puts it in /usr/sbin, which a user's PATH may not hold.
const varnishd = fs.existsSync('/usr/sbin/varnishd') ? '/usr/sbin/varnishd' : 'varnishd'

/**
 * Debian's Varnish running the shipped deploy/varnish/default.vcl, with `backendsVcl` as the
 * deployment's backends.vcl beside it. In the foreground, as the user running the tests (`-j none`),
 * its working directory and shared memory in a temporary folder. `stats()` reads its counters.
 */
export async function startVarnish(backendsVcl: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'varnish-'))
  fs.writeFileSync(path.join(dir, 'backends.vcl'), backendsVcl)
  const port = await freePort()
  const workdir = path.join(dir, 'n')
  const args = ['-F', '-j', 'none', '-n', workdir, '-a', `127.0.0.1:${port}`, '-T', 'none', '-s', 'malloc,64m']
  args.push('-f', path.join(shipped, 'default.vcl'), '-p', `vcl_path=${dir}:${shipped}`)
  // Compiling the VCL takes a few seconds on a busy machine.
  const varnish = await spawnListening(varnishd, args, { port, dir, timeoutMs: 60_000 })
  return {
    ...varnish,
    url: `http://127.0.0.1:${port}`,
    port,
    /** Counters by name (MAIN.cache_hit, VBE.<vcl>.origin_1.req…), from varnishstat. */
    stats(): Record<string, number> {
      const json = JSON.parse(execFileSync('varnishstat', ['-n', workdir, '-j'], { encoding: 'utf8' })) as {
        counters: Record<string, { value: number }>
      }
      return Object.fromEntries(Object.entries(json.counters).map(([name, c]) => [name, c.value]))
    },
  }
}
