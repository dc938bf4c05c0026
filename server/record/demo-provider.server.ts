import http from 'node:http'
import type { AddressInfo } from 'node:net'
import demoRecord from '../../demo/record.json' with { type: 'json' }
import { keepListening } from '../http/listener-errors.server.ts'

/**
 * The embedded demo provider: a real HTTP server on loopback, so the demo goes through
 * exactly the code path a real provider does. It also plays the provider's email relay,
 * so a demo lead completes its whole journey (and is logged instead of emailed).
 */
export async function startDemoProvider(logger: Pick<Console, 'info'> = console) {
  let baseUrl = ''
  const server = http.createServer((req, res) => {
    if (req.method === 'GET' && /^\/api\/paginas\/[\w-]+$/.test(req.url ?? '')) {
      const record = { ...demoRecord, linkPostEmail: `${baseUrl}/email-relay` }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(record))
      return
    }
    if (req.method === 'POST' && req.url === '/email-relay') {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        const lead = safeJson(body)
        // The business's address only: the subject names the visitor, who stays out of logs.
        logger.info(`[demo relay] would email a lead to ${lead?.toEmail ?? '?'}`)
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}')
      })
      return
    }
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  keepListening(server, 'demo-provider')
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return { apiUrl: `${baseUrl}/api`, close: () => server.close() }
}

function safeJson(body: string): Record<string, string> | null {
  try {
    return JSON.parse(body)
  } catch {
    return null
  }
}
