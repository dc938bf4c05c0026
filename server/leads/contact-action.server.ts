import { data } from 'react-router'
import type { AppLoadContext } from 'react-router'
import type { ContactFormResult } from '#app/forms/estimate-form.ts'
import { stringsFor } from '#app/i18n/strings.ts'
import { CSRF_FIELD, CSRF_HEADER, csrfMatches } from '../csrf.server.ts'

/** POST /contact: checks the anti-forgery token and the rate limit, then hands the lead to the lead service. */
export async function contactAction(request: Request, context: AppLoadContext) {
  const { record } = context.services.records.current()
  const text = stringsFor(record).contact
  const fail = (message: string, status: number) => data<ContactFormResult>({ ok: false, fieldErrors: {}, values: {}, message }, { status })

  if (context.rateLimited) return fail(text.tooMany, 429)
  const form = await request.formData()
  const token = request.headers.get(CSRF_HEADER) ?? form.get(CSRF_FIELD)
  if (!csrfMatches(request.headers.get('cookie'), typeof token === 'string' ? token : null)) return fail(text.forged, 403)

  const result = context.services.leads.submit(form, {
    clientIp: context.clientIp,
    userAgent: request.headers.get('user-agent') ?? undefined,
    idempotencyKey: stringField(form, 'submissionId'),
  })
  if (result.ok) return data<ContactFormResult>({ ok: true, message: text.sent })
  return data<ContactFormResult>({ ok: false, fieldErrors: result.fieldErrors as Record<string, string>, values: result.values, message: text.invalid }, { status: 400 })
}

function stringField(form: FormData, name: string): string | undefined {
  const value = form.get(name)
  return typeof value === 'string' && /^[\w-]{8,64}$/.test(value) ? value : undefined
}
