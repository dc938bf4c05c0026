import { createRequestHandler } from '@react-router/express'
import express from 'express'
import { rateLimit } from 'express-rate-limit'
import 'react-router'
import type { AppServices } from './services.server.ts'
import { csrfCookie } from './csrf.server.ts'
import { parseEnv } from './env.server.ts'
import { imageRoutes } from './images/image-routes.server.ts'
import { pageKey } from './render-cache.server.ts'
import { securityHeaders } from './security-headers.server.ts'
import { startServices } from './services.server.ts'

// The contractor's leads command (server/leads.js) runs from the same build.
export { main as leadsCli } from './leads-cli.ts'

declare module 'react-router' {
  interface AppLoadContext {
    services: AppServices
    snapshot: ReturnType<AppServices['records']['current']>
    nonce: string
    csrfToken: string
    clientIp: string | undefined
    /** Set when this client has sent too many form posts; the contact action answers 429. */
    rateLimited: boolean
    /** Public origin for canonical URLs: SITE_URL, else the request's own. */
    siteUrl: string
  }
}

/** The site as an Express app: security headers, health check, then React Router. */
export async function createApp(source: NodeJS.ProcessEnv = process.env) {
  const env = parseEnv(source)
  const services = await startServices(env)
  const app = express()
  app.disable('x-powered-by')
  if (env.TRUST_PROXY) app.set('trust proxy', env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY)
  app.use(securityHeaders)
  app.use(imageRoutes(services.images))
  app.use(csrfCookie)
  app.post(['/contact', '/contact.data'], contactPostGuards(env.CONTACT_RATE_LIMIT))

  app.get('/healthz', (_req, res) => {
    const { origin, fetchedAt, version, lastError } = services.records.current()
    res.set('Cache-Control', 'no-store').json({ ok: true, record: { source: origin, fetchedAt, version, lastError }, images: services.images.status() })
  })

  // A page already rendered for this record version is sent as is, with this response's secrets.
  app.get('/{*path}', (req, res, next) => {
    if (req.path.endsWith('.data')) return next()
    const key = pageKey(services.pageSnapshot().version, req.get('host') ?? '', req.originalUrl)
    const hit = services.renderCache.get(key, { nonce: String(res.locals.nonce), csrfToken: String(res.locals.csrfToken) })
    if (!hit) return next()
    res.status(hit.status).type('html').send(hit.html)
  })

  app.use(
    createRequestHandler({
      build: () => import('virtual:react-router/server-build'),
      getLoadContext: (req, res) => ({
        services,
        snapshot: services.pageSnapshot(),
        nonce: String(res.locals.nonce),
        csrfToken: String(res.locals.csrfToken),
        clientIp: req.ip,
        rateLimited: res.locals.rateLimited === true,
        siteUrl: env.SITE_URL ?? `${req.protocol}://${req.get('host')}`,
      }),
    }),
  )
  return { app, env, close: () => services.close() }
}

export const CONTACT_BODY_LIMIT_BYTES = 64 * 1024
const CONTACT_WINDOW_MS = 10 * 60 * 1000

/**
 * Form posts: a body size limit, and a per-IP rate limit that lets the contact action
 * answer (so the visitor gets a readable message in the page, with or without JavaScript).
 */
const contactPostGuards = (postsPerWindow: number) => [
  (req: express.Request, res: express.Response, next: express.NextFunction) => {
    const length = Number(req.headers['content-length'] ?? NaN)
    if (!Number.isFinite(length)) return void res.status(411).type('text').send('A form post needs a Content-Length.')
    if (length > CONTACT_BODY_LIMIT_BYTES) return void res.status(413).type('text').send('The form is too large to send.')
    next()
  },
  rateLimit({
    windowMs: CONTACT_WINDOW_MS,
    limit: postsPerWindow,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, res, next) => {
      res.locals.rateLimited = true
      next()
    },
  }),
]
