// A lead reaches the contractor within seconds (issue 36): 100 leads posted to the production server one
// after another, each timed from the visitor's "sent" (the answer to POST /contact) to the SMTP server's
// acceptance of its email, to its webhook's 2xx and to the relay's 2xx. Real receivers on loopback: an
// SMTP server (smtp-server), a CRM that verifies each webhook (standardwebhooks) and a relay. The
// outbox runs on production's clock (RELAY_* unset). `BENCH_LEADS`, `BENCH_PORT` change the defaults.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import { Webhook } from 'standardwebhooks'
import { root } from '../server/process/ensure-build.js'
import { benchPort, startSite } from './serve.js'

const LEADS = Number(process.env.BENCH_LEADS ?? 100)
const port = benchPort(3307)
const secret = `whsec_${randomBytes(32).toString('base64')}`

/** When each receiver took each lead, by the visitor's email (each lead has its own). @type {Record<'email' | 'webhook' | 'relay', Map<string, number>>} */
const arrived = { email: new Map(), webhook: new Map(), relay: new Map() }
let refused = 0

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    const chunks = /** @type {Buffer[]} */ ([])
    stream.on('data', (c) => chunks.push(c))
    stream.on('end', () => {
      const replyTo = /^Reply-To: (.+)$/im.exec(Buffer.concat(chunks).toString('utf8'))?.[1]?.trim()
      if (replyTo) arrived.email.set(replyTo, Date.now())
      callback()
    })
  },
})
/** A loopback server for a handler, and its origin. @param {http.Server} server */
const listen = (server) =>
  new Promise((/** @type {(origin: string) => void} */ resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`),
    ),
  )
/** Reads a request's body, then answers. @param {(raw: string, req: http.IncomingMessage) => number} handle */
const receiver = (handle) =>
  http.createServer((req, res) => {
    let raw = ''
    req.on('data', (c) => (raw += c)).on('end', () => res.writeHead(handle(raw, req)).end())
  })
const crm = receiver((raw, req) => {
  try {
    const body = /** @type {{ data: { email: string } }} */ (
      new Webhook(secret).verify(raw, /** @type {Record<string, string>} */ (req.headers))
    )
    arrived.webhook.set(body.data.email, Date.now())
    return 204
  } catch {
    refused++
    return 401
  }
})
const relay = receiver((raw) => {
  arrived.relay.set(JSON.parse(raw).email, Date.now())
  return 200
})
const smtpPort = await new Promise((/** @type {(port: number) => void} */ resolve) =>
  smtp.listen(0, '127.0.0.1', () => resolve(/** @type {import('node:net').AddressInfo} */ (smtp.server.address()).port)),
)
const [crmOrigin, relayOrigin] = await Promise.all([listen(crm), listen(relay)])

const demo = JSON.parse(fs.readFileSync(path.join(root, 'demo/record.json'), 'utf8'))
const site = await startSite(port, {
  record: { ...demo, linkPostEmail: `${relayOrigin}/relay` },
  env: {
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Leads <leads@agency.example>',
    LEAD_EMAIL: 'owner@contractor.example',
    LEAD_WEBHOOK_URL: `${crmOrigin}/hooks/catch/1/bench/`,
    LEAD_WEBHOOK_SECRET: secret,
    OUTBOUND_ALLOW_ORIGINS: `${crmOrigin},${relayOrigin}`, // receivers on loopback, listed as an operator lists their own
    CONTACT_RATE_LIMIT: '10000', // one client sends them all
  },
})

/** @type {Map<string, number>} */
const sentAt = new Map()
for (let n = 0; n < LEADS; n++) {
  const email = `bench-${n}@example.com`
  const form = new URLSearchParams({
    firstName: 'Bench',
    lastName: `Visitor ${n}`,
    email,
    phone: '(303) 555-0100',
    address: `${n} Main St`,
    service: demo.dbServices[n % Math.min(6, demo.dbServices.length)].name,
    message: 'A new fence along the back of the yard.',
    place: 'contact',
  })
  const answer = await fetch(`${site.url}/contact`, {
    method: 'POST',
    body: form,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Sec-Fetch-Site': 'same-origin' },
  })
  if (answer.status !== 200) throw new Error(`lead ${n}: POST /contact answered ${answer.status}`)
  await answer.arrayBuffer()
  sentAt.set(email, Date.now())
}

const until = Date.now() + 120_000
while (Object.values(arrived).some((m) => m.size < LEADS) && Date.now() < until) await new Promise((r) => setTimeout(r, 100))

/** @param {number[]} sorted @param {number} q */
const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN
console.log(
  `${LEADS} leads posted one after another; from the visitor's "sent" to each destination's acceptance (shared 2-core machine: indicative)`,
)
for (const [kind, times] of Object.entries(arrived)) {
  const ms = [...sentAt].filter(([email]) => times.has(email)).map(([email, at]) => Math.max(0, (times.get(email) ?? at) - at))
  ms.sort((a, b) => a - b)
  console.log(
    `${kind.padEnd(8)} ${String(ms.length).padStart(3)}/${LEADS} arrived; p50 ${quantile(ms, 0.5)} ms, p95 ${quantile(ms, 0.95)} ms, max ${ms.at(-1)} ms`,
  )
}
if (refused) console.log(`! ${refused} webhook(s) failed verification`)
site.stop()
smtp.close()
crm.close()
relay.close()
