import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { Webhook } from 'standardwebhooks'

/**
 * A CRM's "catch hook" on 127.0.0.1, as a contractor's Zapier or Make would be: every request is verified
 * with the standardwebhooks library (the receivers' own code, not ours) against `secret`, and its body
 * validated against docs/webhooks/lead.created.v2.schema.json; a request that fails either is answered 401.
 * `rotate(secret)` changes the secret it verifies with; `refuse(n, status)` answers the next n verified requests with `status`; `down()` / `up()` close and reopen the port.
 */

const schemaFile = path.resolve(import.meta.dirname, '../docs/webhooks/lead.created.v2.schema.json')
// Formats (date-time, email) are annotations here: the schema's patterns and lengths are what is checked.
const validateBody = new Ajv2020({ strict: true, allErrors: true, validateFormats: false }).compile(
  JSON.parse(fs.readFileSync(schemaFile, 'utf8')),
)

export interface WebhookRequest {
  id: string
  timestamp: number
  body: { type: string; timestamp: string; data: Record<string, unknown> & { id: string; email: string; message: string } }
  status: number
  /** How many `v1,` signatures webhook-signature carried (two during a rotation). */
  signatures: number
  /** What verification or the schema said, for a request answered 401. */
  problem?: string
  receivedAt: number
}

export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64')}`

export async function startFakeWebhook(initialSecret = newWebhookSecret()) {
  let secret = initialSecret
  const requests: WebhookRequest[] = []
  let refusals = { count: 0, status: 503 }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8')
      const headers = req.headers as Record<string, string>
      let status = 200
      let problem: string | undefined
      let body: WebhookRequest['body'] = JSON.parse(raw || '{}')
      try {
        body = new Webhook(secret).verify(raw, headers) as WebhookRequest['body']
        if (!validateBody(body)) throw new Error(`body does not follow the schema: ${JSON.stringify(validateBody.errors)}`)
        if (refusals.count > 0) {
          refusals.count--
          status = refusals.status
        }
      } catch (error) {
        status = 401
        problem = (error as Error).message
      }
      requests.push({
        id: headers['webhook-id']!,
        timestamp: Number(headers['webhook-timestamp']),
        body,
        status,
        signatures: (headers['webhook-signature'] ?? '').split(' ').filter(Boolean).length,
        problem,
        receivedAt: Date.now(),
      })
      res.writeHead(status, { 'Content-Type': 'application/json' }).end('{"ok":true}')
    })
  })
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  await listen(0)
  const port = (server.address() as AddressInfo).port
  const down = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve())
      server.closeAllConnections()
    })
  return {
    url: `http://127.0.0.1:${port}/hooks/catch/123/abc/`,
    get secret() {
      return secret
    },
    /** The CRM's side of a rotation: from now on only the new secret verifies. */
    rotate(next: string) {
      secret = next
    },
    requests,
    /** Requests answered 2xx: what the CRM took. */
    accepted: () => requests.filter((r) => r.status >= 200 && r.status < 300),
    /** Requests that failed verification or the schema (a test expects none). */
    unverified: () => requests.filter((r) => r.status === 401),
    refuse(count: number, status = 503) {
      refusals = { count, status }
    },
    down,
    up: () => listen(port),
    close: () => (server.listening ? down() : Promise.resolve()),
  }
}
export type FakeWebhook = Awaited<ReturnType<typeof startFakeWebhook>>
