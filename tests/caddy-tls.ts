import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'

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
  const env = { ...process.env, HOME: home, XDG_DATA_HOME: path.join(home, 'data'), XDG_CONFIG_HOME: path.join(home, 'config') }
  const child = spawn('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  const ca = path.join(home, 'data/caddy/pki/authorities/local/root.crt')
  const deadline = Date.now() + 20_000
  while (!(fs.existsSync(ca) && (await accepts(port)))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`caddy did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    url: `https://localhost:${port}`,
    port,
    ca: fs.readFileSync(ca),
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => {
          fs.rmSync(home, { recursive: true, force: true })
          resolve()
        })
        child.kill('SIGTERM')
      }),
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
