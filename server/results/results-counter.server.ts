import { createHash } from 'node:crypto'
import { z } from 'zod'
import { canonicalPath } from '../gate/canonical-path.server.ts'
import type { Device, ResultCount, ResultsStorage } from '../storage/storage-contract.server.ts'
import { isCountableVisitor } from '../visits/visit-store.server.ts'
import type { DayKeys } from './day-keys.server.ts'

/**
 * What the site brought in (issue 30): visitors, page views, sources and the actions that bring work,
 * counted per site and day without a cookie. A visitor is a keyed hash of the site, the address and
 * the user agent with the day's salt (day-keys.server.ts, kept in storage for that day only); neither
 * the address nor the user agent is stored.
 * Every count a visitor can repeat (a visitor, a page's visitor, a source, a tap) counts once per
 * visitor and day; page views and stored leads count each time.
 */

/** Taps the page's script reports (server/pages/page-script.server.ts), besides the view and a form started. */
export const TAP_ACTIONS = ['phone', 'chat', 'email', 'map', 'social'] as const
export type TapAction = (typeof TAP_ACTIONS)[number]
/** Where an estimate form is: the home page's, the contact page's, or the estimate modal (on every page). */
export const FORM_PLACES = ['home', 'contact', 'modal'] as const
export type FormPlace = (typeof FORM_PLACES)[number]
/** The series `tradesite_actions_total` counts: the taps, forms started, and estimate requests stored. */
export type CountedAction = TapAction | 'form_started' | 'estimate'

/** Per site and month, this many pages, referrers and campaign values are named; the rest count as "other". */
export const LABEL_LIMIT = 50
export const OTHER = '(other)'
export const DIRECT = '(direct)'
export const NOT_FOUND = '(not found)'
/** The current month and the 24 before it. */
export const RETENTION_MONTHS = 25

/**
 * The beacon's body: `a` the action, `p` the page's path, `r` the referrer's host, `q` the landing
 * URL's query (only its utm_* are read), `f` the form's place. Anything else is refused.
 */
const eventSchema = z
  .object({
    a: z.enum(['view', 'form', ...TAP_ACTIONS]),
    p: z.string().min(1).max(512),
    r: z.string().max(300).optional(),
    q: z.string().max(600).optional(),
    f: z.enum(FORM_PLACES).optional(),
  })
  .strict()
export type ResultEvent = z.infer<typeof eventSchema>

/** The event in a beacon's body, or null for anything else (not JSON, an unknown action, a field too long, a path that is not one). */
export function parseResultEvent(body: Buffer | string): ResultEvent | null {
  let json: unknown
  try {
    json = JSON.parse(body.toString())
  } catch {
    return null
  }
  const parsed = eventSchema.safeParse(json)
  if (!parsed.success || canonicalPath(parsed.data.p) !== parsed.data.p) return null
  if (parsed.data.a === 'form' && !parsed.data.f) return null
  return parsed.data
}

export const deviceOf = (userAgent: string): Device => (/Mobi|Android|iPhone|iPod/i.test(userAgent) ? 'phone' : 'desktop')

const HOST = /^[a-z\d-]{1,63}(?:\.[a-z\d-]{1,63}){0,10}$/
/** A host as the report shows it: lower case, no port, no leading www. Null when it is not a host name. */
export function sourceHost(value: string): string | null {
  const host = value
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/^www\./, '')
  return HOST.test(host) ? host : null
}

/** A campaign value as counted: trimmed, lower case, at most 100 characters; empty is none. */
const campaignValue = (value: string | null) => value?.trim().toLowerCase().slice(0, 100) || null

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\0')).digest('base64url').slice(0, 22)

/** `YYYY-MM-01` of the month `months` before `day`'s. */
export function monthsBefore(day: string, months: number): string {
  const [year, month] = day.split('-').map(Number) as [number, number]
  const index = year * 12 + (month - 1) - months
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`
}

export interface VisitorRequest {
  clientIp: string
  userAgent: string | undefined
  /** The host names that are this site (its own pages are not a source). */
  ownHosts: readonly string[]
  /** Whether the path is one the site answers with 404 (counted as one "not found" page). */
  isNotFound?: (path: string) => boolean
}

export interface ResultsCounterOptions {
  storage: ResultsStorage
  site: string
  /** The day and its salt: the process's one (services.server.ts), shared with the visit counter and the gate. */
  keys: DayKeys
  /** Called once per action counted (after its once-a-day rule): the metrics' tallies. */
  onAction?: (action: CountedAction) => void
}

export type ResultsCounter = ReturnType<typeof createResultsCounter>

export function createResultsCounter({ storage, site, keys, onAction }: ResultsCounterOptions) {
  let prunedDay = ''

  async function pruneOnce(day: string) {
    if (prunedDay === day) return
    prunedDay = day
    await storage.prune(monthsBefore(day, RETENTION_MONTHS - 1))
  }

  /** The label counted for an open-ended dimension: itself while the month has room for it, else "other". */
  const bounded = async (month: string, dimension: string, label: string) =>
    (await storage.admit(site, month, dimension, label, LABEL_LIMIT)) ? label : OTHER

  return {
    /** Counts one beacon of a visitor. Bots and requests without a user agent count nothing. */
    async recordEvent(event: ResultEvent, request: VisitorRequest): Promise<{ counted: boolean }> {
      const userAgent = request.userAgent ?? ''
      if (!isCountableVisitor(userAgent)) return { counted: false }
      const day = keys.today()
      const month = day.slice(0, 7)
      await pruneOnce(day)
      const visitor = await keys.visitor(day, site, request.clientIp, userAgent)
      const device = deviceOf(userAgent)
      const add = (metric: string, label: string, once?: string[]) =>
        storage.add(site, day, { metric, label, device } satisfies ResultCount, once && hash(visitor, ...once))
      const page = request.isNotFound?.(event.p) ? NOT_FOUND : await bounded(month, 'page', event.p)

      if (event.a === 'view') {
        await add('views', page)
        await add('visitors', '', ['visitor'])
        await add('page_visitors', page, ['page', page])
        const referrer = event.r ? sourceHost(event.r) : null
        const own = request.ownHosts.map((host) => sourceHost(host))
        if (!event.r) await add('source', DIRECT, ['source', DIRECT])
        else if (referrer && !own.includes(referrer)) {
          const label = await bounded(month, 'source', referrer)
          await add('source', label, ['source', label])
        }
        const query = new URLSearchParams(event.q ?? '')
        for (const key of ['utm_source', 'utm_medium', 'utm_campaign']) {
          const value = campaignValue(query.get(key))
          if (!value) continue
          const label = await bounded(month, key, value)
          await add(key, label, [key, label])
        }
        return { counted: true }
      }
      const [metric, label, action]: [string, string, CountedAction] =
        event.a === 'form' ? ['form_started', event.f!, 'form_started'] : [`action:${event.a}`, page, event.a]
      const counted = await add(metric, label, [metric, label])
      if (counted) onAction?.(action)
      return { counted }
    },

    /** An estimate request stored (the lead service said it was new), by where its form was. */
    async recordLead(place: string | undefined, userAgent: string | undefined): Promise<void> {
      const known = FORM_PLACES.find((p) => p === place) ?? OTHER
      const device = deviceOf(userAgent ?? '')
      await storage.add(site, keys.today(), { metric: 'estimate', label: known, device })
      onAction?.('estimate')
    },
  }
}
