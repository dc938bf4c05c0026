import { createHash } from 'node:crypto'
import { z } from 'zod'
import { FORM_PLACES } from '#app/forms/estimate-form.ts'
import { canonicalPath } from '../http/canonical-path.server.ts'
import type { CountStep, Device, LabelCount, LabelFigures, OnceKey, ResultsStorage } from '../storage/storage-contract.server.ts'
import { isCountableVisitor } from '../visits/visit-store.server.ts'
import type { LeadArrival } from '../storage/lead-store.server.ts'
import type { DayKeys } from '../visits/day-keys.server.ts'
import { sourceName } from './source-name.ts'

/**
 * What the site brought in (issues 30, 37): visitors, page views, sources, campaigns and the actions
 * that bring work, counted per site and day (the site's own, in its time zone) without a cookie. A
 * visitor is a keyed hash of the site, the address and the user agent with the salt of the site's day
 * (../visits/day-keys.server.ts, kept in storage for that day only); neither the address nor the user agent is stored.
 * Every count a visitor can repeat (a visitor, a page's visitor, a source, a tap) counts once per
 * visitor and day; a page's views once per visitor in 30 minutes; stored leads each time.
 * Where a visitor's day began (the source and campaign of its first view from outside the site) is
 * kept with its once-keys, deleted with them: the estimate requests and the taps that bring work
 * are counted by that source and campaign too.
 */

/** Taps the page's script reports (server/pages/page-script.server.ts), besides the view and a form started. */
export const TAP_ACTIONS = ['phone', 'chat', 'email', 'map', 'social'] as const
export type TapAction = (typeof TAP_ACTIONS)[number]
/** The taps that bring work, counted by the source and campaign of the visitor's day as estimate requests are. */
export const WORK_TAPS = ['phone', 'chat', 'email', 'map'] as const satisfies readonly TapAction[]
/** The series `tradesite_actions_total` counts: the taps, forms started, and estimate requests stored. */
export type CountedAction = TapAction | 'form_started' | 'estimate'
/** The campaign tags read from a landing address. */
export const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const
export type CampaignKey = (typeof CAMPAIGN_KEYS)[number]

/**
 * The dimension that counts each combination of a landing address's tags as one label (issue 45): the report's
 * campaigns table, a row per campaign × source × medium. Its label is `utmLabel`'s JSON; "(none)" without any tag.
 */
export const UTM_DIMENSION = 'utm'
export type UtmTags = { campaign: string | null; source: string | null; medium: string | null }
/** The label of a combination of tags: a JSON array, never mistaken for one of our own names in parentheses. */
export const utmLabel = (tags: UtmTags) => JSON.stringify([tags.campaign, tags.source, tags.medium])
/** A stored `utm` label's tags, or null for one of our own names ("(none)", "(other)", "(unknown)") or anything else. */
export function utmTags(label: string): UtmTags | null {
  if (!label.startsWith('[')) return null
  try {
    const value: unknown = JSON.parse(label)
    if (!Array.isArray(value) || value.length !== 3 || !value.every((v) => v === null || typeof v === 'string')) return null
    const [campaign, source, medium] = value as (string | null)[]
    return { campaign: campaign!, source: source!, medium: medium! }
  } catch {
    return null
  }
}
const arrivalUtm = (arrival: Arrival) =>
  CAMPAIGN_KEYS.some((key) => arrival[key])
    ? utmLabel({ campaign: arrival.utm_campaign, source: arrival.utm_source, medium: arrival.utm_medium })
    : NONE

/** Per site, month and dimension (pages, sources, each campaign tag), this many labels are kept, by visitors; the rest count as "other". */
export const LABEL_LIMIT = 50
export const OTHER = '(other)'
export const DIRECT = '(direct)'
export const NOT_FOUND = '(not found)'
/** Work by a visitor whose day did not begin with a view we counted (a browser without script, a day begun on another page of the site). */
export const UNKNOWN = '(unknown)'
/** Visitors (and their work) who arrived without a campaign tag. */
export const NONE = '(none)'
/** The current month and the 24 before it. */
export const RETENTION_MONTHS = 25
/** A visitor's repeated views of one page within this long count once. */
export const REPEAT_VIEW_MS = 30 * 60 * 1000

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

