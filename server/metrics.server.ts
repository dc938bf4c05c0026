import type { IncomingMessage, ServerResponse } from 'node:http'
import client from 'prom-client'
import { DELIVERY_KINDS, type DeliveryCount } from './storage/lead-store.server.ts'
import { log } from './observability/log.js'
import type { RequestDone } from './http/request-log.server.ts'
import { siteState, type AppServices } from './services.server.ts'
import { listenerFailures } from './http/listener-errors.server.ts'

type RequestLabels = { site: string; status: number; cache: string }

/** One scrape's delivery counts serve every lead series; a second scrape within this window reads them again. */
const LEAD_COUNTS_MS = 1000

/**
 * The operator's view of the whole process, on its own listener (METRICS_PORT, loopback by
 * default), never on the public port: Prometheus metrics at /metrics and every site's state at
 * /sites. Labels stay bounded: a site is a configured site's id or "unknown", a status a number.
 */
export function createMetrics(services: AppServices) {
  const register = new client.Registry()
  client.collectDefaultMetrics({ register })

  // The sites file may change the sites (services.server.ts makes a new list each time): the set is rebuilt then.
  let servedList: unknown
  let servedIds = new Set<string>()
  const served = (id: string) => {
    const list = services.sites()
    if (list !== servedList) {
      servedList = list
      servedIds = new Set(list.map((site) => site.id))
    }
    return servedIds.has(id)
  }

  /** The label sets the request counter holds, by site: prom-client 15.1 removes a series by its whole label set. */
  const requestSeries = new Map<string, Map<string, RequestLabels>>()
  const requests = new client.Counter({
    name: 'tradesite_http_requests_total',
    help: 'Requests answered, by site, status and cache state (hit: page cache; miss: rendered; none: anything else).',
    labelNames: ['site', 'status', 'cache'] as const,
    registers: [register],
    collect() {
      // A site the sites file removed leaves with its series: a label no configured site has again is never scraped.
      for (const [site, series] of requestSeries) {
        if (site === 'unknown' || served(site)) continue
        for (const labels of series.values()) this.remove(labels)
        requestSeries.delete(site)
      }
    },
  })
  const render = new client.Histogram({
    name: 'tradesite_render_seconds',
    help: 'Time to answer a page React Router rendered (a page-cache miss), until its last byte.',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [register],
  })
  new client.Gauge({
    name: 'tradesite_record_age_seconds',
    help: 'Seconds since each site last fetched its page record from the provider (or since the copy on disk was fetched).',
    labelNames: ['site'] as const,
    registers: [register],
    collect() {
      this.reset()
      for (const site of services.sites()) {
        const { fetchedAt } = site.summary()
        // With a fleet, fetch times are on the database's clock: so is the age.
        if (fetchedAt) this.set({ site: site.id }, ((services.fleet?.now() ?? Date.now()) - Date.parse(fetchedAt)) / 1000)
      }
    },
  })
  new client.Counter({
    name: 'tradesite_record_fetches_total',
    help: 'Record requests this origin made to the provider, per site since it started (with DATABASE_URL, one origin of the fleet fetches each site per ttl).',
    labelNames: ['site'] as const,
    registers: [register],
    collect() {
      this.reset()
      for (const site of services.sites()) this.inc({ site: site.id }, site.records.fetches())
    },
  })
  new client.Counter({
    name: 'tradesite_memory_sheds_total',
    help: 'Times the heap neared its limit and the caches (rendered pages, held sites) let go of their least recently used half.',
    registers: [register],
    collect() {
      this.reset()
      this.inc(services.memorySheds())
    },
  })
  new client.Gauge({
    name: 'tradesite_fleet_mode',
    help: 'With DATABASE_URL: 1 while the database answers and the record is the fleet’s, 0 while this origin fetches for itself.',
    registers: services.fleet ? [register] : [], // one origin on its own has no fleet to report
    collect() {
      if (services.fleet) this.set(services.fleet.state().mode === 'on' ? 1 : 0)
    },
  })
  new client.Counter({
    name: 'tradesite_record_fetch_failures_total',
    help: 'Record fetches that failed (provider down, slow, or answering something else), per site since it started.',
    labelNames: ['site'] as const,
    registers: [register],
    collect() {
      this.reset()
      for (const site of services.sites()) this.inc({ site: site.id }, site.records.failures())
    },
  })

  new client.Counter({
    name: 'tradesite_actions_total',
    help: 'Actions that bring work, counted by this process per site: phone, chat, email, map and social taps, forms started, estimate requests stored.',
    labelNames: ['site', 'action'] as const,
    registers: [register],
    collect() {
      this.reset()
      for (const { labels, count } of services.actionTallies.entries()) if (served(labels.site)) this.inc(labels, count)
    },
  })

  // Read from the store at scrape time (one grouped query), so every instance sharing it reports the same.
  let deliveryCounts: { at: number; counts: Promise<DeliveryCount[]> } | undefined
  const readDeliveryCounts = () => {
    if (!deliveryCounts || Date.now() - deliveryCounts.at > LEAD_COUNTS_MS)
      deliveryCounts = { at: Date.now(), counts: services.storage.leads.deliveryCounts().catch(() => []) }
    return deliveryCounts.counts
  }
  // Deliveries of a site no longer served count under "unknown": the label stays one of the configured sites.
  const siteLabel = (site: string) => (served(site) ? site : 'unknown')
  new client.Gauge({
    name: 'tradesite_leads',
    help: 'Stored leads by site and relay state (pending, held, delivered, failed).',
    labelNames: ['site', 'state'] as const,
    registers: [register],
    async collect() {
      this.reset()
      for (const { site, kind, state, count } of await readDeliveryCounts())
        if (kind === 'relay') this.inc({ site: siteLabel(site), state }, count)
    },
  })
  new client.Gauge({
    name: 'tradesite_lead_deliveries',
    help: "Stored leads' deliveries by site, destination kind (relay, email, webhook) and state (pending, held, delivered, failed).",
    labelNames: ['site', 'kind', 'state'] as const,
    registers: [register],
    async collect() {
      this.reset()
      for (const { site, kind, state, count } of await readDeliveryCounts()) this.inc({ site: siteLabel(site), kind, state }, count)
    },
  })
  new client.Gauge({
    name: 'tradesite_lead_destinations_needing_attention',
    help: "A site's own lead destinations (email, webhook) that failed and have not delivered since, by site, kind and whether paused (a 410: later leads wait until it is re-enabled in the console).",
    labelNames: ['site', 'kind', 'paused'] as const,
    registers: [register],
    async collect() {
      this.reset()
      for (const { site, kind, paused } of await services.storage.leads.troubles().catch(() => []))
        this.inc({ site: siteLabel(site), kind, paused: String(paused) })
    },
  })
  new client.Counter({
    name: 'tradesite_result_reports_total',
    help: 'Monthly reports this process emailed on the 1st, by site and outcome: sent, empty (nothing counted), retry (the mail server is asked again later), failed (refused).',
    labelNames: ['site', 'outcome'] as const,
    registers: [register],
    collect() {
      this.reset()
      for (const { labels, count } of services.reports?.tally() ?? []) this.inc({ ...labels, site: siteLabel(labels.site) }, count)
    },
  })
  new client.Gauge({
    name: 'tradesite_lead_oldest_pending_seconds',
    help: 'Age of the oldest delivery of each kind still waiting (0 when none waits); a delivery is given up after three days.',
    labelNames: ['kind'] as const,
    registers: [register],
    async collect() {
      const counts = await readDeliveryCounts()
      for (const kind of DELIVERY_KINDS) {
        const pending = counts.filter((c) => c.kind === kind && c.state === 'pending').map((c) => c.oldestQueuedAt)
        this.set({ kind }, pending.length ? Math.max(0, (Date.now() - Math.min(...pending)) / 1000) : 0)
      }
    },
  })
  // What this process sent: one counter per outcome of the outbox's tally.
  for (const [name, outcome, help] of [
    [
      'tradesite_lead_deliveries_total',
      'delivered',
      'Lead deliveries this process sent that their destination took, by site and kind (relay, email, webhook).',
    ],
    [
      'tradesite_lead_delivery_failures_total',
      'failed',
      'Lead delivery attempts this process made that failed (retried later, or given up), by site and kind.',
    ],
  ] as const) {
    new client.Counter({
      name,
      help,
      labelNames: ['site', 'kind'] as const,
      registers: [register],
      collect() {
        this.reset()
        for (const { labels, count } of services.outbox.sentTally().entries())
          if (labels.outcome === outcome) this.inc({ site: siteLabel(labels.site), kind: labels.kind }, count)
      },
    })
  }
  new client.Gauge({
    name: 'tradesite_images',
    help: "Record images by state: ready (variants made), pending (waiting or encoding), failed. With DATABASE_URL, the whole fleet's.",
    labelNames: ['state'] as const,
    registers: [register],
    collect() {
      const { ready, pending, failed } = services.images.status()
      this.set({ state: 'ready' }, ready)
      this.set({ state: 'pending' }, pending)
      this.set({ state: 'failed' }, failed)
    },
  })
  new client.Counter({
    name: 'tradesite_image_work_total',
    help: "Record photos this process downloaded and encoded since it started (with DATABASE_URL, the fleet's other origins did the rest).",
    labelNames: ['step'] as const,
    registers: [register],
    collect() {
      this.reset()
      const { downloadsHere, encodesHere } = services.images.status()
      this.inc({ step: 'download' }, downloadsHere)
      this.inc({ step: 'encode' }, encodesHere)
    },
  })
  new client.Gauge({
    name: 'tradesite_images_refused_for_room',
    help: 'Record photos refused because the variants reached their bound (IMAGE_DISK_MB; with DATABASE_URL, IMAGE_DATABASE_MB): 0 unless the bound is reached.',
    registers: [register],
    collect() {
      this.set(services.images.status().full)
    },
  })
  const fleetImages = services.images.status().store === 'fleet' ? [register] : []
  new client.Gauge({
    name: 'tradesite_image_database_bytes',
    help: "With DATABASE_URL: the bytes of the fleet's picture variants in PostgreSQL (bounded by tradesite_image_database_limit_bytes).",
    registers: fleetImages,
    collect() {
      this.set(services.images.status().databaseBytes ?? 0)
    },
  })
  new client.Gauge({
    name: 'tradesite_image_database_limit_bytes',
    help: "With DATABASE_URL: IMAGE_DATABASE_MB, the bound of the fleet's picture variants in PostgreSQL.",
    registers: fleetImages,
    collect() {
      this.set(services.images.status().databaseLimitBytes ?? 0)
    },
  })
  new client.Gauge({
    name: 'tradesite_page_cache_bytes',
    help: 'Bytes the rendered-page cache holds (pre-compressed pages, every site together).',
    registers: [register],
    collect() {
      this.set(services.pages.stats().bytes)
    },
  })

  new client.Counter({
    name: 'tradesite_listener_errors_total',
    help: 'Connections a listener (site, metrics, …) could not take since start, by error code (EMFILE: the process ran out of file descriptors); it keeps listening.',
    labelNames: ['listener', 'code'] as const,
    registers: [register],
    collect() {
      this.reset()
      for (const { labels, count } of listenerFailures()) this.inc(labels, count)
    },
  })

  /** The whole process, site by site: what /healthz shows one host, for every site. */
  const sitesView = async () => {
    const counts = await readDeliveryCounts()
    /** Deliveries still to go (pending or held) of one site, by kind. */
    const backlog = (id: string) =>
      Object.fromEntries(
        DELIVERY_KINDS.map((kind) => [
          kind,
          counts
            .filter((c) => c.site === id && c.kind === kind && c.state !== 'delivered' && c.state !== 'failed')
            .reduce((n, c) => n + c.count, 0),
        ]),
      )
    return {
      storage: services.storage.kind,
      ...(services.fleet ? { fleet: services.fleet.state() } : {}),
      images: services.images.status(),
      pageCache: services.pages.stats(),
      heldSites: services.heldSites.stats(),
      memory: { sheds: services.memorySheds() },
      sites: services.sites().map((site) => ({
        id: site.id,
        hosts: site.config.hosts,
        ...siteState(site, services.images),
        leadBacklog: backlog(site.id),
      })),
    }
  }

  return {
    /** Counts one finished request (http/request-log.server.ts). */
    countRequest(request: RequestDone) {
      // A request that began before its site was removed, and ends after, counts under "unknown" too.
      const labels = { site: request.site && served(request.site) ? request.site : 'unknown', status: request.status, cache: request.cache }
      requests.inc(labels)
      const series = requestSeries.get(labels.site) ?? requestSeries.set(labels.site, new Map()).get(labels.site)!
      series.set(`${labels.status} ${labels.cache}`, labels)
      if (request.cache === 'miss' && request.renderSeconds !== undefined) render.observe(request.renderSeconds)
    },
    /** The metrics listener's requests: GET /metrics and GET /sites. */
    async handle(req: IncomingMessage, res: ServerResponse) {
      const path = (req.url ?? '').split('?')[0]
      try {
        if (req.method === 'GET' && path === '/metrics') {
          const text = await register.metrics()
          return void res.writeHead(200, { 'Content-Type': register.contentType, 'Cache-Control': 'no-store' }).end(text)
        }
        if (req.method === 'GET' && path === '/sites') {
          return void res
            .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
            .end(JSON.stringify(await sitesView()))
        }
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('GET /metrics or /sites\n')
      } catch (error) {
        log.error({ event: 'metrics.failed', error: String(error) }, 'a metrics scrape failed')
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed\n')
      }
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>
