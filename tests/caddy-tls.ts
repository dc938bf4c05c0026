import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort, spawnListening } from './spawn-listening.ts'

/**
 * Debian's Caddy as a real TLS-terminating hop in front of a site: HTTPS on localhost with Caddy's
 * own internal CA, reverse-proxying to `origin` the way an operator's proxy would (it sets
 * X-Forwarded-For, -Proto and -Host itself). `ca` is the root certificate a client must trust.
 */
export async function startCaddyTls(origin: string) {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'caddy-'))
  const port = await freePort()
  const config = path.join(home, 'Caddyfile')
  fs.writeFileSync(
    config,
    `{
  admin off
  skip_install_trust
  auto_https disable_redirects
}
https://localhost:${port} {
  tls internal
  reverse_proxy ${new URL(origin).host}
}
`,
  )
  return { ...(await runCaddy(config, port, {}, home)), url: `https://localhost:${port}` }
}

/**
 * `caddy run` on a Caddyfile, its `{$VAR}` placeholders from `env`, in a home of its own; ready once
 * it accepts connections on `port` and its internal CA exists (`ca`, the root a client must trust).
 */
export async function runCaddy(
  config: string,
  port: number,
  env: Record<string, string>,
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'caddy-')),
) {
  const ca = path.join(home, 'data/caddy/pki/authorities/local/root.crt')
  const caddy = await spawnListening('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    port,
    dir: home,
    env: { ...process.env, HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_CONFIG_HOME: path.join(home, 'config'), ...env },
    ready: () => fs.existsSync(ca),
  })
  return { ...caddy, port, ca: fs.readFileSync(ca) }
}
