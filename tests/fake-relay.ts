import http from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RelayRequest {
  headers: http.IncomingHttpHeaders
  body: unknown
  status: number
}

/**
 * A real HTTP relay on 127.0.0.1. `down()` frees the port (connection refused), `up()` listens on it again,
 * `hold()` takes requests and never answers (status 0: not accepted) until `respondWith()` drops them.
 */
export async function startFakeRelay() {
  const requests: RelayRequest[] = []
  let answer: () => { status: number; delayMs?: number } = () => ({ status: 200 })
  let holding = false
  const held = new Set<http.ServerResponse>()
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      if (holding) {
        requests.push({ headers: req.headers, body, status: 0 })
        held.add(res)
        res.on('close', () => held.delete(res))
        return
      }
      const { status, delayMs = 0 } = answer()
      requests.push({ headers: req.headers, body, status })
      setTimeout(() => res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"ok":true}'), delayMs)
    })
  })
  const stopHolding = () => {
    holding = false
    for (const res of held) res.destroy()
  }
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  await listen(0)
  const port = (server.address() as AddressInfo).port
  const down = () =>
    new Promise<void>((resolve) => {
      stopHolding()
      server.close(() => resolve())
      server.closeAllConnections() // drop the client's keep-alive sockets too
    })
  return {
    url: `http://127.0.0.1:${port}/relay`,
    requests,
    /** Requests the relay answered with 2xx. */
    accepted: () => requests.filter((r) => r.status >= 200 && r.status < 300),
    respondWith(status: number, delayMs = 0) {
      stopHolding()
      answer = () => ({ status, delayMs })
    },
    hold() {
      holding = true
    },
    down,
    up: () => listen(port),
    close: () => (server.listening ? down() : Promise.resolve()),
  }
}
export type FakeRelay = Awaited<ReturnType<typeof startFakeRelay>>