/** A campaign value as counted: trimmed, lower case, at most 100 characters, never one of our own names in parentheses; empty is none. */
const campaignValue = (value: string | null) => value?.trim().toLowerCase().replace(/^\(+/, '').slice(0, 100) || null

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

/** Where a visitor's day began: the source and campaign tags of its first view from outside the site. */
type Arrival = { source: string } & Record<CampaignKey, string | null>

export interface ResultsCounterOptions {
  storage: ResultsStorage
  site: string
  /** The site's time zone: its days and months. */
  timeZone: string
  /** The days' salts: the process's one (services.server.ts), shared with the visit counter and the gate. */
  keys: DayKeys
  /** Called once per action counted (after its once-a-day rule): the metrics' tallies. */
  onAction?: (action: CountedAction) => void
}

export type ResultsCounter = ReturnType<typeof createResultsCounter>

export function createResultsCounter({ storage, site, timeZone, keys, onAction }: ResultsCounterOptions) {
  const zone = keys.inZone(timeZone)
  let prunedDay = ''

  async function pruneOnce(day: string) {
    if (prunedDay === day) return
    prunedDay = day
    await storage.prune(monthsBefore(day, RETENTION_MONTHS - 1))
  }

  /** Today's visitor (null for a bot or a client without a user agent), and the once-keys of its day. */
  async function visitorOf(clientIp: string, userAgent: string | undefined) {
    const day = zone.today()
    const visitor = await zone.visitor(day, site, clientIp, userAgent ?? '')
    const once = (...parts: string[]): OnceKey => ({ zone: timeZone, key: hash(visitor, ...parts), at: keys.now() })
    return { day, device: deviceOf(userAgent ?? ''), once }
  }
  const record = (day: string, steps: (CountStep | false)[]) =>
    storage.record(
      site,
      day,
      steps.filter((step) => step !== false),
      { labelLimit: LABEL_LIMIT, now: keys.now() },
    )

  /** Where the visitor's day began, if a view from outside the site began it. */
  async function arrivalOf(day: string, once: (...parts: string[]) => OnceKey): Promise<Arrival | null> {
    const data = await storage.remembered(timeZone, day, once('arrival').key)
    try {
      return data ? (JSON.parse(data) as Arrival) : null
    } catch {
      return null
    }
  }
  /** The work a visitor did, counted by the source and each campaign tag its day began with. */
  const workLabels = (arrival: Arrival | null, figures: Partial<LabelFigures>): LabelCount[] => [
    { dimension: 'source', label: arrival?.source ?? UNKNOWN, figures },
    ...CAMPAIGN_KEYS.map((key) => ({ dimension: key, label: arrival ? (arrival[key] ?? NONE) : UNKNOWN, figures })),
    { dimension: UTM_DIMENSION, label: arrival ? arrivalUtm(arrival) : UNKNOWN, figures },
  ]

  return {
    /** Counts one beacon of a visitor. Bots and requests without a user agent count nothing. */
    async recordEvent(event: ResultEvent, request: VisitorRequest): Promise<{ counted: boolean }> {
      if (!isCountableVisitor(request.userAgent)) return { counted: false }
      const { day, device, once } = await visitorOf(request.clientIp, request.userAgent)
      await pruneOnce(day)
      const page = request.isNotFound?.(event.p) ? NOT_FOUND : event.p

      if (event.a === 'view') {
        const referrer = event.r ? sourceHost(event.r) : null
        const own = request.ownHosts.map((host) => sourceHost(host))
        const source = !event.r ? DIRECT : referrer && !own.includes(referrer) ? sourceName(referrer) : null
        const query = new URLSearchParams(event.q ?? '')
        const campaign = Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, campaignValue(query.get(key))])) as Record<
          CampaignKey,
          string | null
        >
        const visitors = (dimension: string, label: string): LabelCount => ({ dimension, label, figures: { visitors: 1 } })
        const utm = arrivalUtm({ source: '', ...campaign })
        await record(day, [
          { once: once('visitor'), counts: [{ metric: 'visitors', label: '', device }] },
          { once: once('page', page), labels: [visitors('page', page)] },
          {
            once: { ...once('view', page), againAfterMs: REPEAT_VIEW_MS },
            counts: [{ metric: 'views', label: '', device }],
            labels: [{ dimension: 'page', label: page, figures: { views: 1 } }],
          },
          source !== null && { once: once('source', source), labels: [visitors('source', source)] },
          // The first view from outside the site this day: where the visitor's day began, and "no campaign" for each tag it lacks.
          source !== null && {
            once: { ...once('arrival'), data: JSON.stringify({ source, ...campaign } satisfies Arrival) },
            labels: [
              ...CAMPAIGN_KEYS.filter((key) => !campaign[key]).map((key) => visitors(key, NONE)),
              ...(utm === NONE ? [visitors(UTM_DIMENSION, NONE)] : []),
            ],
          },
          ...CAMPAIGN_KEYS.map(
            (key) => campaign[key] !== null && { once: once(key, campaign[key]), labels: [visitors(key, campaign[key])] },
          ),
          // Each combination of tags a visitor came with, once a day (the campaigns table's rows), as each tag is counted.
          utm !== NONE && { once: once(UTM_DIMENSION, utm), labels: [visitors(UTM_DIMENSION, utm)] },
        ])
        return { counted: true }
      }
      if (event.a === 'form') {
        const [counted] = await record(day, [
          { once: once('form_started', event.f!), counts: [{ metric: 'form_started', label: event.f!, device }] },
        ])
        if (counted) onAction?.('form_started')
        return { counted: counted! }
      }
      const metric = `action:${event.a}`
      const work = (WORK_TAPS as readonly string[]).includes(event.a)
      const [counted] = await record(day, [
        {
          once: once(metric, page),
          counts: [{ metric, label: '', device }],
          labels: [
            { dimension: 'page', label: page, figures: { actions: 1 } },
            ...(work ? workLabels(await arrivalOf(day, once), { [event.a]: 1 }) : []),
          ],
        },
      ])
      if (counted) onAction?.(event.a)
      return { counted: counted! }
    },

    /**
     * Where this visitor's day began (its first view from outside the site today), as a lead keeps it (issue 45):
     * read, never stored here. Null when no view of theirs was counted today (no script, a bot, another day's tab).
     */
    async arrival(client: { clientIp: string; userAgent: string | undefined }): Promise<LeadArrival | null> {
      if (!isCountableVisitor(client.userAgent)) return null
      const { day, once } = await visitorOf(client.clientIp, client.userAgent)
      const arrival = await arrivalOf(day, once)
      return (
        arrival && { source: arrival.source, medium: arrival.utm_medium, campaign: arrival.utm_campaign, utmSource: arrival.utm_source }
      )
    },

    /** An estimate request stored (the lead service said it was new), by where its form was and where its visitor's day began. */
    async recordLead(place: string | undefined, client: { clientIp: string; userAgent: string | undefined }): Promise<void> {
      const known = FORM_PLACES.find((p) => p === place) ?? OTHER
      const { day, device, once } = await visitorOf(client.clientIp, client.userAgent)
      const [started] = await record(day, [
        // A form sent is a form started (issue 45): one sent without a counted keystroke (filled in by the browser,
        // typed before the script came) counts as started now, under the same once-key as the keystroke's.
        { once: once('form_started', known), counts: [{ metric: 'form_started', label: known, device }] },
        {
          counts: [{ metric: 'estimate', label: known, device }],
          labels: workLabels(await arrivalOf(day, once), { estimates: 1 }),
        },
      ])
      if (started) onAction?.('form_started')
      onAction?.('estimate')
    },
  }
}
