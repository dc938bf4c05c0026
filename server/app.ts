import type { IncomingMessage, ServerResponse } from 'node:http'
import express, { type RequestHandler } from 'express'
import 'react-router'
import type { ServerBuild } from 'react-router'
import type { Site } from './services.server.ts'
import { parseEnv } from './config/env.server.ts'
import { createGate } from './gate/request-gate.server.ts'
import { createPostGuards } from './gate/post-guards.server.ts'
import { keepResolved, resolvedOf } from './gate/resolved.server.ts'
import type { ContactPass, ResolvedRequest } from './gate/request-resolver.server.ts'
import { compileTrust } from './config/trust-proxy.server.ts'
import type { PageCache } from './pages/page-cache.server.ts'
import { notFoundKey, pageKey, pagePath, type PageScope } from './pages/page-key.server.ts'
import { notFoundRouteFinder } from './pages/not-found-route.server.ts'
import { answerPage } from './pages/page-response.server.ts'
import { reactRouterHandler } from './pages/react-router-handler.server.ts'
import { applySecurityHeaders, securityHeaders } from './http/security-headers.server.ts'
import { imageRoutes } from './images/image-routes.server.ts'
import { siteState, startServices } from './services.server.ts'
import { createMetrics } from './metrics.server.ts'
import { closeConnectionsAfterAnswers, observationOf, observeRequest } from './http/request-log.server.ts'
import { answerTlsAsk } from './http/tls-ask.server.ts'
import { consoleConfig } from './console/console-config.server.ts'
import { createConsoleServer } from './console/console-server.server.ts'
import { keepListening } from './http/listener-errors.server.ts'
import { parseResultEvent } from './results/results-counter.server.ts'
import { createSharePages } from './results/share-page.server.ts'
import { hideShareToken, SHARE_PATH } from './results/share-link.server.ts'
import { log } from './observability/log.js'
import { firstPaintInliner } from './pages/first-paint.server.ts'
import type { ReactNode } from 'react'

// The contractor's leads command (server/cli/leads.js) and the console's (server/cli/console.js) run from the same build.
export { main as leadsCli } from './cli/leads-cli.ts'
export { main as consoleCli } from './cli/console-cli.ts'
export { main as sitesCli } from './cli/sites-cli.ts'

/** Where a rendered page is kept: entry.server.tsx stores it under the key for its status and route. */
export type PageSlot = {
  cache: PageCache
  keyFor: (status: number, leafRouteId: string) => string
  ttlSeconds: number
  /** Puts in a rendered page what its first paint needs from the build (INLINE_PAGE_ASSETS); none on the dev server. */
  inlineFirstPaint?: (html: string) => string
}

declare module 'react-router' {
  interface AppLoadContext {
    /** The site the request's host names. */
    services: Site
    /** The site's page snapshot when the request arrived; loaders read it through currentSnapshot (app/record/current-record.server.ts). */
    snapshot: ReturnType<Site['records']['current']>
    clientIp: string
    /**
     * Set only on a post the gate's contact guards have passed (server/gate/): the contact action
     * refuses anything else. `rateLimited`: this client has sent too many; the action answers 429, and
     * settles the count with whether the post stored a lead.
     */
    contact: ContactPass | undefined
    /** Public origin for canonical URLs: the site's siteUrl, else the request's own. */
    siteUrl: string
    page: PageSlot
    /** This page's static blocks and head texts, set by its loaders (app/ui/static-block.server.tsx). */
    staticBlocks: Map<string, ReactNode>
  }
}

/** The record a site serves (its original picture URLs: the report finds the logo's variants itself), none before its first. */
function shareRecord(site: Site) {
  const { record, origin, version } = site.records.current()
  return { record: origin === 'empty' ? null : record, version }
}

const loadBuild = () => import('virtual:react-router/server-build') as Promise<ServerBuild>

/**
 * The site. `handle` is every request's way in: the gate (server/gate/) judges it first; a page
 * already rendered is answered straight from the cache; `next` (the caller's static files, then
 * `app`) gets the rest: security headers, health check, the site for the host, then React Router.
 * `clientFiles`: the build's browser files (build/client), whose stylesheet rules and icons the pages put inline with INLINE_PAGE_ASSETS.
 */
