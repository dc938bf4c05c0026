import { createRequestHandler } from '@react-router/express'
import type { IncomingMessage, ServerResponse } from 'node:http'
import express from 'express'
import { rateLimit } from 'express-rate-limit'
import 'react-router'
import type { AppServices, Site } from './services.server.ts'
import { parseEnv, type Env } from './env.server.ts'
import type { PageCache } from './pages/page-cache.server.ts'
import { notFoundKey, pageKey, pagePath, type PageScope } from './pages/page-key.server.ts'
import { answerPage } from './pages/page-response.server.ts'
import { formStringsFor } from '#app/forms/form-strings.ts'
import { isCrossOriginPost } from './same-origin.server.ts'
import { applySecurityHeaders, securityHeaders } from './security-headers.server.ts'
import { imageRoutes } from './images/image-routes.server.ts'
import { startServices } from './services.server.ts'
import { hostOnly } from './sites/site-config.server.ts'
import { storageRateLimitStore } from './storage/rate-limit-store.server.ts'
import type { RateLimitStorage } from './storage/storage.server.ts'
import type { ReactNode } from 'react'

// The contractor's leads command (server/leads.js) runs from the same build.
export { main as leadsCli } from './leads-cli.ts'

/** Where a rendered page is kept: entry.server.tsx stores it under the key for its status and route. */
export type PageSlot = { cache: PageCache; keyFor: (status: number, leafRouteId: string) => string; ttlSeconds: number }

declare module 'react-router' {
  interface AppLoadContext {
    /** The site the request's host names. */
    services: Site
    /** The site's page snapshot when the request arrived; loaders read it through currentSnapshot (app/record/current-record.server.ts). */
    snapshot: ReturnType<Site['records']['current']>
    clientIp: string | undefined
    /** Set when this client has sent too many form posts; the contact action answers 429. */
    rateLimited: boolean
    /** Public origin for canonical URLs: the site's siteUrl, else the request's own. */
    siteUrl: string
    page: PageSlot
    /** This page's static blocks and head texts, set by its loaders (app/ui/static-block.server.tsx). */
    staticBlocks: Map<string, ReactNode>
  }
}

/**
 * The site: `servePage` answers requests for pages already rendered, straight from the page cache,
 * before Express runs at all (server/start.js); `app` does the rest: security headers, health
 * check, the site for the host, then React Router.
 */
export async function createApp(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(source)
  const services = await startServices(env)
  const app = siteExpress(env)

  /** Answers a request for a page already rendered, straight from the cache; false when it is not one. */
  function servePage(req: IncomingMessage, res: ServerResponse): boolean {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const url = req.url ?? '/'
    const at = url.indexOf('?')
    const pathname = at === -1 ? url : url.slice(0, at)
    if (pathname.endsWith('.data')) return false
    const site = services.siteFor(hostOnly(req.headers.host))
    if (!site) return false
    const protocol = requestProtocol(req, Boolean(env.TRUST_PROXY))
    const origin = site.config.siteUrl ?? `${protocol}://${req.headers.host}`
    const page = services.pages.get(
      pageKey({ siteId: site.id, version: site.pageSnapshot().version, origin }, pagePath(pathname, at === -1 ? '' : url.slice(at))),
    )
    if (!page) return false
    const answer = answerPage({ method: req.method, headers: req.headers }, page, env.RECORD_TTL_SECONDS)
    applySecurityHeaders(res, protocol === 'https', page.csp)
    res.writeHead(answer.status, answer.headers).end(answer.body)
    return true
  }

  app.use(securityHeaders)
  app.get('/healthz', (req, res) => {
    const own = services.siteFor(req.hostname) ?? services.sites[0]!
    res.set('Cache-Control', 'no-store').json({
      ok: true,
      record: recordState(own),
      recordReport: own.report.counts(),
      sites: services.sites.map((site) => ({ id: site.id, hosts: site.config.hosts, record: recordState(site) })),
      storage: services.storage.kind,
      images: services.images.status(),
      pageCache: services.pages.stats(),
      memoryMb: memoryMb(),
    })
  })
  // A host this process does not serve learns nothing, not even which sites exist.
  app.use((req, res, next) => {
    const site = services.siteFor(req.hostname)
    if (!site) return void res.status(404).set('Cache-Control', 'no-store').type('text').send('Not found.')
    res.locals.site = site
    next()
  })
  app.use(imageRoutes(services.images))
  app.post(['/contact', '/contact.data'], contactPostGuards(env.CONTACT_RATE_LIMIT, services.storage.rateLimits))

  app.use(
    createRequestHandler({
      build: () => import('virtual:react-router/server-build'),
      getLoadContext: (req, res) => {
        const site = res.locals.site as Site
        // Read once: the page renders this snapshot (app/record/current-record.server.ts) and is cached under its version.
        const snapshot = site.pageSnapshot()
        const scope = pageScope(site, snapshot.version, req)
        return {
          services: site,
          snapshot,
          clientIp: req.ip,
          rateLimited: res.locals.rateLimited === true,
          siteUrl: scope.origin,
          staticBlocks: new Map(),
          page: {
            cache: services.pages,
            // Pages read no tracking parameter (utm_*, fbclid…), so every variant of a URL is one page.
            keyFor: (status, leafRouteId) =>
              status === 404 ? notFoundKey(scope, leafRouteId) : pageKey(scope, pagePath(req.path, searchOf(req.url))),
            ttlSeconds: env.RECORD_TTL_SECONDS,
          },
        }
      },
    }),
  )
  return { app, servePage, env, close: () => services.close() }
}

