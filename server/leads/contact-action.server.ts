import { data } from 'react-router'
import type { AppLoadContext } from 'react-router'
import { readEstimateForm, type ContactFormResult } from '#app/forms/estimate-form.ts'
import type { PageRecord } from '#app/record/schema.ts'

const messages = {
  en: {
    sent: 'Thank you! Your request was sent. We will contact you shortly.',
    invalid: 'Please correct the highlighted fields.',
    tooMany: 'Too many requests from your connection. Please wait a few minutes and try again, or call us.',
    unavailable: 'Sorry, we could not save your request just now. Your details are still in the form: please try again in a minute, or call us.',
    crossOrigin: 'This form can only be sent from this website. Please open the page again and send it from there.',
  },
  es: {
    sent: '¡Gracias! Su solicitud fue enviada. Nos pondremos en contacto pronto.',
    invalid: 'Por favor corrija los campos marcados.',
    tooMany: 'Demasiadas solicitudes desde su conexión. Espere unos minutos e intente de nuevo, o llámenos.',
    unavailable: 'No pudimos guardar su solicitud en este momento. Sus datos siguen en el formulario: intente de nuevo en un minuto, o llámenos.',
    crossOrigin: 'Este formulario solo se puede enviar desde este sitio web. Abra la página de nuevo y envíelo desde allí.',
  },
}

/** The contact form's messages in the record's language. */
export const contactMessages = (record: PageRecord) => messages[record.labels.formLabel.isenglish ? 'en' : 'es']

/** POST /contact: refuses posts over the rate limit, then hands the lead to the site's lead service. */
export async function contactAction(request: Request, context: AppLoadContext) {
  const text = contactMessages(context.services.records.current().record)
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
