import net from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { ensureBuilt, startSite } from './site-server.ts'

/**
 * A process that runs out of file descriptors keeps serving: each listener holds at most the connections its
 * descriptor limit leaves room for (here 256 − 64), closes the others at once, says so once per listener and
 * counts them, and answers again as soon as connections close. The limit is the real one (prlimit).
 */
const OPEN_FILES = 256
const BOUND = OPEN_FILES - 64
const FLOOD = BOUND + 60

let site: Awaited<ReturnType<typeof startSite>>
/**
 * Probes of the site's listener that it closed untaken: sent just after a flood is released, before the server has
 * seen all its connections close, a probe can still meet the bound. It is a connection not taken like the others,
 * counted like them: the figures below expect the flood's and these.
 */
let siteProbesDropped = 0

beforeAll(async () => {
  ensureBuilt()
  site = await startSite({ METRICS_PORT: '0' }, undefined, { openFiles: OPEN_FILES })
})
afterAll(async () => {
  await site?.stop()
})

/** Opens `count` connections and holds them; resolves once each is either open or closed by the server. */
async function holdConnections(url: string, count: number) {
  const { hostname, port } = new URL(url)
  const sockets = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Socket>((resolve) => {
          const socket = net.connect(Number(port), hostname, () => resolve(socket))
          socket.on('error', () => resolve(socket))
        }),
    ),
  )
  // A connection the server closes at once is seen closed shortly after it opened: wait until the open ones are all it holds.
  await expect.poll(() => sockets.filter((s) => !s.closed).length).toBeLessThanOrEqual(BOUND)
  return { sockets, closedByServer: () => sockets.filter((s) => s.closed).length, release: () => sockets.forEach((s) => s.destroy()) }
}

const logged = (event: string, listener: string) => site.logLines().filter((line) => line.event === event && line.listener === listener)
const failuresIn = (metrics: string, listener: string) =>
  Number(new RegExp(`^tradesite_listener_errors_total\\{listener="${listener}",code="fd-limit"\\} (\\d+)$`, 'm').exec(metrics)?.[1] ?? 0)

test('connections past the descriptor bound are closed, logged once and counted; the site answers once they close', async () => {
  const flood = await holdConnections(site.url, FLOOD)
  expect(flood.closedByServer()).toBe(FLOOD - BOUND)
  // The process still has descriptors for its own work: the metrics listener answers during the flood.
  const during = await fetch(`${site.metricsUrl()}/metrics`).then((r) => r.text())
  expect(failuresIn(during, 'site')).toBe(FLOOD - BOUND)
  // The log line comes through the server's stdout, which may reach us after the sockets' closing did.
  await expect.poll(() => logged('listener.error', 'site')).toEqual([expect.objectContaining({ level: 'error', code: 'fd-limit' })])

  flood.release()
  await expect
    .poll(() =>
      site.get('/').then(
        (r) => r.status,
        () => (siteProbesDropped++, 0),
      ),
    )
    .toBe(200)
  expect(logged('listener.recovered', 'site')).toEqual([
    expect.objectContaining({ codes: ['fd-limit'], untaken: FLOOD - BOUND + siteProbesDropped }),
  ])
  expect(site.output()).not.toMatch(/EMFILE/)
})

test('the metrics listener is bounded and counted the same way', async () => {
  const flood = await holdConnections(site.metricsUrl()!, FLOOD)
  // The scrape of the test before may still hold a keep-alive connection here: one more closed, then.
  const closed = flood.closedByServer()
  expect(closed).toBeGreaterThanOrEqual(FLOOD - BOUND)
  await expect.poll(() => logged('listener.error', 'metrics')).toHaveLength(1) // through stdout, as the site's above
  flood.release()
  let probesDropped = 0 // as the site's, above
  const scrape = () =>
    fetch(`${site.metricsUrl()}/metrics`).then(
      (r) => r.text(),
      () => (probesDropped++, ''),
    )
  let text = ''
  await expect.poll(async () => (text = await scrape())).not.toBe('')
  expect(failuresIn(text, 'metrics')).toBe(closed + probesDropped)
  expect(failuresIn(text, 'site')).toBe(FLOOD - BOUND + siteProbesDropped)
  expect(logged('listener.error', 'metrics')).toHaveLength(1) // once for the whole flood
})
