import { data } from 'react-router'
import type { AppLoadContext } from 'react-router'
import { readEstimateForm, type EstimateFieldErrors, type EstimateFormResult, type EstimateFormValues } from '#app/forms/estimate-form.ts'
import { formStringsFor } from '#app/forms/form-strings.ts'
import { currentRecord } from '#app/record/current-record.server.ts'
import { log } from '../observability/log.js'

/**
 * POST /contact: refuses posts over the rate limit, then hands the lead to the site's lead service.
 * Its answers are the form's result type (`EstimateFormResult`, which the form reads), so every
 * refusal has the same shape: a message, field messages and the entries to put back.
 */
export async function contactAction(request: Request, context: AppLoadContext) {
  // Only the gate's contact guards (server/gate/) open the way here, whatever method or spelling came in.
  if (!context.contact) return refusal(403, (await answersOf(context)).crossOrigin)
  const { stored, answer } = await handle(request, context)
  // The limit counts posts that stored a lead; one refused (over the limit included) is counted apart.
  await context.contact.settle(stored)
  return answer
}

const answersOf = async (context: AppLoadContext) => formStringsFor((await currentRecord(context)).labels.formLabel).answers

const refusal = (status: number, message: string, values: EstimateFormValues | null = null, fieldErrors: EstimateFieldErrors = {}) =>
  data<EstimateFormResult>({ ok: false, message, fieldErrors, values }, { status })

async function handle(request: Request, context: AppLoadContext) {
  const text = await answersOf(context)
  const refuse = (...args: Parameters<typeof refusal>) => ({ stored: false, answer: refusal(...args) })
  if (context.contact!.rateLimited) return refuse(429, text.tooMany)
  // Anything but a form (JSON, plain text, a broken multipart body) is refused as such, never a server error.
  const form = await request.formData().catch(() => null)
  if (!form) return refuse(415, text.unreadable)

  const place = form.get('place')
  const client = { clientIp: context.clientIp, userAgent: request.headers.get('user-agent') ?? undefined }
  // Where this visitor's day began, as the results counted it from their own beacon (no cookie, nothing from the
  // cached page): kept on the lead they chose to send, for the contractor and the CRM. Unknown when it cannot be read.
  const arrival = await context.services.results.arrival(client).catch(() => null)
  const submission = {
    idempotencyKey: stringField(form, 'submissionId'),
    form: typeof place === 'string' ? place : undefined,
    arrival,
  }
  const result = await context.services.leads.submit(form, submission).catch((e: unknown) => {
    log.error(
      { event: 'lead.not-stored', site: context.services.id, error: String(e) },
      'a lead could not be stored; the visitor was asked to try again',
    )
    return null
  })
  // Nothing was stored, so nothing is promised: the visitor's input goes back into the form.
  if (!result) return refuse(503, text.unavailable, readEstimateForm(form).values)
  if (result.ok) {
    // What the site brought in: a new estimate request, by where its form was (the form's hidden `place`).
    if (result.created) {
      context.services.results
        .recordLead(submission.form, client)
        .catch((e: unknown) =>
          log.warn({ event: 'results.not-counted', site: context.services.id, error: String(e) }, 'a lead was not counted'),
        )
    }
    // A repeat of a stored lead (the same submission id) stored nothing new: it does not count again.
    return { stored: result.created, answer: { ok: true, message: text.sent } satisfies EstimateFormResult }
  }
  return refuse(400, text.invalid, result.values, result.fieldErrors)
}

function stringField(form: FormData, name: string): string | undefined {
  const value = form.get(name)
  return typeof value === 'string' && /^[\w-]{8,64}$/.test(value) ? value : undefined
}
