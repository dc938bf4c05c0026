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

export function freePort(): Promise<number> {
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
