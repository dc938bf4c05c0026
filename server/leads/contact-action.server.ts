import { data } from 'react-router'
import type { AppLoadContext } from 'react-router'
import { readEstimateForm, type ContactFormResult } from '#app/forms/estimate-form.ts'
import { stringsFor } from '#app/i18n/strings.ts'

/** POST /contact: refuses posts over the rate limit, then hands the lead to the site's lead service. */
export async function contactAction(request: Request, context: AppLoadContext) {
  const text = stringsFor(context.snapshot.record).contact
  const fail = (message: string, status: number) => data<ContactFormResult>({ ok: false, fieldErrors: {}, values: {}, message }, { status })

  if (context.rateLimited) return fail(text.tooMany, 429)
  const form = await request.formData()

  const result = await context.services.leads
    .submit(form, {
      clientIp: context.clientIp,
      userAgent: request.headers.get('user-agent') ?? undefined,
      idempotencyKey: stringField(form, 'submissionId'),
    })
    .catch((e: unknown) => {
      console.error('[leads] a lead could not be stored; the visitor was asked to try again', String(e))
      return null
    })
  // Nothing was stored, so nothing is promised: the visitor's input goes back into the form.
  if (!result) return data<ContactFormResult>({ ok: false, fieldErrors: {}, values: readEstimateForm(form).values, message: text.unavailable }, { status: 503 })
  if (result.ok) return data<ContactFormResult>({ ok: true, message: text.sent })
  return data<ContactFormResult>({ ok: false, fieldErrors: result.fieldErrors as Record<string, string>, values: result.values, message: text.invalid }, { status: 400 })
}

function stringField(form: FormData, name: string): string | undefined {
  const value = form.get(name)
  return typeof value === 'string' && /^[\w-]{8,64}$/.test(value) ? value : undefined
}
