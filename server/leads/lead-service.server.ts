import { randomUUID } from 'node:crypto'
import {
  parseEstimateForm,
  readEstimateForm,
  type EstimateFieldErrors,
  type EstimateFormInput,
  type EstimateFormValues,
} from '#app/forms/estimate-form.ts'
import { langOf } from '#app/i18n/strings.ts'
import type { PageRecord } from '#app/record/schema.ts'
import { createLeadStore, type LeadStore } from './lead-store.server.ts'
import { buildRelayBody, relayUrlOf } from './relay-body.server.ts'
import { consoleLogger, createRelayOutbox, type Logger, type RelayOutbox } from './relay-outbox.server.ts'

/** What POST /contact needs: validate, store, then let the outbox relay in the background. */

export const CONTACT_FORM_SERVICE_COUNT = 6 // spec §9: the form offers the first 6 services

export type SubmitResult =
  | { ok: true; id: string }
  | { ok: false; fieldErrors: EstimateFieldErrors; values: EstimateFormValues }

export interface SubmitContext {
  clientIp?: string
  userAgent?: string
  /** Optional per-submission key (e.g. a hidden form field) so a double post stores one lead. */
  idempotencyKey?: string
}

export interface LeadServiceOptions {
  dataDir: string
  pageId: string
  getRecord: () => PageRecord
  /** Public origin, to make root-relative logo and relay URLs absolute. */
  siteUrl?: string
  fetch?: typeof globalThis.fetch
  logger?: Logger
  now?: () => number
  random?: () => number
  pollMs?: number
  /** Default true; tests may drive the outbox by hand with drainOnce(). */
  startOutbox?: boolean
}

export interface LeadService {
  submit(formInput: EstimateFormInput, context?: SubmitContext): SubmitResult
  /** Releases held leads when the record now has a relay URL; returns how many. */
  releaseHeldIfConfigured(): number
  outbox: RelayOutbox
  store: LeadStore
  close(): Promise<void>
}

export function contactFormServices(record: PageRecord): string[] {
  return record.dbServices
    .map((s) => s.name.trim())
    .filter(Boolean)
    .slice(0, CONTACT_FORM_SERVICE_COUNT)
}

export function createLeadService(options: LeadServiceOptions): LeadService {
  const { dataDir, pageId, getRecord, siteUrl, logger = consoleLogger, now = Date.now } = options
  const store = createLeadStore(dataDir)
  const outbox = createRelayOutbox({ store, fetch: options.fetch, now, random: options.random, logger, pollMs: options.pollMs })

  function releaseHeldIfConfigured(): number {
    const url = relayUrlOf(getRecord(), siteUrl)
    return url ? outbox.releaseHeld(url, pageId) : 0
  }

  function submit(formInput: EstimateFormInput, context: SubmitContext = {}): SubmitResult {
    const record = getRecord()
    const parsed = parseEstimateForm(formInput, contactFormServices(record), langOf(record.labels.formLabel))
    if (!parsed.ok) return parsed

    if (readEstimateForm(formInput).honeypot.trim() !== '') {
      logger.info('honeypot filled; lead dropped with a fake success', { clientIp: context.clientIp })
      return { ok: true, id: randomUUID() } // indistinguishable from a real success, so bots learn nothing
    }

    const relayUrl = relayUrlOf(record, siteUrl)
    const { row, created } = store.insertLead({
      pageId,
      lead: parsed.lead,
      relayBody: buildRelayBody(parsed.lead, record, siteUrl),
      relayUrl,
      now: now(),
      idempotencyKey: context.idempotencyKey,
      clientIp: context.clientIp,
      userAgent: context.userAgent,
    })
    if (row.state === 'held') {
      if (created) logger.warn('lead stored but held: the page record has no linkPostEmail', { id: row.id })
    } else {
      releaseHeldIfConfigured() // the relay URL may have appeared since earlier leads were held
      outbox.poke()
    }
    return { ok: true, id: row.id }
  }

  releaseHeldIfConfigured()
  if (options.startOutbox !== false) outbox.start()

  return {
    submit,
    releaseHeldIfConfigured,
    outbox,
    store,
    async close() {
      await outbox.stop()
      store.close()
    },
  }
}
