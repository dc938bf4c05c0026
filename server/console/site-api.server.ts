import express, { type Request, type Response } from 'express'
import type { AppServices } from '../services.server.ts'
import { readBody } from '../gate/read-body.server.ts'
import { log } from '../observability/log.js'
import { isOutage } from '../storage/postgres-client.server.ts'
import { webhookBody } from '../leads/webhook-sender.server.ts'
import type { SiteConfig, SiteEntry } from '../sites/site-config.server.ts'
import { SiteChangeError, withMaskedSecrets, type RegistrySite, type WrittenSite } from '../sites/site-registry.server.ts'
import { rotateWebhook, testWebhook } from './webhook-actions.server.ts'
import type { ApiToken } from '../storage/storage-contract.server.ts'
import { tokenActor, tokenOf } from './api-tokens.server.ts'
import { OPENAPI } from './openapi.server.ts'

/**
 * The console's API (issue 42) on the console's listener, for agencies that automate: `Authorization: Bearer` with a
 * token from `npm run console -- token create` (no cookie, so no Origin check), each token rate-limited, its role and
 * sites those of a person (a site it may not see is 404, as in the pages). Answers are JSON, described once in
 * openapi.server.ts (GET /api/v1/openapi.json) and checked against it by tests/site-api.test.ts.
 */

/** The largest body the API reads: a site's entry is a few KiB. */
const BODY_LIMIT = 64 * 1024
const WINDOW_MS = 60_000
/** A page of leads: the default and the most. */
const LEADS = { default: 100, max: 500 }

type Problem = { path: string; message: string }
class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Problem[],
  ) {
    super(message)
  }
}

/** A site as the API answers it: its id, its version in storage (null from SITES_FILE) and its SITES_FILE entry. */
const stored = (site: RegistrySite) => ({
  id: site.id,
  version: site.version,
  updatedAt: new Date(site.updatedAt).toISOString(),
  updatedBy: site.updatedBy,
  site: withMaskedSecrets(site.entry),
})

/** A write's answer: the site, and the secrets it generated (a webhook added without one, a rotation), this once. */
const written = (site: WrittenSite) => ({ ...stored(site), ...(site.newSecrets.length ? { newSecrets: site.newSecrets } : {}) })

/** A webhook's place in the site's list, from the path: 0 to 9, else no such webhook. */
function webhookIndex(text: string): number {
  if (!/^\d$/.test(text)) throw new ApiError(404, `no webhook "${text}": webhooks are numbered 0 to 9, in the site's leads.webhooks`)
  return Number(text)
}

/** A site served from SITES_FILE (or PAGE_ID's) as the API answers it: its entry as the file says it. */
const fromConfig = ({ id, hosts, pageId, siteUrl, pageApiUrl, timeZone, leads, reports }: SiteConfig) => ({
  id,
  version: null,
  updatedAt: null,
  updatedBy: null,
  site: withMaskedSecrets({ hosts, pageId, siteUrl, pageApiUrl, timeZone, leads, reports } as SiteEntry),
})

