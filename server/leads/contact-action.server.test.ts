import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { AppLoadContext } from 'react-router'
import type { PageRecord } from '#app/record/schema.ts'
import { openStorage } from '#server/storage/storage.server.ts'
import type { Storage } from '#server/storage/storage-contract.server.ts'
import { contactAction } from './contact-action.server.ts'
import { createLeadService, type LeadService } from './lead-service.server.ts'
import { captureLogger, tempDir, testRecord, validForm } from '#tests/lead-fixtures.ts'
import { log } from '#server/observability/log.js'

/** POST /contact's answers, as the form receives them: the contract seen from the browser's side. */

let tmp: ReturnType<typeof tempDir>
let storage: Storage
let leads: LeadService
let record: PageRecord

beforeEach(async () => {
  tmp = tempDir()
  storage = await openStorage({ dataDir: tmp.dir, defaultSite: 'page-1' })
  record = testRecord()
  leads = createLeadService({
    store: storage.leads,
    pageId: 'page-1',
    getRecord: () => record,
    logger: captureLogger().logger,
    startOutbox: false,
  })
})
afterEach(async () => {
  await leads.close()
  await storage.close().catch(() => {}) // one test closes it early on purpose
  tmp.remove()
})

/** Estimate requests counted for the results report, by the form's place. */
let counted: (string | undefined)[] = []
/** What each post told the rate limit it came to (stored a lead, or not). */
let settled: boolean[] = []
beforeEach(() => {
  counted = []
  settled = []
})

/** Posts `fields` to the action for the site showing `record`; answers { status, body }. */
async function post(fields: Record<string, string | string[]>, { rateLimited = false, guarded = true } = {}) {
  const body = new URLSearchParams()
  for (const [name, value] of Object.entries(fields)) for (const one of [value].flat()) body.append(name, one)
  const request = new Request('http://site.test/contact', { method: 'POST', body })
  // Only what the action reads; the rest of the context belongs to the server.
  const contact = guarded ? { rateLimited, settle: async (stored: boolean) => void settled.push(stored) } : undefined
  const arrival = { source: 'Google', utmSource: 'google', medium: 'cpc', campaign: 'fall-fences' }
  const results = { recordLead: async (place: string | undefined) => void counted.push(place), arrival: async () => arrival }
  const context = {
    snapshot: { record },
    services: { id: 'page-1', leads, results },
    clientIp: '203.0.113.9',
    contact,
  } as unknown as AppLoadContext
  const answer = await contactAction(request, context)
  return 'init' in answer ? { status: answer.init?.status ?? 200, body: answer.data } : { status: 200, body: answer }
}

describe('POST /contact answers', () => {
  test('a valid lead: "sent", and it is stored, and counted once by its form\'s place (a repeat is not)', async () => {
    expect(await post({ ...validForm, submissionId: 'form-0001', place: 'modal' })).toEqual({
      status: 200,
      body: { ok: true, message: 'Thank you! Your request was sent. We will contact you shortly.' },
    })
    expect(await storage.leads.listLeads()).toMatchObject([
      // Where the visitor's day began, as the results counted it: kept on the lead they sent (issue 45).
      { arrival: { source: 'Google', utmSource: 'google', medium: 'cpc', campaign: 'fall-fences' } },
    ])
    await post({ ...validForm, submissionId: 'form-0001', place: 'modal' })
    expect(counted).toEqual(['modal'])
  })

  test('a filled honeypot with invalid fields: the same "sent", no field messages, nothing stored', async () => {
    const bot = await post({ firstName: '', email: 'ana@', phone: '1', website: 'http://spam.example' })
    expect(bot).toEqual({ status: 200, body: { ok: true, message: 'Thank you! Your request was sent. We will contact you shortly.' } })
    expect(await storage.leads.listLeads()).toEqual([])
    expect(counted).toEqual([])
  })

  test('invalid fields: 400, a message per field, and the entries to put back', async () => {
    expect(await post({ ...validForm, email: 'ana@', service: 'Gutters' })).toEqual({
      status: 400,
      body: {
        ok: false,
        message: 'Please correct the highlighted fields.',
        fieldErrors: { email: 'Please enter a valid email address.', service: 'Please choose a service from the list.' },
        values: { ...validForm, email: 'ana@', service: 'Gutters' },
      },
    })
    expect(await storage.leads.listLeads()).toEqual([])
  })

  test('a Spanish record answers in Spanish', async () => {
    record = testRecord({ isenglish: false })
    expect(await post({ ...validForm, firstName: '' })).toMatchObject({
      status: 400,
      body: { message: 'Por favor corrija los campos marcados.', fieldErrors: { firstName: 'Ingrese su nombre.' } },
    })
    expect(await post(validForm)).toEqual({
      status: 200,
      body: { ok: true, message: '¡Gracias! Su solicitud fue enviada. Nos pondremos en contacto pronto.' },
    })
  })

  test('the rate limit is told what each post came to: a stored lead, or a refusal (counted apart)', async () => {
    expect((await post(validForm)).status).toBe(200)
    expect((await post({ ...validForm, phone: '555' })).status).toBe(400)
    expect((await post(validForm, { rateLimited: true })).status).toBe(429)
    expect(settled).toEqual([true, false, false])
  })

  test('over the rate limit: 429 with a readable message, before the form is read', async () => {
    expect(await post(validForm, { rateLimited: true })).toEqual({
      status: 429,
      body: {
        ok: false,
        message: 'Too many requests from your connection. Please wait a few minutes and try again, or call us.',
        fieldErrors: {},
        values: null,
      },
    })
    expect(await storage.leads.listLeads()).toEqual([])
  })

  test('a post the gate did not pass (no contact guards ran): 403, nothing stored', async () => {
    expect(await post(validForm, { guarded: false })).toMatchObject({
      status: 403,
      body: { ok: false, message: 'This form can only be sent from this website. Please open the page again and send it from there.' },
    })
    expect(await storage.leads.listLeads()).toEqual([])
  })

  test('storage unreachable: 503, and what the visitor typed goes back into the form', async () => {
    await storage.close()
    const logged = vi.spyOn(log, 'error').mockImplementation(() => {})
    expect(await post({ ...validForm, message: 'Back yard' })).toEqual({
      status: 503,
      body: {
        ok: false,
        message:
          'Sorry, we could not save your request just now. Your details are still in the form: please try again in a minute, or call us.',
        fieldErrors: {},
        values: { ...validForm, message: 'Back yard' },
      },
    })
    expect(logged).toHaveBeenCalledWith(
      { event: 'lead.not-stored', site: 'page-1', error: expect.stringContaining('not open') },
      'a lead could not be stored; the visitor was asked to try again',
    )
  })

  test('the submission id is the idempotency key: a double post stores one lead', async () => {
    await post({ ...validForm, submissionId: 'form-1234' })
    await post({ ...validForm, submissionId: 'form-1234' })
    expect(await storage.leads.listLeads()).toHaveLength(1)
  })
})
