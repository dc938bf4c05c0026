import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'

/**
 * A server binary (Caddy, Varnish) run by a test: started, awaited until it accepts connections on
 * `port` (and `ready()` holds), its output kept for failures; `stop()` ends it with SIGTERM and removes
 * its temporary `dir`.
 */
export async function spawnListening(
  command: string,
  args: string[],
  options: { port: number; dir: string; env?: NodeJS.ProcessEnv; ready?: () => boolean; timeoutMs?: number },
) {
  const child = spawn(command, args, { env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stdout.on('data', (d) => (output += d))
  child.stderr.on('data', (d) => (output += d))
  // Generous, as startSite's: ten times slower than alone on a busy machine.
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  while (!((options.ready?.() ?? true) && (await accepts(options.port)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL')
      fs.rmSync(options.dir, { recursive: true, force: true })
      throw new Error(`${command} did not start:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return {
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        const done = () => {
          fs.rmSync(options.dir, { recursive: true, force: true })
          resolve()
        }
        if (child.exitCode !== null || child.signalCode !== null) return done()
        child.once('exit', done)
        child.kill('SIGTERM')
      }),
  }
}

/** Where the kernel's ephemeral ports start (Linux: 32768), from which every outgoing connection takes its local port. */
const EPHEMERAL_START = (() => {
  try {
    return Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]) || 0
  } catch {
    return 0
  }
})()

const listens = (port: number) =>
  new Promise<number | undefined>((resolve) => {
    const server = net.createServer().once('error', () => resolve(undefined))
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as net.AddressInfo
      server.close(() => resolve(bound))
    })
  })

/**
 * A port free now, for a process a test starts later (or restarts on the same port). Chosen below the ephemeral range
 * when there is room: a port probed inside it could be the local port of some test's connection (to PostgreSQL, to a
 * fake provider) by the time the process binds it, and the process would exit with "already in use".
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; EPHEMERAL_START > 11_000 && tries < 50; tries++) {
    const port = await listens(10_000 + Math.floor(Math.random() * (EPHEMERAL_START - 10_000)))
    if (port) return port
  }
  return (await listens(0))!
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.destroy()
      resolve(true)
    })
    socket.on('error', () => resolve(false))
  })
