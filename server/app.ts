import { createRequestHandler } from '@react-router/express'
import express from 'express'
import 'react-router'
import type { AppServices } from './services.server.ts'
import { parseEnv } from './env.server.ts'
import { securityHeaders } from './security-headers.server.ts'
import { startServices } from './services.server.ts'

declare module 'react-router' {
  interface AppLoadContext {
    services: AppServices
    snapshot: ReturnType<AppServices['records']['current']>
    nonce: string
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

  app.get('/healthz', (_req, res) => {
    const { origin, fetchedAt, version, lastError } = services.records.current()
    res.set('Cache-Control', 'no-store').json({ ok: true, record: { source: origin, fetchedAt, version, lastError } })
  })

  app.use(
    createRequestHandler({
      build: () => import('virtual:react-router/server-build'),
      getLoadContext: (req, res) => ({
        services,
        snapshot: services.records.current(),
        nonce: String(res.locals.nonce),
        siteUrl: env.SITE_URL ?? `${req.protocol}://${req.get('host')}`,
      }),
    }),
  )
  return { app, env, close: () => services.close() }
}