export function createSiteApi(services: AppServices, rateLimit: number) {
  const { registry, storage } = services
  const router = express.Router()

  const sees = (token: ApiToken, id: string) => token.role !== 'contractor' || token.sites.includes(id)

  /** Every site the token sees, as served now (from the file) or as stored. */
  async function visible(token: ApiToken) {
    const list = registry.source === 'storage' && (await registry.list())
    const all = list && list.length ? list.map(stored) : services.sites().map((s) => fromConfig(s.config))
    return all.filter((s) => sees(token, s.id))
  }

  async function one(token: ApiToken, id: string) {
    const site = (await visible(token)).find((s) => s.id === id)
    if (!site) throw new ApiError(404, `no site "${id}"`)
    return site
  }

  const adminOnly = (token: ApiToken, what: string) => {
    if (token.role !== 'admin') throw new ApiError(403, `${what} is for admin tokens`)
  }

  /** The JSON body of a write: 415 not JSON, 413 over 64 KiB, 400 not parseable. */
  async function body(req: Request, types: string[]): Promise<unknown> {
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
    if (!types.includes(type)) throw new ApiError(415, `send the body as ${types.join(' or ')}`)
    const bytes = await readBody(req, BODY_LIMIT)
    if (bytes === 'aborted') throw new ApiError(400, 'the body did not arrive')
    if (bytes === 'too large') throw new ApiError(413, `the body is over ${BODY_LIMIT / 1024} KiB`)
    try {
      return JSON.parse(bytes.toString('utf8'))
    } catch (error) {
      throw new ApiError(400, `the body is not JSON: ${(error as Error).message}`)
    }
  }

  /** Every route: the token first (401), then its rate (429), then the route; refusals as JSON. */
  const route =
    (work: (token: ApiToken, req: Request, res: Response) => Promise<void>) =>
    async (req: Request, res: Response): Promise<void> => {
      try {
        const now = Date.now()
        const token = await tokenOf(storage.tokens, req.headers.authorization, now)
        if (!token) {
          res.set('WWW-Authenticate', 'Bearer')
          throw new ApiError(401, 'send a token: Authorization: Bearer … (npm run console -- token create)')
        }
        const { hits, resetAt } = await storage.rateLimits.hit(`api-token:${token.id}`, now, WINDOW_MS)
        if (hits > rateLimit) {
          res.set('Retry-After', String(Math.max(1, Math.ceil((resetAt - now) / 1000))))
          throw new ApiError(429, `this token made over ${rateLimit} requests this minute`)
        }
        await work(token, req, res)
      } catch (error) {
        // A database that does not answer in time (a burst of writes waiting on each other, an outage) is worth a retry.
        const busy = !(error instanceof ApiError || error instanceof SiteChangeError) && isOutage(error)
        if (busy) res.set('Retry-After', '1')
        const refusal =
          error instanceof ApiError || error instanceof SiteChangeError
            ? error
            : busy
              ? new ApiError(503, 'the storage did not answer in time: try again')
              : new ApiError(500, 'the request could not be done')
        if (refusal.status >= 500) log.error({ event: 'console.api-failed', err: error, path: req.path }, 'a console API request failed')
        if (refusal.status === 413) res.set('Connection', 'close')
        const fields = refusal.status === 400 || refusal.fields?.length ? { fields: refusal.fields ?? [] } : {}
        res.status(refusal.status).json({ error: refusal.message, ...fields })
      }
    }

  router.get('/openapi.json', (_req, res) => void res.json(OPENAPI))
  router.get(
    '/sites',
    route(async (token, _req, res) => {
      res.json({ source: registry.source, sites: await visible(token) })
    }),
  )
  router.post(
    '/sites',
    route(async (token, req, res) => {
      adminOnly(token, 'adding a site')
      const entry = await body(req, ['application/json'])
      res.status(201).json(written(await registry.add(entry, tokenActor(token))))
    }),
  )
  router.get(
    '/sites/:id',
    route(async (token, req, res) => void res.json(await one(token, String(req.params.id)))),
  )
  router.patch(
    '/sites/:id',
    route(async (token, req, res) => {
      const id = String(req.params.id)
      await one(token, id)
      const patch = await body(req, ['application/merge-patch+json', 'application/json'])
      res.json(written(await registry.patch(id, patch, tokenActor(token), token.role)))
    }),
  )
  /** A webhook's own action (test, rotate): the site as the token sees it (404), then the webhook by its place. */
  type WebhookAction = { siteId: string; index: number; by: string; role: ApiToken['role'] }
  const webhookRoute = (act: (action: WebhookAction) => Promise<unknown>) =>
    route(async (token, req, res) => {
      const siteId = String(req.params.id)
      await one(token, siteId)
      res.json(await act({ siteId, index: webhookIndex(String(req.params.index)), by: tokenActor(token), role: token.role }))
    })
  router.post(
    '/sites/:id/webhooks/:index/test',
    webhookRoute((action) => testWebhook(services, action)),
  )
  router.post(
    '/sites/:id/webhooks/:index/rotate',
    webhookRoute(async (action) => written(await rotateWebhook(services, action))),
  )
  router.delete(
    '/sites/:id',
    route(async (token, req, res) => {
      const id = String(req.params.id)
      await one(token, id)
      adminOnly(token, 'removing a site')
      await registry.remove(id, tokenActor(token))
      res.status(204).end()
    }),
  )
  router.get(
    '/sites/:id/leads',
    route(async (token, req, res) => {
      const id = String(req.params.id)
      await one(token, id)
      const { since, limit } = leadsQuery(req.query)
      const rows = await storage.leads.leadsFrom(id, since, limit)
      const context = { site: services.leadSiteOf(id), consoleUrl: services.env.CONSOLE_URL ?? null }
      const leads = rows.map((row) => JSON.parse(webhookBody(row, context)) as unknown)
      // Where the next page starts: the last lead's time (a lead received in the same millisecond comes again; its id tells).
      const next = rows.length === limit ? new Date(rows.at(-1)!.createdAt).toISOString() : null
      res.json({ leads, next })
    }),
  )
  router.use(
    route(async () => {
      throw new ApiError(404, 'no such API path: see /api/v1/openapi.json')
    }),
  )
  return router
}

function leadsQuery(query: Request['query']) {
  const fields: Problem[] = []
  const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : undefined)
  const sinceText = text('since')
  const since = sinceText === undefined ? 0 : Date.parse(sinceText)
  if (Number.isNaN(since) || (sinceText !== undefined && !/^\d{4}-\d\d-\d\d/.test(sinceText)))
    fields.push({ path: 'since', message: 'an ISO time such as 2026-03-01T00:00:00Z' })
  const limitText = text('limit')
  const limit = limitText === undefined ? LEADS.default : Number(limitText)
  if (!Number.isInteger(limit) || limit < 1 || limit > LEADS.max)
    fields.push({ path: 'limit', message: `a whole number from 1 to ${LEADS.max}` })
  if (fields.length) throw new ApiError(400, 'the query has wrong fields', fields)
  return { since, limit }
}
