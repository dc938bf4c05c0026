import { randomUUID } from 'node:crypto'
import { FORM_PLACES, parseEstimateForm, type EstimateFormInput, type EstimateFormRefusal } from '#app/forms/estimate-form.ts'
import { langOf } from '#app/i18n/strings.ts'
import type { PageRecord } from '#app/record/schema.ts'
import { createOutboundClient, type OutboundClient } from '../outbound/outbound-client.server.ts'
import type { SiteConfig } from '../sites/site-config.server.ts'
import type { DeliveryTiming } from '../config/delivery-timing.ts'
import { leadsLogger, type DeliveryOutbox, type Logger } from './delivery-outbox.server.ts'
import { createLeadOutbox } from './lead-outbox.server.ts'
import { deliveryOf, type LeadArrival, type LeadStore, type NewDelivery } from '../storage/lead-store.server.ts'
import { buildRelayBody, relayUrlOf } from './relay-body.server.ts'

/** What POST /contact needs: validate, store with its destinations, then let the outbox deliver in the background. */

/** A bot's post gets an id too, like any success, though nothing was stored under it. */
export type SubmitResult =
  { ok: true; id: string; /** A new lead was stored (not a repeat, not a bot's). */ created: boolean } | EstimateFormRefusal

export interface SubmitContext {
  /** Optional per-submission key (e.g. a hidden form field) so a double post stores one lead. */
  idempotencyKey?: string
  /** Which of the site's forms it came from (the form's hidden `place`); anything unknown is not kept. */
  form?: string
  /** Where the visitor's visit began, as the results counted it (issue 45): kept on this lead only. */
  arrival?: LeadArrival | null
}

export interface LeadServiceOptions {
  /** SQLite or PostgreSQL (server/storage/); this service does not care which. */
  store: LeadStore
  pageId: string
  /** The site's id on its leads; its page id unless said otherwise. */
  site?: string
  getRecord: () => PageRecord
  /** Public origin, to make root-relative logo and relay URLs absolute. */
  siteUrl?: string
  /** Where the site's leads go besides the relay (its SITES_FILE entry, or LEAD_EMAIL and LEAD_WEBHOOK_*): fixed on each lead as it is stored. */
  destinations?: SiteConfig['leads']
  /** The site's time zone, for the time in its lead emails. */
  timeZone?: string
  /** For the service's own outbox (tests); the process's shared outbox has its own. */
  outbound?: OutboundClient
  logger?: Logger
  now?: () => number
  random?: () => number
  relayTiming?: Partial<DeliveryTiming>
  /** False: the leads held for want of a relay are not looked at now but when the site's record is read (a site held on its first visit). */
  releaseHeldNow?: boolean
  /** The process's one outbox, shared by every site (its opener starts and stops it); without it the service runs its own (no email). */
  outbox?: DeliveryOutbox
  /** Default true; tests may drive their own outbox by hand with drainOnce(). */
  startOutbox?: boolean
}

export interface LeadService {
  /** Rejects only when the lead could not be stored (storage unreachable): then nothing was promised. */
  submit(formInput: EstimateFormInput, context?: SubmitContext): Promise<SubmitResult>
  /** Releases held leads when the record now has a relay URL; returns how many. */
  releaseHeldIfConfigured(): Promise<number>
  /** The same, for callers that cannot wait: a failure is logged and the next new lead tries again. */
  releaseHeldInBackground(): void
  outbox: DeliveryOutbox
  store: LeadStore
  close(): Promise<void>
}

export function createLeadService(options: LeadServiceOptions): LeadService {
  const { store, pageId, site = pageId, getRecord, siteUrl, logger = leadsLogger, now = Date.now } = options
  const { destinations = { email: [], webhooks: [] }, timeZone = 'UTC' } = options
  const ownsOutbox = !options.outbox
  const outbox =
    options.outbox ??
    createLeadOutbox({
      store,
      outbound: options.outbound ?? createOutboundClient({ allowOrigins: [] }),
      mail: null,
      destinationsOf: (id) => (id === site ? destinations : undefined),
      now,
      random: options.random,
      logger,
      timing: options.relayTiming,
    })

  async function releaseHeldIfConfigured(): Promise<number> {
    const url = relayUrlOf(getRecord(), siteUrl)
    return url ? outbox.releaseHeld(url, pageId) : 0
  }

  async function submit(formInput: EstimateFormInput, context: SubmitContext = {}): Promise<SubmitResult> {
    const record = getRecord()
    const parsed = parseEstimateForm(formInput, record.dbServices, langOf(record.labels.formLabel))
    if (parsed.ok && parsed.bot) {
      logger.info('honeypot filled; lead dropped with a fake success', { event: 'lead.bot', site })
      return { ok: true, id: randomUUID(), created: false } // indistinguishable from a real success, so bots learn nothing
    }
    if (!parsed.ok) return parsed

    // What the visitor is promised, fixed now: a later change of the record or the site's settings never alters it.
    const deliveries: NewDelivery[] = [
      { kind: 'relay', target: relayUrlOf(record, siteUrl) },
      ...(destinations.email.length
        ? [
            {
              kind: 'email' as const,
              target: destinations.email.join(','),
              detail: { lang: langOf(record.labels.formLabel), company: record.dbPrincipal.name, timeZone },
            },
          ]
        : []),
      ...destinations.webhooks.map((hook) => ({ kind: 'webhook' as const, target: hook.url })),
    ]
    const { row, created } = await store.insertLead({
      pageId,
      site,
      lead: parsed.lead,
      relayBody: buildRelayBody(parsed.lead, record, siteUrl),
      form: FORM_PLACES.find((place) => place === context.form) ?? null,
      arrival: context.arrival ?? null,
      deliveries,
      now: now(),
      idempotencyKey: context.idempotencyKey,
    })
    // The lead's id and site only; a repeated submission (same key) was logged the first time.
    const fields = { leadId: row.id, site }
    const held = deliveryOf(row, 'relay')?.state === 'held'
    if (created && held) logger.warn('lead stored but held: the page record has no linkPostEmail', { event: 'lead.held', ...fields })
    else if (created) logger.info('lead stored', { event: 'lead.stored', ...fields })
    if (!held) releaseHeldInBackground() // the relay URL may have appeared since earlier leads were held
    outbox.poke() // the site's own destinations go at once, held relay or not
    return { ok: true, id: row.id, created }
  }

  function releaseHeldInBackground() {
    releaseHeldIfConfigured().catch((e: unknown) => logger.warn('could not release held leads yet', { error: String(e) }))
  }

  if (options.releaseHeldNow !== false) releaseHeldInBackground()
  if (ownsOutbox && options.startOutbox !== false) outbox.start()

  return {
    submit,
    releaseHeldIfConfigured,
    releaseHeldInBackground,
    outbox,
    store,
    /** Stops the service's own outbox; a shared outbox and the store belong to whoever opened them. */
    close: async () => {
      if (ownsOutbox) await outbox.stop()
    },
  }
}