export async function createApp(source: NodeJS.ProcessEnv = process.env, { clientFiles }: { clientFiles?: string } = {}) {
  const env = parseEnv(source)
  const inlineFirstPaint = clientFiles && env.INLINE_PAGE_ASSETS ? firstPaintInliner(clientFiles) : undefined
  const services = await startServices(env)
  const trust = compileTrust(env.TRUST_PROXY)
  const gate = createGate({
    trust,
    siteFor: services.siteFor,
    ...createPostGuards({
      contactPostsPerWindow: env.CONTACT_RATE_LIMIT,
      visitPostsPerWindow: env.VISITS_RATE_LIMIT,
      resultPostsPerWindow: env.RESULTS_RATE_LIMIT,
      counters: services.storage.rateLimits,
      keys: services.dayKeys,
    }),
  })
  // Only with a metrics listener: without one, nothing is counted (and no process metrics are sampled).
  const metrics = env.METRICS_PORT === undefined ? null : createMetrics(services)
  /** Set on SIGTERM (server/process/start.js): /healthz answers 503 so balancers and cache probes stop sending. */
  let draining = false
  const notFoundRoute = notFoundRouteFinder((await loadBuild()).routes)
  let consoleServer: ReturnType<typeof createConsoleServer> | undefined
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag') // pages carry their own strong ETag
  app.set('trust proxy', trust) // Express's own req.ip and req.secure follow the gate's rules

  const scopeOf = (site: Site, request: ResolvedRequest): PageScope => ({
    siteId: site.id,
    version: site.pageSnapshot().version,
    origin: request.publicOrigin,
  })

  /**
   * Answers a GET or HEAD for a page already rendered, from the cache; false when there is none.
   * `notFound`: the 404 page of the route that would answer this path with a 404 (only asked once
   * Express's own routes — static files, images, health — have passed on the path).
   */
  function servePage(req: IncomingMessage, res: ServerResponse, request: ResolvedRequest, notFound = false): boolean {
    const { site, pathname } = request
    // React Router's own requests (data, and the route manifest a fetcher's form asks for) are never pages:
    // once any 404 was cached, /__manifest would otherwise get that page, and the browser a console error.
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !site || pathname.endsWith('.data') || pathname === '/__manifest') return false
    const scope = scopeOf(site, request)
    const routeId = notFound && notFoundRoute(pathname, site.pageSnapshot().record)
    const page = services.pages.get(routeId ? notFoundKey(scope, routeId) : pageKey(scope, pagePath(pathname, request.search)))
    if (!page) return false
    const answer = answerPage({ method: req.method, headers: req.headers }, page, env.RECORD_TTL_SECONDS)
    applySecurityHeaders(res, request.protocol === 'https', page.csp)
    res.writeHead(answer.status, answer.headers).end(answer.body)
    observationOf(req)!.cache = 'hit'
    return true
  }

  /**
   * Every request: given its id and log line, judged by the gate, then answered from the page cache
   * or handed to `next`. The TLS proxy's ask comes first: it names no site, on any Host header.
   */
  async function handle(req: IncomingMessage, res: ServerResponse, next: () => void) {
    const seen = observeRequest(req, res, metrics?.countRequest, hideShareToken)
    if (answerTlsAsk(req, res, services.listsHost)) return
    const request = await gate(req, res)
    if (!request) return
    seen.site = request.site?.id
    // A site not held in memory comes back from its last good record first (server/held-site.server.ts).
    await request.site?.ready()
    keepResolved(req, request)
    if (!servePage(req, res, request)) next()
  }

  app.use(securityHeaders)
  app.get('/healthz', (req, res) => {
    res.set('Cache-Control', 'no-store')
    if (draining) return void res.status(503).json({ ok: false, draining: true })
    // A host no site lists learns nothing, not even which sites exist.
    const site = resolvedOf(req).site
    const { record, recordReport, images } = site ? siteState(site, services.images) : {}
    // The database's error names its address: it stays on the metrics listener's /sites and in the log.
    const { error: _private, ...fleetState } = services.fleet?.state() ?? {}
    const fleet = services.fleet ? { fleet: fleetState } : {}
    res.json(site ? { ok: true, record, recordReport, storage: services.storage.kind, ...fleet, images } : { ok: true })
  })
  app.use((req, res, next) => {
    if (!resolvedOf(req).site) return void res.status(404).set('Cache-Control', 'no-store').type('text').send('Not found.')
    next()
  })
  // The page's beacon (server/pages/page-script.server.ts); the gate bounded its body, checked its origin and counted the client.
  app.post('/api/results', (req, res) => {
    const request = resolvedOf(req)
    const site = request.site!
    res.set('Cache-Control', 'no-store')
    const type = req.headers['content-type'] ?? ''
    if (!/^(text\/plain|application\/json)\b/i.test(type)) return void res.status(415).type('text').send('Send the event as text.')
    const event = parseResultEvent(request.body ?? '')
    if (!event) return void res.status(400).type('text').send('Not an event.')
    // A page fetched ahead of a visit (prefetch, prerender) is not a visit; the script waits for a prerendered page to show.
    if (req.headers['sec-purpose'] || req.headers.purpose) return void res.status(204).end()
    const { config } = site
    site.results
      .recordEvent(event, {
        clientIp: request.clientIp,
        userAgent: req.headers['user-agent'],
        ownHosts: [request.host, ...config.hosts, ...(config.siteUrl ? [new URL(config.siteUrl).host] : [])],
        isNotFound: (path) => notFoundRoute(path, site.pageSnapshot().record) !== undefined,
      })
      .then(
        () => res.status(204).end(),
        (error: unknown) => {
          log.warn({ event: 'results.not-counted', site: site.id, error: String(error) }, 'a results event could not be counted')
          res.status(503).end()
        },
      )
  })
  // The month's report for whoever holds the site's share link (server/results/share-page.server.ts): never cached, never indexed.
  const sharePage = createSharePages({ results: services.storage.results, images: services.images })
  app.get(`${SHARE_PATH}:token`, async (req, res) => {
    const site = resolvedOf(req).site!
    const shared = { config: site.config, record: () => shareRecord(site), leads: site.delivery.leads }
    const answer = await sharePage(shared, req.params.token, req.query.month).catch((error: unknown) => {
      log.warn({ event: 'results.share-failed', site: site.id, error: String(error) }, 'a shared report could not be read')
      return null
    })
    if (!answer)
      return void res.status(503).set('Cache-Control', 'no-store').type('text').send('The report cannot be read now; try again soon.')
    res.status(answer.status).set(answer.headers).type(answer.type).send(answer.body)
  })
  app.use(imageRoutes(services.images))
  // Every unknown URL of a route is one cached 404: a flood of them runs no loader.
  app.use((req, res, next) => {
    if (!servePage(req, res, resolvedOf(req), true)) next()
  })
  app.use(
    reactRouterHandler(loadBuild, (req) => {
      const request = resolvedOf(req)
      if (req.method !== 'POST') Object.assign(observationOf(req)!, { cache: 'miss', renderStart: performance.now() })
      const site = request.site!
      // Read once: the page renders this snapshot (app/record/current-record.server.ts) and is cached under its version.
      const snapshot = site.pageSnapshot()
      const scope: PageScope = { siteId: site.id, version: snapshot.version, origin: request.publicOrigin }
      return {
        services: site,
        snapshot,
        clientIp: request.clientIp,
        contact: request.contact,
        siteUrl: request.publicOrigin,
        staticBlocks: new Map(),
        page: {
          cache: services.pages,
          // Pages read no tracking parameter (utm_*, fbclid…), so every variant of a URL is one page.
          keyFor: (status, leafRouteId) =>
            status === 404 ? notFoundKey(scope, leafRouteId) : pageKey(scope, pagePath(request.pathname, request.search)),
          ttlSeconds: env.RECORD_TTL_SECONDS,
          inlineFirstPaint,
        },
      }
    }),
  )
  return {
    app,
    handle,
    env,
    /** The metrics listener's handler (METRICS_PORT): /metrics and /sites. */
    operator: metrics?.handle,
    /** Every listener of the process, once it listens: a connection it cannot take (EMFILE) is logged and counted, never the process's end. */
    keepListening,
    /** SIGTERM: from now on /healthz answers 503 while pages are still served. */
    startDraining() {
      draining = true
    },
    /** The drain is over: every answer from now on (and those under way) closes its keep-alive connection. */
    stopKeepAlive: closeConnectionsAfterAnswers,
    /** SIGHUP: read SITES_FILE again. */
    reloadSites: () => services.reloadSites(),
    /**
     * The console's listener handler (CONSOLE_PORT set), over these very services, given its React Router build and
     * its browser files (server/process/start.js: the built ones, or the dev server's); undefined without a console.
     */
    startConsole:
      env.CONSOLE_PORT === undefined
        ? undefined
        : (loadBuild: () => Promise<ServerBuild>, assets: RequestHandler) =>
            (consoleServer = createConsoleServer({ services, env, config: consoleConfig(env)!, loadBuild, assets })),
    close() {
      consoleServer?.close()
      return services.close()
    },
  }
}
