import type { IncomingMessage, ServerResponse } from 'node:http'
import express, { type RequestHandler } from 'express'
import type { AppLoadContext, ServerBuild } from 'react-router'
import type { Env } from '../config/env.server.ts'
import type { AppServices } from '../services.server.ts'
import { readBody } from '../gate/read-body.server.ts'
import { rateLimitAddress } from '../gate/post-guards.server.ts'
import { compileTrust } from '../config/trust-proxy.server.ts'
import { isCrossOriginPost } from '../http/same-origin.server.ts'
import { consoleSecurityHeaders } from '../http/security-headers.server.ts'
import { log } from '../observability/log.js'
import { observeRequest } from '../http/request-log.server.ts'
import { reactRouterHandler } from '../pages/react-router-handler.server.ts'
import { StartupError } from '../observability/startup-error.js'
import type { ConsoleConfig } from './console-config.server.ts'
import type { AttemptKind, ConsoleContext } from './console-context.ts'
import { ABSOLUTE_MS, IDLE_MS } from './sessions.server.ts'
import { createSiteApi } from './site-api.server.ts'

/** The largest body a console page posts (a passkey's response, a form): anything bigger is refused while it streams. */
const BODY_LIMIT = 64 * 1024
const WINDOW_MS = 10 * 60 * 1000
/** Activity is kept 13 months: a year back, and the month before it to compare. */
const ACTIVITY_MONTHS = 13
const PRUNE_EVERY_MS = 6 * 3600 * 1000
/** Spent challenges go with the minute's other sweeps (the day keys'): a burst of ceremonies never stays long. */
const CHALLENGE_SWEEP_MS = 60_000
/** What a console route reads: its forms and the passkey ceremonies' JSON; anything else is refused before a route runs. */
const METHOD_NOT_ALLOWED = () =>
  new Response('Method not allowed.', { status: 405, headers: { 'Content-Type': 'text/plain; charset=utf-8', Allow: 'GET, HEAD' } })
const READABLE_BODIES = new Set(['application/x-www-form-urlencoded', 'application/json'])

/** An invitation's token is a secret: the request log names the page, never the token. */
const redactPath = (path: string) => path.replace(/^\/invitations\/[^/]+/, '/invitations/…')

export interface ConsoleServerOptions {
  services: AppServices
  env: Env
  config: ConsoleConfig
  /** The console's React Router build (build/console/server, or the dev server's from the sources). */
  loadBuild: () => Promise<ServerBuild>
  /** Its browser files (build/console/client, or the dev server's modules). */
  assets: RequestHandler
}

/**
 * The console's listener (issue 35): the same process and services as the sites, its own port, host name,
 * React Router app, headers and limits. Every answer is `private, no-store` with the console's CSP; a request
 * for any other host name, a method other than GET, HEAD and POST, a post from another origin or a body over
 * 64 KiB is refused before any route runs. Loaders get the site's own services (ConsoleContext).
 */
