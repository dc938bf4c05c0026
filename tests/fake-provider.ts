import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Writable } from 'node:stream'

export type ProviderMode =
  | { kind: 'ok'; record: unknown }
  | { kind: 'status'; status: number }
  | { kind: 'garbage' }
  | { kind: 'hang' }
  /** A record of `bytes` (padding, made as it is read), chunked, or under a `Content-Length` that may lie. */
  | { kind: 'huge'; bytes: number; declaredLength?: number }

/**
 * A real HTTP stand-in for the provider's API whose behaviour a test can switch at any time; `files`
 * (path → type and bytes) are served beside it, as a provider hosting its own pictures would.
 */
export async function startFakeProvider(initial: ProviderMode, files: Record<string, { type: string; body: Buffer }> = {}) {
  let mode = initial
  const requests: { url: string; accept: string | undefined; at: number }[] = []
  const streamed = { bytes: 0 }
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', accept: req.headers.accept, at: Date.now() })
    const file = files[req.url ?? '']
    if (file) return void res.writeHead(200, { 'Content-Type': file.type }).end(file.body)
    if (mode.kind === 'hang') return // never answers: the client's timeout must fire
    if (mode.kind === 'status') return void res.writeHead(mode.status).end('{"error":"nope"}')
    if (mode.kind === 'garbage') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('<html>not json')
    if (mode.kind === 'huge') return streamHuge(res, mode.bytes, mode.declaredLength, streamed)
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mode.record))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
  return {
    url,
    requests,
    /** Bytes of 'huge' answers actually sent: the client hanging up stops the stream. */
    streamed,
    set(next: ProviderMode) {
      mode = next
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** A JSON record padded to `bytes`, generated chunk by chunk as the client reads it: never held in memory. */
function streamHuge(res: http.ServerResponse, bytes: number, declaredLength: number | undefined, streamed: { bytes: number }) {
  const chunk = Buffer.alloc(64 * 1024, ' ')
  let out: Writable = res
  if (declaredLength === undefined)
    res.writeHead(200, { 'Content-Type': 'application/json' }) // chunked
  else {
    // Node's own response refuses to send more than its Content-Length, so a liar writes the socket itself.
    out = res.socket!
    out.write(`HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: ${declaredLength}\r\nConnection: close\r\n\r\n`)
  }
  let closed = false
  out.on('close', () => (closed = true))
  out.write('{"dbPrincipal":{"name":"Huge"},"pad":"')
  const pump = () => {
    while (!closed && streamed.bytes < bytes) {
      streamed.bytes += chunk.length
      if (!out.write(chunk)) return void out.once('drain', pump)
    }
    if (!closed) out.end('"}')
  }
  pump()
}
