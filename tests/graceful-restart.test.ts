import http from 'node:http'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { openStorage } from '#server/storage/storage.server.ts'
import { acmeRecord, contactPoster, validLead } from './contact-post.ts'
import { startFakeProvider } from './fake-provider.ts'
import { ensureBuilt, startSite } from './site-server.ts'

/** SIGTERM on a real server process: told to balancers first, no visitor lost, a clean exit. */

let provider: Awaited<ReturnType<typeof startFakeProvider>>
let site: Awaited<ReturnType<typeof startSite>>

beforeAll(async () => {
  ensureBuilt()
  provider = await startFakeProvider({ kind: 'ok', record: acmeRecord() })
  site = await startSite({ PAGE_API_URL: provider.url, DRAIN_SECONDS: '3' })
}, 120_000)
afterAll(async () => {
  await site?.kill()
  await provider?.close()
})

const form = (firstName: string) => new URLSearchParams({ ...validLead, firstName, contactWays: 'phone' }).toString()

/** A form post whose body arrives in two halves, the second one when `rest` resolves: in flight until then. */
function slowPost(body: string, rest: Promise<unknown>) {
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const req = http.request(`${site.url}/contact`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'Content-Length': Buffer.byteLength(body),
        Origin: site.url,
        'Sec-Fetch-Site': 'same-origin',
      },
    })
    req.on('response', (res) => {
      res.resume()
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }))
    })
    req.on('error', reject)
    const half = Math.floor(body.length / 2)
    req.write(body.slice(0, half))
    void rest.then(() => req.end(body.slice(half)))
  })
}

test('SIGTERM: healthz 503 at once, pages and leads during the drain, the request in flight at the cutoff completes, exit 0, then refused', async () => {
  expect((await site.get('/')).status).toBe(200)
  expect(await (await site.get('/healthz')).json()).toMatchObject({ ok: true })

  site.signal('SIGTERM')
  // The balancer's probe learns at once, from the moment the process says it drains; visitors still get pages.
  await expect.poll(() => site.logLines().some((line) => line.event === 'shutdown.draining')).toBe(true)
  const health = await site.get('/healthz')
  expect(health.status).toBe(503)
  expect(health.headers.get('cache-control')).toBe('no-store')
  expect(await health.json()).toEqual({ ok: false, draining: true })
  const page = await site.get('/about')
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Acme Fence')
  // A lead posted during the drain is stored.
  const post = contactPoster(site)
  expect((await post({ ...validLead, firstName: 'Drain', contactWays: 'phone' })).status).toBe(200)

  // A post under way when the listener closes: its body's second half arrives after the cutoff.
  const cutoff = expect.poll(() => site.logLines().some((line) => line.event === 'shutdown.closing')).toBe(true)
  const inFlight = slowPost(form('Cutoff'), cutoff)
  await cutoff
  // The listener no longer accepts: a new connection is refused while the old one finishes.
  await expect(fetch(`${site.url}/`)).rejects.toThrow()
  const answer = await inFlight
  expect(answer.status).toBe(200)
  expect(answer.connection).toBe('close')

  expect(await site.exited).toBe(0)
  await expect(fetch(`${site.url}/healthz`)).rejects.toThrow()
  const storage = await openStorage({ dataDir: site.dataDir, defaultSite: 'demo' })
  try {
    expect((await storage.leads.listLeads()).map((lead) => lead.relayBody.nombre).sort()).toEqual(['Cutoff', 'Drain'])
  } finally {
    await storage.close()
  }
  expect(site.logLines().map((line) => line.event)).toEqual(
    expect.arrayContaining(['shutdown.draining', 'shutdown.closing', 'shutdown.done']),
  )
})