export function createConsoleServer({ services, env, config, loadBuild, assets }: ConsoleServerOptions) {
  if (services.listsHost(config.rpId))
    throw new StartupError(`CONSOLE_URL's host ${config.rpId} is a site's host in SITES_FILE: give the console a host name of its own.`)
  const store = services.storage.console
  // The site's own mail server connections (SMTP_URL), for invitations.
  const { mailer } = services
  // The build is read now, not at the first request: the first page an agency opens after a restart is not the slow one.
  void loadBuild().catch((error: unknown) =>
    log.error({ event: 'console.build-failed', err: error }, 'the console build could not be loaded'),
  )
  const bodies = new WeakMap<IncomingMessage, Buffer>()

  /** One more hit of `who` (a client's address as the gate groups it, or a subject); false past CONSOLE_RATE_LIMIT in 10 minutes. */
  async function hit(kind: string, who: string): Promise<boolean> {
    const key = await services.dayKeys.client(`console-${kind}`, who)
    const { hits } = await services.storage.rateLimits.hit(key, Date.now(), WINDOW_MS)
    return hits <= config.attemptsPerWindow
  }
  async function attempt(kind: AttemptKind, clientIp: string, subject?: string): Promise<boolean> {
    const byClient = await hit(kind, rateLimitAddress(clientIp))
    return (subject === undefined || (await hit(`${kind}-subject`, subject))) && byClient
  }

  const app = express()
  app.disable('x-powered-by')
  app.disable('etag')
  app.set('trust proxy', compileTrust(env.CONSOLE_TRUST_PROXY))
  app.use(consoleSecurityHeaders(config.secure))
  app.use((req, res, next) => {
    // Never a site's host: the console answers only the name its passkeys are bound to.
    if (req.hostname !== config.rpId) return void res.status(404).type('text').send('Not found.')
    next()
  })
  // The API (issue 42): bearer tokens, no cookie, so no Origin check; its own methods, limits and JSON answers.
  app.use('/api/v1', createSiteApi(services, env.CONSOLE_API_RATE_LIMIT))
  app.use((req, res, next) => {
    if (!['GET', 'HEAD', 'POST'].includes(req.method))
      return void res.status(405).set('Allow', 'GET, HEAD, POST').type('text').send('Method not allowed.')
    next()
  })
  app.use(assets)
  app.use((req, res, next) => {
    if (req.method !== 'POST') return next()
    const headers = { get: (name: string) => [req.headers[name] ?? ''].flat()[0] || undefined }
    if (isCrossOriginPost(headers, config.url)) return void res.status(403).type('text').send('Not from the console.')
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
    if (!READABLE_BODIES.has(type))
      return void res.status(415).set('Connection', 'close').type('text').send('The console reads forms and JSON only.')
    readBody(req, BODY_LIMIT).then((body) => {
      if (body === 'aborted') return void res.destroy()
      if (body === 'too large') return void res.status(413).set('Connection', 'close').type('text').send('Too large.')
      bodies.set(req, body)
      next()
    }, next)
  })
  app.use(
    reactRouterHandler(
      loadBuild,
      (req) => {
        const clientIp = req.ip ?? ''
        const context: ConsoleContext = {
          services,
          store,
          config,
          clientIp,
          mailer,
          now: Date.now,
          attempt: (kind, subject) => attempt(kind, clientIp, subject),
        }
        // The console's own load context (app/console/load-context.ts declares it for its routes).
        return { console: context } as unknown as AppLoadContext
      },
      (req) => ({ url: config.url + req.url, body: bodies.get(req) }),
      // React Router's 405 (a post to a page without an action) carries its message naming the route's module: not for strangers.
      (response) => (response.status === 405 ? METHOD_NOT_ALLOWED() : response),
    ),
  )

  /** Ended sessions, old activity, spent challenges and invitations go, at start and every few hours. */
  async function prune() {
    const now = Date.now()
    const activityFrom = new Date(now)
    activityFrom.setUTCMonth(activityFrom.getUTCMonth() - ACTIVITY_MONTHS)
    await store.prune(now, activityFrom.getTime())
    await store.sweepChallenges(now)
    await store.pruneSessions(now - IDLE_MS, now - ABSOLUTE_MS)
  }
  const pruneLogged = () =>
    prune().catch((error: unknown) => log.warn({ event: 'console.prune-failed', error: String(error) }, 'the console could not prune'))
  void pruneLogged()
  const pruning = setInterval(() => void pruneLogged(), PRUNE_EVERY_MS)
  pruning.unref()
  const sweeping = setInterval(
    () =>
      void store
        .sweepChallenges(Date.now())
        .catch((error: unknown) =>
          log.warn({ event: 'console.sweep-failed', error: String(error) }, 'the console could not sweep spent challenges'),
        ),
    CHALLENGE_SWEEP_MS,
  )
  sweeping.unref()

  return {
    handle(req: IncomingMessage, res: ServerResponse) {
      observeRequest(req, res, undefined, redactPath)
      app(req, res)
    },
    close() {
      clearInterval(pruning)
      clearInterval(sweeping)
    },
  }
}