function siteExpress(env: Env) {
  const app = express()
  app.disable('x-powered-by')
  app.disable('etag') // pages carry their own strong ETag
  if (env.TRUST_PROXY) app.set('trust proxy', env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY)
  return app
}

/** As Express's req.protocol: X-Forwarded-Proto only from a trusted proxy. */
function requestProtocol(req: IncomingMessage, trustProxy: boolean): 'http' | 'https' {
  const forwarded = trustProxy
    ? String(req.headers['x-forwarded-proto'] ?? '')
        .split(',')[0]!
        .trim()
    : ''
  if (forwarded === 'https' || forwarded === 'http') return forwarded
  return (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http'
}

/** What a page depends on besides its path: the site, its record version, its public origin. */
function pageScope(site: Site, version: string, req: express.Request): PageScope {
  return { siteId: site.id, version, origin: site.config.siteUrl ?? `${req.protocol}://${req.get('host')}` }
}

const searchOf = (url: string) => {
  const at = url.indexOf('?')
  return at === -1 ? '' : url.slice(at)
}

function recordState(site: AppServices['sites'][number]) {
  const { origin, fetchedAt, version, lastError } = site.records.current()
  return { source: origin, fetchedAt, version, lastError }
}

function memoryMb() {
  const { rss, heapTotal, heapUsed, external } = process.memoryUsage()
  const mb = (bytes: number) => Math.round(bytes / 1048576)
  return { rss: mb(rss), heapTotal: mb(heapTotal), heapUsed: mb(heapUsed), external: mb(external) }
}

export const CONTACT_BODY_LIMIT_BYTES = 64 * 1024
const CONTACT_WINDOW_MS = 10 * 60 * 1000

/**
 * Form posts: a body size limit, the same-origin check (a readable refusal in the site's language),
 * and a per-IP rate limit that lets the contact action answer (so the visitor gets a readable message
 * in the page, with or without JavaScript). The counters live in the storage, so instances sharing
 * a database share the limit.
 */
const contactPostGuards = (postsPerWindow: number, counters: RateLimitStorage) => [
  (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const length = Number(req.headers['content-length'] ?? NaN)
    if (!Number.isFinite(length)) return void res.status(411).type('text').send('A form post needs a Content-Length.')
    const answers = () => formStringsFor((res.locals.site as Site).records.current().record.labels.formLabel).answers
    if (length > CONTACT_BODY_LIMIT_BYTES) return void res.status(413).type('text').send(answers().tooLarge)
    if (isCrossOriginPost({ get: (name) => req.get(name) })) {
      return void res.status(403).set('Cache-Control', 'no-store').type('text').send(answers().crossOrigin)
    }
    next()
  },
  rateLimit({
    windowMs: CONTACT_WINDOW_MS,
    limit: postsPerWindow,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: storageRateLimitStore(counters, { prefix: 'contact:' }),
    // Storage unreachable: let the post through to the action, which then answers with a readable error.
    passOnStoreError: true,
    handler: (_req, res, next) => {
      res.locals.rateLimited = true
      next()
    },
  }),
]
