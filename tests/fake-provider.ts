import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type ProviderMode = { kind: 'ok'; record: unknown } | { kind: 'status'; status: number } | { kind: 'garbage' } | { kind: 'hang' }

/** A real HTTP stand-in for the provider's API whose behaviour a test can switch at any time. */
export async function startFakeProvider(initial: ProviderMode) {
  let mode = initial
  const requests: { url: string; accept: string | undefined }[] = []
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', accept: req.headers.accept })
    if (mode.kind === 'hang') return // never answers: the client's timeout must fire
    if (mode.kind === 'status') return void res.writeHead(mode.status).end('{"error":"nope"}')
    if (mode.kind === 'garbage') return void res.writeHead(200, { 'Content-Type': 'application/json' }).end('<html>not json')
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(mode.record))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`
  return {
    url,
    requests,
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
